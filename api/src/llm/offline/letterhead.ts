// The letterhead: the name a document's issuer prints over its own address, registration number,
// phone or date. On a receipt or a scanned invoice the first text line is often something else —
// a stamp, a handwritten note, a logo OCR reads as letters ("Atop die", "EEE ee Teenie. oo") —
// so the name is found by its shape and by what stands under it, not by being first:
//  1. a name-like line that ends with a company's legal form or business ending ("… SDN BHD",
//     "… GmbH", "… Ltd", "… ENTERPRISE"), among the first lines;
//  2. the first name-like line directly above a line that holds a digit (its address, its
//     registration number, its phone) — a name standing above another name is not yet the
//     letterhead's, the one nearest the address is;
//  the higher of the two on the page wins (a customer's "… SDN BHD" may follow the letterhead);
//  without either, the caller's first-line rule decides.
// See docs/product/extraction-rules.md.
import { readsLikeName } from './parties';
import { COMPANY_ENDING, LEGAL_FORM_ALONE } from './legal-forms';
import { isSeparatorLine, splitCells } from './table';

/** How many non-blank lines from the top a letterhead is looked for in (by its company ending). */
const TOP_LINES = 10;
/** ... and a name over its address (a table's header lower down stands over numbers too). */
const ADDRESS_TOP = 6;

/**
 * A cell made of words: at least five letters and few tokens that are not words. Without a
 * company ending to vouch for it, also one word of four letters and no digit at all (an address
 * line ends in its house number: "Calle Mayor 7").
 */
function wordy(cell: string, alone: boolean): boolean {
  // a shop number ("99 SPEED MART") is part of a name, and an abbreviation ("S/B", "D.I.Y.") a word
  const tokens = cell.split(/\s+/).filter((t) => t && !/^\d{1,2}$/.test(t));
  const words = tokens.filter((t) => /^[\p{L}&'().,/-]*\p{L}{2,}[\p{L}&'().,/-]*$/u.test(t) || /^\p{L}(?:[./]\p{L})+\.?$/u.test(t));
  const letters = (cell.match(/\p{L}/gu) ?? []).length;
  if (letters < 5 || words.length * 3 < tokens.length * 2 || /\d{3,}/.test(cell)) return false;
  return !alone || (words.some((w) => (w.match(/\p{L}/gu) ?? []).length >= 4) && !/\d/.test(cell));
}

