// The parties of a document told apart by where they stand, for when no label names them: the
// letterhead (the first name on the page) is the party that made the document, and a name
// heading an address block below it is the party the document is addressed to.
// Which schema field is which party comes from the schema, not from a word list of labels:
//  - the issuer is the name field whose description shares a distinctive word with the
//    description of the document's own date ("Date the order was placed" / "Company that placed
//    the order"; "Date the invoice was issued" / "Company that issued the invoice"), else the one
//    its name calls a vendor, seller, merchant, supplier ...;
//  - every other name field is an addressee; one is filled from the address block only when it is
//    the only one empty and the document has exactly one such block (never a guess between two);
//    without a block, from the only "Label: Name" (or "… prepared for Name") pair no field claimed
//    whose value has a name's shape and shares no word with the schema; without either, from the
//    only name standing alone on the line above labelled lines. A line naming the document
//    ("Account statement": it shares the schema's words) is never a name, and heads a block as a
//    label line does.
import type { ScalarField, SchemaModel } from './fields';
import { IDENTIFIER_WORDS, TITLE_WORDS, contentWords, isFieldLabel, keywordScore, matchLabel, nameWords, normalizeLabel } from './labels';
import { NAME_WORDS } from './pairs';
import type { FoundField } from './result';
import { isSeparatorLine, splitCells } from './table';
import { findDates, findEmails } from './values';

/** date fields that are not the document's own date (a deadline, a delivery, a period's bounds) */
const OTHER_DATE_WORDS = new Set(['due', 'delivery', 'deadline', 'expiry', 'expiration', 'requested', 'required', 'birth', 'start', 'end']);
const ISSUER_NAME_WORDS = new Set(['vendor', 'merchant', 'store', 'seller', 'supplier', 'company', 'shop', 'business', 'issuer']);
/** a line that is a label of the block below it: ends with a colon, or with a preposition ("Prepared for", "Sent to") */
const LABEL_LINE = /(?::|(?<![\p{L}])(?:to|for|of|by|from|at|attn\.?|an|für|à|pour|aan|voor|para|per|dla))$/iu;
/**
 * A block's heading that names what the block holds ("Lieferanschrift", "Customer details",
 * "Adresse de livraison"): every word of it is one of these, so it is no party's name.
 */
const HEADING_WORDS = new Set<string>([
  'address', 'addresses', 'details', 'detail', 'information', 'contact', 'delivery', 'shipping', 'billing', 'invoice', 'customer', 'client', 'supplier', 'seller', 'buyer', 'vendor', 'party', 'data',
  'anschrift', 'lieferanschrift', 'rechnungsanschrift', 'adresse', 'lieferadresse', 'angaben', 'daten', 'informationen', 'kontakt', 'lieferung', 'kunde', 'kundendaten',
  'livraison', 'facturation', 'coordonnees', 'informations', 'adres', 'afleveradres', 'gegevens', 'direccion', 'datos', 'entrega', 'indirizzo', 'dati', 'consegna', 'dane',
  // the forms of address a letter puts over its addressee's name ("Spett.le", "Firma", "Herrn", "Messrs")
  'spett', 'spettabile', 'egregio', 'gentile', 'messrs', 'firma', 'herrn', 'herr', 'frau', 'attn', 'attention', 'zhd', 'madame', 'monsieur', 'mme', 'sres', 'senores', 'dhr', 'mevr', 'szanowny', 'szanowni',
].map(normalizeLabel));
const headingLine = (text: string) => {
  const words = normalizeLabel(text).split(' ').filter(Boolean);
  return words.length > 0 && words.every((w) => HEADING_WORDS.has(w));
};
/** a distinctive word: used by few of the schema's fields (see weighKeywords) */
const DISTINCTIVE = 0.5;

/** string fields that hold a party's name (a company or a person), not its number */
export function partyFields(model: SchemaModel): ScalarField[] {
  return model.scalars.filter((f) => {
    if (f.type !== 'string' || f.format || f.enumValues) return false;
    const words = contentWords(f.path.join(' '));
    if (IDENTIFIER_WORDS.has(words[words.length - 1] ?? '')) return false;
    return words.some((w) => NAME_WORDS.includes(w));
  });
}