/** brackets OCR added or lost ("SHH, MOTOR { SUNGAL RENGIT )", "LAM) SiN BHD"): a damaged name is left out */
function balanced(cell: string): boolean {
  if (/[{}[\]]/.test(cell)) return false;
  let depth = 0;
  for (const c of cell) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/**
 * A cell as a name stands in it: a quotation mark or a speck OCR put before it goes ("“Y EAGLE
 * ENTERPRISE"), and so does the company's registration number after it ("AEON CO. (M) BHD
 * (126926-H)", "T.A.S Leisure Sdn Bhd (256864-F)").
 */
function nameText(cell: string): string {
  return cell
    .replace(/^[“”"‘’'`,.:;~-]+\s*/u, '')
    .replace(/\s*\((?:[A-Za-z. ]{0,12}:?\s*)?[A-Z]{0,3}\d[\d-]{4,}[A-Z]?\)$/, '')
    .trim();
}

/** the cell of a line that can be a company's name (the longest, when a line holds several) */
export function nameCell(line: string, alone = true, isLabel: (cell: string) => boolean = () => false): string | undefined {
  return splitCells(line)
    .map((c) => nameText(c.text))
    .filter((t) => readsLikeName(t) && wordy(t, alone) && balanced(t) && !isLabel(t))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * A legal form OCR read with digits for its letters, written as printed wherever a name is read:
 * Poland's "Sp. z o.o." read "Sp. z 0.0." or "sp. z o.0.".
 */
export function mendLegalForm(name: string): string {
  return name.replace(/\b(sp\.\s?z)\s?([o0])\.\s?([o0])\.?$/i, (all, sp: string, a: string, b: string) => (a === '0' || b === '0' ? `${sp} o.o.` : all));
}

/**
 * Malaysia's "Sdn Bhd" as OCR of a receipt misreads it ("SON BHD", "SDN 8HD", "SiN BHD", glued to
 * the word before: "(TAMAN DAYA)SDN") written as printed: the letters of a legal form are known.
 */
function mendedEnding(name: string): string {
  // a full stop after a long word inside a name is a speck ("UNIHAKKA INTERNATIONAL. SDN BHD")
  name = name.replace(/(\p{L}{5,})\.(?= \S)/gu, '$1');
  // "S/B" (Sendirian Berhad) with its S read as a 5 ("99 SPEED MART 5/B")
  name = name.replace(/(\s)5\/([bB])$/, (all, space: string, b: string) => `${space}${b === 'B' ? 'S' : 's'}/${b}`);
  return name.replace(/(\S?)\s*\bs[do0i]n(\.?)\s*([b8]hd)(\.?)$/i, (all, before: string, dot1: string, bhd: string, dot2: string) => {
    const upper = bhd === bhd.toUpperCase();
    return `${before}${before ? ' ' : ''}${upper ? 'SDN' : 'Sdn'}${dot1} ${upper ? 'BHD' : 'Bhd'}${dot2}`;
  });
}

export interface Letterhead {
  name: string;
  line: number;
  /** which rule found it: a company ending, or the name over its address */
  by: 'company-ending' | 'above-address';
}

/**
 * The issuer's name read from the top of the document (see the header comment), or undefined.
 * `isLabel` tells a label of the schema's fields ("Invoice Number" over its value is no name).
 */
export function letterheadName(lines: string[], { stopAt = lines.length, isLabel, taken }: { stopAt?: number; isLabel?: (cell: string) => boolean; taken?: Set<number> } = {}): Letterhead | undefined {
  const top: number[] = [];
  for (let i = 0; i < Math.min(lines.length, stopAt) && top.length < TOP_LINES; i++) {
    if (lines[i]!.trim() && !isSeparatorLine(lines[i]!)) top.push(i);
  }
  // a line a value was read from, or a row of three labels or more (over their values), is no letterhead
  const row = (i: number) => splitCells(lines[i]!).filter((c) => (c.text.match(/\p{L}/gu) ?? []).length >= 3).length >= 3;
  const name = (i: number, alone: boolean) => (taken?.has(i) || row(i) ? undefined : nameCell(lines[i]!, alone, isLabel));
  let ending: Letterhead | undefined;
  for (const i of top) {
    // (a legal form alone is looked at as printed: "C0. (M) SDN BHD" is no name of its own)
    const alone = splitCells(lines[i]!).map((c) => c.text.replace(/^c0\./i, (m) => `${m[0]}O.`)).find((t) => LEGAL_FORM_ALONE.test(t));
    let found = taken?.has(i) ? undefined : alone ?? name(i, false);
    if (found && COMPANY_ENDING.test(found)) {
      // a legal form on a line of its own ends the name on the line above ("PASARAYA BORONG PINTAR" /
      // "SDN BHD")
      const above = i > 0 && LEGAL_FORM_ALONE.test(found) ? name(i - 1, false) : undefined;
      if (above) found = `${above} ${found}`;
      ending = { name: mendedEnding(found), line: above ? i - 1 : i, by: 'company-ending' };
      break;
    }
  }
  const digit = (k: number) => /\d/.test(lines[top[k]!]!);
  const inAddress = (k: number) => {
    for (let j = k - 1; j >= 0 && top[j] === top[j + 1]! - 1; j--) if (/\d{2}/.test(lines[top[j]!]!) && /\p{L}{3,}/u.test(lines[top[j]!]!)) return true;
    return false;
  };
  // a name over its address stands in the first lines, on a line of its own without numbers
  for (let k = 0; k < Math.min(top.length - 1, ADDRESS_TOP); k++) {
    // a name under a line of the address, its street or postcode with numbers, in the same block
    // is a line of the address too ("SELANGOR DARUL EHSAN", "BANDAR BARU PERMAS JAYA," / "MASAI,JOHOR");
    // a blank line between them starts another block, and a stamp's numbers without words
    // ("A03/29") are no address
    // (the company's registration number after its name is no address: "KEDAI MAJU (JM0123456-X)")
    if (inAddress(k) || /\d/.test(nameText(lines[top[k]!]!))) continue;
    const found = name(top[k]!, true);
    // the higher of the two: a customer's "… SDN BHD" lower down is not the letterhead
    if (found && digit(k + 1) && !nameCell(lines[top[k + 1]!]!)) return ending && ending.line <= top[k]! ? ending : { name: found, line: top[k]!, by: 'above-address' };
  }
  return ending;
}

/** the register and bank details a business prints in its footer (Germany's compulsory details, France's mentions légales, a VAT number) */
const REGISTER_MARK =
  /\b(?:IBAN|BIC|SWIFT|USt-?Id(?:Nr)?|USt\.?-?ID|Steuer-?nummer|St\.?-?Nr|HRB|HRA|Amtsgericht|Registergericht|Handelsregister|Sitz|Gesch[äa]ftsf[üu]hr\w*|SIRET|SIREN|RCS|TVA|VAT|KvK|BTW|Company (?:No|Reg\w*)|Registered)\b/i;
/** a bank's name in the bank details ("Deutsche Bank AG", "Sparkasse Köln", "Crédit Agricole SA") */
const BANK = /bank|sparkasse|kasse|banque|banca|banco|cr[ée]dit|caisse|ING\b/i;

/**
 * The company a document's footer names beside its register and bank details ("Kraxi GmbH    Sitz
 * der Gesellschaft    USt-IdNr    Postbank München"): the business that issued it, wherever its
 * letterhead stands (or when it has none, and the page opens with the addressee's window
 * address). Read on the first page's last lines; one company with a legal form, not a bank, or
 * undefined.
 */
export function footerCompany(lines: string[]): { name: string; line: number } | undefined {
  const pageEnd = lines.findIndex((l) => l.trim() === '\f');
  const page = pageEnd === -1 ? lines.length : pageEnd;
  const last: number[] = [];
  for (let i = page - 1; i >= 0 && last.length < 8; i--) if (lines[i]!.trim() && !isSeparatorLine(lines[i]!)) last.push(i);
  if (!last.some((i) => REGISTER_MARK.test(lines[i]!))) return undefined;
  const names = new Map<string, number>();
  for (const i of last) {
    for (const cell of splitCells(lines[i]!)) {
      const first = nameText(cell.text.split(/\s[·•|]\s|,\s/)[0]!);
      if (readsLikeName(first) && COMPANY_ENDING.test(first) && !LEGAL_FORM_ALONE.test(first) && !BANK.test(first) && balanced(first)) names.set(first, i);
    }
  }
  const [only, ...others] = [...names];
  if (!only || others.length) return undefined;
  return { name: mendedEnding(only[0]), line: only[1] };
}