/** the party that made the document (see the header comment), or undefined when the schema does not say */
export function issuerField(model: SchemaModel): ScalarField | undefined {
  const parties = partyFields(model);
  const own = model.scalars.find((f) => f.format === 'date' && f.path.length === 1 && !nameWords(f.name).some((w) => OTHER_DATE_WORDS.has(w)));
  if (own) {
    let best: ScalarField | undefined;
    let bestScore = 0;
    for (const p of parties) {
      let score = 0;
      for (const [w, weight] of p.keywords) {
        const other = own.keywords.get(w);
        if (w === 'date' || other === undefined || Math.min(weight, other) < DISTINCTIVE) continue;
        score += Math.min(weight, other);
      }
      if (score > bestScore) [best, bestScore] = [p, score];
    }
    if (best) return best;
  }
  return parties.find((p) => nameWords(p.path.join(' ')).some((w) => ISSUER_NAME_WORDS.has(w)));
}

/** a cell that can be a company's or a person's name: no label, title, number, address on the web, sentence or date */
export function readsLikeName(cell: string): boolean {
  return !(
    cell.includes(':') ||
    TITLE_WORDS.has(normalizeLabel(cell)) ||
    /\d{3,}|@|www\.|https?:|[!?]$/.test(cell) ||
    // a full stop ends a sentence, not an abbreviation ("Talleres García S.L.", "Jansen & Zn.")
    (/\.$/.test(cell) && !/(?:^|[\s.])\p{L}{1,4}\.$/u.test(cell)) ||
    /^(?:page|seite|pagina|página|strona|blad|blz|pag)\.?\s*\d/i.test(cell) ||
    cell.length > 60 ||
    cell.split(' ').length > 8 ||
    !/^[A-Z0-9&"'(]/.test(cell) ||
    !/[a-z]/i.test(cell) ||
    findDates(cell).length > 0
  );
}


export interface AddresseeInput {
  lines: string[];
  model: SchemaModel;
  values: Map<ScalarField, unknown>;
  consumedLines: Set<number>;
  tableLines: Set<number>;
  found: FoundField[];
}

/**
 * The addressee's name: the first line of a block of lines (after the letterhead's block, before
 * the first table) whose next line is an address (holds a digit, no label). A block may open with
 * a label line of its own ("Deliver to:"): the name is then its second line.
 */
export function readAddressee({ lines, model, values, consumedLines, tableLines, found }: AddresseeInput): void {
  const issuer = issuerField(model);
  const empty = partyFields(model).filter((f) => f !== issuer && !values.has(f));
  if (empty.length !== 1) return;
  const evidence = found.filter((f) => f.via === 'label' || f.via === 'table' || f.via === 'layout-table' || f.via === 'item-lines').length;
  if (evidence < 2) return;
  const end = tableLines.size ? Math.min(...tableLines) : lines.length;
  const known = new Set([...values.values()].map((v) => String(v).toLowerCase()));
  const window = windowAddressee(lines, end, known);
  if (window) {
    values.set(empty[0]!, window.name);
    consumedLines.add(window.line);
    found.push({ path: empty[0]!.path.join('.'), line: window.line + 1, via: 'address-block' });
    return;
  }
  const { blocks, runs } = textBlocks(lines, end);
  // the letterhead's block: the first block with a name in it; none when the issuer was read
  // elsewhere (its label, its bank details, the footer) and that block does not name it: the page
  // opens with the addressee's window address
  const first = blocks.findIndex((b) => b.some((c) => readsLikeName(c.text)));
  if (first === -1) return;
  const issuerVia = issuer && found.find((f) => f.path === issuer.path.join('.'))?.via;
  const readElsewhere = issuerVia !== undefined && !POSITIONAL_PARTY.has(issuerVia);
  const issuerName = issuer && values.has(issuer) ? String(values.get(issuer)) : '';
  const letterhead = readElsewhere && !blocks[first]!.some((c) => sharesWord(c.text, issuerName)) ? first - 1 : first;
  // two columns on the first lines ("Orla Brennan ... WESTFIELD MUTUAL"): which one made the document is
  // known only when the issuer's name was read from one of them
  const letterheadName = blocks[letterhead]?.find((c) => readsLikeName(c.text))?.text;
  const besideUnknownLetterhead = (b: number) => letterheadName !== undefined && runs[b] === runs[letterhead] && !known.has(letterheadName.toLowerCase());
  const names: { line: number; name: string }[] = [];
  // a line naming the document ("STATEMENT OF ACCOUNT", "Account statement") shares the schema's words: it is no party's name
  const schemaWords = new Set(model.scalars.flatMap((f) => [...f.keywords.keys()]));
  const titleLine = (text: string) => TITLE_WORDS.has(normalizeLabel(text)) || (!/[\d:]/.test(text) && contentWords(text).some((w) => schemaWords.has(w)));
  const later = blocks.slice(letterhead + 1);
  // names standing alone on the line above labelled lines ("Orla Brennan" / "Account: 4471-22019")
  const alone: { line: number; name: string }[] = [];
  later.forEach((block, b) => {
    // a label line of its own heads the block: it ends with a colon or a preposition ("Prepared for"), or names the document
    let k = 0;
    while (k < block.length - 1 && !/\d/.test(block[k]!.text) && (LABEL_LINE.test(block[k]!.text) || titleLine(block[k]!.text) || headingLine(block[k]!.text))) k++;
    // (a column headed by such a line is the document's, not a second letterhead)
    if (k === 0 && besideUnknownLetterhead(letterhead + 1 + b)) return;
    const { line, text: name } = block[k]!;
    // (a field's label over its amount's line, "Nettobetrag   100,00", is no name either)
    const nameLike = readsLikeName(name) && !/\d/.test(name) && !known.has(name.toLowerCase()) && !titleLine(name) && !isFieldLabel(name, model.scalars);
    if (nameLike && NAME_SHAPE.test(name) && block[k + 1] && splitCells(lines[block[k + 1]!.line]!).length <= 2 && isLabelled(block[k + 1]!.text)) alone.push({ line, name });
    // the address: the line under the name (or under a contact person's name there: "Helga
    // Musterfrau" / "Rabattstr. 25"), or the next block's first line when OCR split them
    const person = block[k + 1] && block[k + 2] && !/\d/.test(block[k + 1]!.text) && (NAME_SHAPE.test(block[k + 1]!.text) || ATTENTION.test(block[k + 1]!.text)) ? 1 : 0;
    const address = block[k + 1 + person] ?? (k >= 1 && later[b + 1] ? later[b + 1]![0] : undefined);
    if (address === undefined || block.slice(k).some((c) => c.text.includes(':') && !ATTENTION.test(c.text))) return;
    // (a line the letterhead was read from may hold the addressee in its right-hand column: known values are skipped instead)
    if (!nameLike || !/\d/.test(address.text) || address.text.includes(':')) return;
    names.push({ line, name });
  });
  const byShape = names.length ? [] : namedPairs(lines, end, model, known);
  const byLine = names.length || byShape.length ? [] : alone;
  const chosen = names.length === 1 ? names[0]! : byShape.length === 1 ? byShape[0]! : byLine.length === 1 ? byLine[0]! : null;
  if (!chosen) return;
  values.set(empty[0]!, chosen.name);
  consumedLines.add(chosen.line);
  found.push({ path: empty[0]!.path.join('.'), line: chosen.line + 1, via: names.length ? 'address-block' : 'name-shape' });
}

/**
 * A letter for a window envelope prints the sender's return address on one line, its parts set
 * apart by dots ("Kraxi GmbH · Flugzeugallee 17 · 12345 Papierfeld", or dashes as OCR reads them);
 * the addressee's name is the first name under it (a web address or a phone beside it is not).
 */
function windowAddressee(lines: string[], end: number, known: Set<string>): { line: number; name: string } | undefined {
  const i = lines.slice(0, Math.min(end, 30)).findIndex(isReturnAddress);
  if (i === -1) return undefined;
  for (let j = i + 1; j < Math.min(end, i + 4); j++) {
    const cell = splitCells(lines[j]!)[0]?.text;
    // (a form of address over the name, "Herrn" / "Firma", is none)
    if (cell && readsLikeName(cell) && !/\d/.test(cell) && !known.has(cell.toLowerCase()) && !headingLine(cell)) return { line: j, name: cell };
  }
  return undefined;
}

/** a postcode and the place after it ("12345 Papierfeld", "D-12345 Papierfeld", "F-75001 Paris") */
const POSTCODE_PLACE = /^(?:[A-Z]{1,2}-)?\d{4,5}\s+\p{Lu}\p{Ll}/u;

/**
 * A return-address line: the sender's name, street and place on one line, set apart by dots
 * ("Kraxi GmbH · Flugzeugallee 17 · 12345 Papierfeld"), or by commas, bars, slashes or dashes
 * when one of its parts is a postcode and its place and its first part a name without digits
 * ("Kraxi GmbH, Flugzeugallee 17, 12345 Papierfeld"; a letterhead's own address line starts with
 * its street). OCR of a scan reads the dots as dashes, bars or a small "e" or "o": those count
 * beside a postcode.
 */
function isReturnAddress(line: string): boolean {
  const text = splitCells(line)[0]?.text ?? '';
  if ((line.match(/\s[·•●]\s/g) ?? []).length >= 2 && /\d/.test(line)) return true;
  if ((line.match(/\s[-–|eo]\s/g) ?? []).length >= 2 && /(?<![\d-])\d{4,5}\s+\p{Lu}\p{Ll}/u.test(line)) return true;
  const parts = text.split(/\s*[,|/]\s+|\s+[-–]\s+/).map((p) => p.trim()).filter(Boolean);
  return parts.length >= 3 && parts.length <= 6 && !/\d/.test(parts[0]!) && readsLikeName(parts[0]!) && parts.slice(1).some((p) => POSTCODE_PLACE.test(p)) && parts.slice(1, -1).some((p) => /\p{L}{3,}.*\d/u.test(p));
}

/** "Account: 4471-22019", "Account no   4471-22019": a label and its value */
function isLabelled(text: string): boolean {
  return /^[A-Za-z][^:]{0,30}:\s*\S/.test(text) || /^[A-Za-z][A-Za-z .'/-]{0,30}\s{2,}\S*\d/.test(text);
}

/** a line for whose attention a letter is, or the department ("z. Hd. Herrn Max Mustermann", "Attn: Accounts Payable", "Abteilung Einkauf") */
const ATTENTION = /^(?:z\.\s?H(?:d|än)\.?|zu\s+H[äa]nden|c\/o|attn\b|attention\b|à\s+l'attention|abteilung\b|abt\.|department\b|dept\b)/i;

/** a person's or a company's name: two to five capitalised words, no digits */
const NAME_SHAPE = /^\p{Lu}[\p{L}'.-]+(?: (?:\p{Lu}[\p{L}'.&-]*|&|of|and|de|van|von)){1,4}$/u;

/** a text that is the label of one of the schema's fields ("Invoice Number", "Total") */
export function claimedLabel(model: SchemaModel, text: string): boolean {
  return model.scalars.some((f) => matchLabel(text, f.labels) >= 0.6 || keywordScore(text, f.keywords) >= 0.6);
}

/**
 * "Label: Name" pairs no field claimed whose value has a name's shape and shares no word with the
 * schema (so "Current Account" is not a name): the addressee when the document has exactly one.
 */
function namedPairs(lines: string[], end: number, model: SchemaModel, known: Set<string>): { line: number; name: string }[] {
  const schemaWords = new Set(model.scalars.flatMap((f) => [...f.keywords.keys()]));
  const out: { line: number; name: string }[] = [];
  for (let li = 0; li < end; li++) {
    const cells = splitCells(lines[li]!);
    cells.forEach((cell, ci) => {
      const colon = /^([^:]{2,30}):\s*(.+)$/.exec(cell.text);
      const next = cells[ci + 1];
      // "Statement prepared for Orla Brennan": a preposition ends the label, whatever its other words
      const prep = /^([A-Za-z][A-Za-z ]{0,30}\b(?:for|to))\s+(\p{Lu}.*)$/u.exec(cell.text);
      const pair = colon ? [colon[1]!, colon[2]!] : /^[A-Za-z][A-Za-z .'/-]{1,30}:$/.test(cell.text) && next ? [cell.text.slice(0, -1), next.text] : prep ? [prep[1]!, prep[2]!] : null;
      if (!pair) return;
      const [label, value] = pair as [string, string];
      if (/\d/.test(label) || (!prep && claimedLabel(model, label)) || !NAME_SHAPE.test(value.trim()) || known.has(value.trim().toLowerCase())) return;
      if (contentWords(value).some((w) => schemaWords.has(w))) return;
      out.push({ line: li, name: value.trim() });
    });
  }
  return out;
}

interface BlockLine {
  line: number;
  text: string;
}

/**
 * Runs of consecutive lines above the first table, each a block; a run set in two columns (the
 * letterhead at the left, the addressee at the right, or the other way round) gives one block per
 * column, left first. A line of more than two cells is not part of an address block.
 */
function textBlocks(lines: string[], end: number): { blocks: BlockLine[][]; runs: number[] } {
  // (a line of a scan's bars alone, "|      |", has no cell: it is blank)
  const blank = (i: number) => !lines[i]!.trim() || isSeparatorLine(lines[i]!) || splitCells(lines[i]!).length === 0;
  const runs: number[][] = [];
  // a letterhead's contact lines end its block: a name under them heads the next one ("www.kraxi.com"
  // / "Papierflieger-Vertriebs-GmbH", where no blank line sets the window address apart)
  const contact = (i: number) => /^(?:tel|fax|phone|fon|mobil|e-?mail|web|www\.|https?:)|@|www\./i.test(lines[i]!.trim());
  const opensBlock = (i: number) => contact(i - 1) && !contact(i) && splitCells(lines[i]!).length === 1 && readsLikeName(lines[i]!.trim()) && !/\d/.test(lines[i]!);
  for (let i = 0; i < end; i++) {
    if (blank(i)) continue;
    if (i === 0 || blank(i - 1) || !runs.length || opensBlock(i)) runs.push([]);
    runs[runs.length - 1]!.push(i);
  }
  const blocks: BlockLine[][] = [];
  /** the run each block comes from: the two columns of one run share it */
  const runOf: number[] = [];
  runs.forEach((run, r) => {
    const cells = run.map((i) => splitCells(lines[i]!));
    if (cells.some((c) => c.length > 2)) {
      blocks.push([]);
      runOf.push(r);
      return;
    }
    const split = Math.min(...cells.filter((c) => c.length === 2).map((c) => c[1]!.start));
    if (!Number.isFinite(split)) {
      blocks.push(run.map((line, j) => ({ line, text: cells[j]![0]!.text })));
      runOf.push(r);
      return;
    }
    const left: BlockLine[] = [];
    const right: BlockLine[] = [];
    run.forEach((line, j) => {
      for (const c of cells[j]!) (c.start >= split - 2 ? right : left).push({ line, text: c.text });
    });
    blocks.push(left, right);
    runOf.push(r, r);
  });
  const kept = blocks.map((b, i) => i).filter((i) => blocks[i]!.length);
  return { blocks: kept.map((i) => blocks[i]!), runs: kept.map((i) => runOf[i]!) };
}

/** words many companies' names share: legal forms and joining words */
const COMMON_NAME_WORDS = new Set(['gmbh', 'ohg', 'gbr', 'ltd', 'inc', 'llc', 'plc', 'corp', 'company', 'limited', 'sdn', 'bhd', 'pty', 'pte', 'sarl', 'sas', 'srl', 'spa', 'und', 'and', 'the', 'et', 'en', 'cie']);

/** two names share a word of three letters or more that is no legal form ("KRAXI" and "Kraxi GmbH") */
export function sharesWord(a: string, b: string): boolean {
  const words = (s: string) => new Set(s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').split(/[^\p{L}\d]+/u).filter((w) => w.length >= 3 && !COMMON_NAME_WORDS.has(w)));
  const wb = words(b);
  return [...words(a)].some((w) => wb.has(w));
}

/** how the parties were told apart when no label named them */
const POSITIONAL_PARTY: ReadonlySet<FoundField['via']> = new Set(['first-line', 'letterhead', 'address-block', 'name-shape']);

/** the names a document's e-mail and web addresses are registered for ("info@cronus.com" -> "cronus") */
function domainNames(text: string): Set<string> {
  const hosts = [...findEmails(text).map((e) => e.split('@')[1]!), ...[...text.matchAll(/\b(?:https?:\/\/)?(?:www\.)([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)].map((m) => m[1]!)];
  return new Set(hosts.map((h) => h.toLowerCase().split('.').slice(-2)[0]!).filter((n) => n.length >= 3));
}

/** a name is a domain's when one of its words, or all of them run together, is the domain's name */
function ownsDomain(name: string, domains: Set<string>): boolean {
  const words = name.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').split(/[^a-z0-9]+/).filter((w) => w.length >= 3);
  return words.some((w) => domains.has(w)) || domains.has(words.join(''));
}

/**
 * The issuer is the party the document's e-mail and web addresses belong to: when the issuer and
 * the addressee were both told by where they stand and only the addressee's name is the domain's
 * ("Adatum Corporation" at the left, "CRONUS DE" at the right, "info@cronus.com" in the footer),
 * the two are swapped.
 */
export function issuerByDomain(text: string, model: SchemaModel, values: Map<ScalarField, unknown>, found: FoundField[]): void {
  const issuer = issuerField(model);
  if (!issuer || !values.has(issuer)) return;
  const via = (f: ScalarField) => found.find((x) => x.path === f.path.join('.'))?.via;
  if (!POSITIONAL_PARTY.has(via(issuer)!)) return;
  const domains = domainNames(text);
  const other = partyFields(model).find((f) => f !== issuer && values.has(f) && POSITIONAL_PARTY.has(via(f)!));
  if (!other) {
    besideOnItsLine(text, model, values, found, issuer, domains);
    return;
  }
  const [a, b] = [String(values.get(issuer)), String(values.get(other))];
  if (ownsDomain(a, domains) || !ownsDomain(b, domains)) return;
  values.set(issuer, b);
  values.set(other, a);
  const fi = found.find((x) => x.path === issuer.path.join('.'))!;
  const fo = found.find((x) => x.path === other.path.join('.'))!;
  [fi.line, fo.line] = [fo.line, fi.line];
}

/**
 * The issuer told by where it stands, printed on one line with another name ("Adatum Corporation
 * CRONUS DE", the addressee's block beside the sender's, which a picture between them kept from
 * being read as two blocks): when only the other name is the domain's, that one is the issuer, and
 * the first the addressee, where the schema has one and it is empty.
 */
function besideOnItsLine(text: string, model: SchemaModel, values: Map<ScalarField, unknown>, found: FoundField[], issuer: ScalarField, domains: Set<string>): void {
  const fi = found.find((x) => x.path === issuer.path.join('.'));
  const line = fi ? text.split(/\r?\n/)[fi.line - 1] : undefined;
  const chosen = String(values.get(issuer));
  const cells = line ? splitCells(line).map((c) => c.text) : [];
  if (cells.length !== 2 || !cells.includes(chosen) || ownsDomain(chosen, domains)) return;
  const beside = cells.find((c) => c !== chosen)!;
  if (!ownsDomain(beside, domains) || /\d/.test(beside)) return;
  values.set(issuer, beside);
  const addressee = partyFields(model).find((f) => f !== issuer && !values.has(f));
  if (addressee) {
    values.set(addressee, chosen);
    found.push({ path: addressee.path.join('.'), line: fi!.line, via: 'address-block' });
  }
}

