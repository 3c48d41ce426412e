// Label matching of the offline extractor: a document label ("Invoice No.", "Qty",
// "Amount Due") is compared with the labels of a schema property (its name split into
// words, its description, and the synonym group its name belongs to). Matching is by
// whole normalised phrases, never by substring, so "Total Tax" is not "Total".

import {
  ALLOWANCE_WORDS, BUYER, CURRENCY, DESCRIPTION, DUE_DATE, INVOICE_NUMBER, ISSUE_DATE, LINE_AMOUNT, ORDER_NUMBER, QUANTITY, RECEIPT_NUMBER, SELLER, SUBTOTAL, TABLE_END_WORDS, TAX, TITLES, TOTAL, UNIT_PRICE,
} from './vocabulary';

const ABBREVIATIONS: Record<string, string> = {
  no: 'number', nr: 'number', nbr: 'number', num: 'number', '#': 'number', '№': 'number',
  qty: 'quantity', qnty: 'quantity', quant: 'quantity', amt: 'amount', inv: 'invoice', desc: 'description', descr: 'description',
  tel: 'phone', ph: 'phone', telephone: 'phone', dt: 'date', ref: 'reference', txn: 'transaction', trans: 'transaction',
  pmt: 'payment', addr: 'address', subtot: 'subtotal', mail: 'email', emailaddress: 'email', id: 'id', ext: 'extended',
  pcs: 'quantity', hrs: 'hours', ttl: 'total', adj: 'adjustment', vat: 'vat', gst: 'gst', po: 'po', uom: 'unit', acct: 'account', cust: 'customer',
  // "n°", "nº", "Nummer", "numéro", "número", "numero", "numer": the word for number in the languages read here
  n: 'number', nummer: 'number', numero: 'number', numer: 'number', nro: 'number',
  // "Total Includes GST", "Total (inclusive of GST)", "Total Sales (Excluding GST)": one word each
  inclusive: 'incl', including: 'incl', includes: 'incl', included: 'incl', exclusive: 'excl', excluding: 'excl', excludes: 'excl', excluded: 'excl',
};

const STOPWORDS = new Set([
  'the', 'of', 'a', 'an', 'your', 'our', 'this', 'is', 'in', 'for', 'as', 'on', 'at', 'by',
  // articles and "of" in German, French, Dutch, Spanish, Italian ("Numéro de facture", "Datum der Rechnung")
  'der', 'die', 'das', 'des', 'dem', 'de', 'du', 'la', 'le', 'les', 'l', 'd', 'van', 'het', 'el', 'los', 'las', 'del', 'il', 'di', 'della', 'dello',
]);

function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** "Invoice No." -> "invoice number"; "unitPrice" -> "unit price"; "E-mail" -> "email"; "Sub Total" -> "subtotal" */
export function normalizeLabel(text: string): string {
  const known = NORMALIZED.get(text);
  if (known !== undefined) return known;
  const out = normalize(text);
  // (a document reads the same cells against every field: each is normalised once; the memo is
  // bounded, a long document's cells do not pile up)
  if (NORMALIZED.size >= MEMO_LIMIT) NORMALIZED.clear();
  NORMALIZED.set(text, out);
  return out;
}

const MEMO_LIMIT = 20_000;
const NORMALIZED = new Map<string, string>();

function normalize(text: string): string {
  let s = text
    // "(Inclusive of GST)", "(excl. VAT)", "(inkl. MwSt.)": a qualifier that says which total this is
    // stays; other parentheses ("Amount (RM)", "(optional)") go, innermost first: an opening one
    // OCR left unclosed ("Total (GST (RM)") keeps the words after it
    .replace(/\(\s*((?:incl|inclusive|including|inkl|excl|exclusive|excluding|exkl|before|after|ohne|zzgl|hors|tax excl|tax incl)\b[^)]*)\)/gi, ' $1 ')
    .replace(/\([^()]*\)/g, ' ')
    // German's "MwSt." (Mehrwertsteuer) is one word, not camel case ("unitPrice")
    .replace(/\bMwSt\b/g, 'mwst')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_]+/g, ' ')
    .toLowerCase()
    // French "à" ending a label is "to" ("Facturé à" = "billed to"), before accents go: as "a" it
    // would be dropped with the English article, and "Facture" (the invoice's title) would read
    // "Facturé à". Inside a label it stays a dropped article: "Net à payer" is "net a payer"
    .replace(/(^|\s)à(?=[\s:]*$)/g, '$1to')
    // "Verkäufer" = "verkaufer", "Quantità" = "quantita", "nº" = "no"; letters without a decomposition (ł) stay
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    // "einschließlich" as Switzerland writes it: "einschliesslich"
    .replace(/ß/g, 'ss')
    .replace(/e-mail/g, 'email')
    .replace(/#|№/g, ' number ')
    .replace(/&/g, ' and ')
    .replace(/\bsub[\s-]+total\b/g, 'subtotal')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ');
  s = s
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w)
    .map(singular)
    .filter((w) => !STOPWORDS.has(w))
    .join(' ');
  // "number number" (e.g. "No. #") collapses
  return s.replace(/\b(\w+)( \1\b)+/g, '$1').trim();
}

/** Phrases that name the same thing on invoices and receipts (English here, the other languages in vocabulary.ts). */
const SYNONYM_GROUPS: string[][] = [
  ['invoice number', 'invoice no', 'invoice id', 'bill number', 'invoice reference', 'document number', ...INVOICE_NUMBER],
  ['receipt number', 'receipt no', 'receipt id', 'transaction id', 'transaction number', 'transaction', 'ticket number', 'check number', 'order number receipt', ...RECEIPT_NUMBER],
  ['order number', 'order no', 'order id', 'po number', 'purchase order', 'purchase order number', 'po', ...ORDER_NUMBER],
  ['date', 'invoice date', 'issue date', 'date issued', 'issued', 'dated', 'billing date', 'bill date', 'document date', 'receipt date', 'transaction date', 'purchase date', 'date of issue', 'sale date', ...ISSUE_DATE],
  ['due date', 'payment due', 'due', 'due by', 'pay by', 'payment due date', ...DUE_DATE],
  ['total', 'total amount', 'amount due', 'grand total', 'total due', 'balance due', 'total payable', 'invoice total', 'total paid', 'amount payable', 'total to pay', ...TOTAL],
  ['subtotal', 'net amount', 'net total', 'total before tax', 'total excluding tax', 'total excl tax', 'amount before tax', ...SUBTOTAL],
  ['tax', 'tax amount', 'sales tax', 'vat', 'vat amount', 'gst', 'total tax', 'tax total', ...TAX],
  ['tax rate', 'vat rate', 'tax percent', 'tax percentage'],
  ['vendor', 'vendor name', 'seller', 'seller name', 'supplier', 'supplier name', 'merchant', 'merchant name', 'store', 'store name', 'company', 'company name', 'sold by', 'issuer', 'from', 'business name', ...SELLER],
  ['customer', 'customer name', 'bill to', 'billed to', 'client', 'client name', 'buyer', 'sold to', 'invoice to', 'recipient', ...BUYER],
  ['email', 'email address', 'contact email'],
  ['phone', 'phone number', 'contact phone'],
  ['currency', 'currency code', ...CURRENCY],
  ['payment method', 'paid by', 'payment', 'tender', 'payment type', 'card type', 'method of payment'],
  ['cashier', 'served by', 'clerk', 'operator'],
  // line-item columns
  ['quantity', 'unit', 'count', 'hours', 'no of units', 'units', ...QUANTITY],
  ['unit price', 'price', 'rate', 'unit cost', 'each', 'price each', 'cost', 'unit amount', 'price per unit', ...UNIT_PRICE],
  ['amount', 'line total', 'total', 'extended price', 'extended', 'line amount', 'total price', 'extension', 'net', ...LINE_AMOUNT],
  ['description', 'item', 'product', 'service', 'detail', 'article', 'name', 'item description', 'item name', 'product name', 'particular', ...DESCRIPTION],
  ['sku', 'code', 'item code', 'part number', 'product code', 'item number', 'article number', 'product id'],
];

const GROUPS = SYNONYM_GROUPS.map((g) => g.map(normalizeLabel));

/** words that may be added to or missing from a label without changing what it names */
const GENERIC_WORDS = new Set(['name', 'number', 'amount', 'value', 'id', 'code']);

export interface Label {
  phrase: string;
  words: string[];
  weight: number;
  /** true for a label taken from the description (matched by word overlap) */
  fromDescription?: boolean;
}

/** The labels of a schema property: its name (1.0), its synonym group (0.9), its description (≤ 0.75). */
export function labelsFor(name: string, description?: string, parentName?: string): Label[] {
  const own = normalizeLabel(name);
  const labels = new Map<string, Label>();
  const add = (phrase: string, weight: number, fromDescription = false) => {
    if (!phrase) return;
    const existing = labels.get(phrase);
    if (!existing || existing.weight < weight) labels.set(phrase, { phrase, words: phrase.split(' '), weight, fromDescription });
  };
  const addWithGroups = (phrase: string, weight: number) => {
    add(phrase, weight);
    for (const group of GROUPS) if (group.includes(phrase)) for (const p of group) add(p, weight * 0.9);
    // "buyer name" is named by what names the buyer ("Sold to", "Bill to")
    const bare = phrase.split(' ').filter((w) => !GENERIC_WORDS.has(w)).join(' ');
    if (bare && bare !== phrase) for (const group of GROUPS) if (group.includes(bare)) for (const p of group) add(p, weight * 0.85);
  };
  if (parentName) {
    const parent = normalizeLabel(parentName);
    addWithGroups(`${parent} ${own}`, 1);
    // "vendor.name" is named by the vendor group itself ("Seller:", "Merchant:")
    if (GENERIC_WORDS.has(own)) addWithGroups(parent, 0.95);
    addWithGroups(own, 0.7);
  } else {
    addWithGroups(own, 1);
  }
  if (description) {
    const d = normalizeLabel(description);
    if (d && d.split(' ').length <= 8) add(d, 0.75, true);
  }
  return [...labels.values()];
}

/** a cell that is one of the fields' labels ("Nettobetrag", "Invoice Number:"), a trailing colon aside */
export function isFieldLabel(text: string, fields: readonly { labels: Label[] }[]): boolean {
  return fields.some((f) => matchLabel(text.replace(/[:\s]+$/, ''), f.labels) >= 0.85);
}

/** How well a document label names a property: 0 (not at all) to 1 (its exact name). */
export function matchLabel(documentLabel: string, labels: Label[]): number {
  let memo = MATCHED.get(labels);
  if (!memo) MATCHED.set(labels, (memo = new Map()));
  const known = memo.get(documentLabel);
  if (known !== undefined) return known;
  const out = match(documentLabel, labels);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(documentLabel, out);
  return out;
}

/** matchLabel's answers per field's labels (the labels are built once per schema) */
const MATCHED = new WeakMap<Label[], Map<string, number>>();

function match(documentLabel: string, labels: Label[]): number {
  // "Booking ref." names what "Booking No." names
  const key = normalizeLabel(documentLabel).replace(/\breference\b/g, 'number').replace(/\b(\w+)( \1\b)+/g, '$1');
  if (!key) return 0;
  const keyWords = key.split(' ');
  let best = 0;
  for (const label of labels) {
    let similarity = 0;
    if (label.fromDescription) {
      // every word of the document label appears in the description, covering most of it
      const desc = new Set(label.words);
      const hits = keyWords.filter((w) => desc.has(w)).length;
      if (hits === keyWords.length) similarity = (2 * hits) / (keyWords.length + desc.size) >= 0.66 ? 1 : 0;
    } else if (key === label.phrase) {
      similarity = 1;
    } else if (differsByGenericWord(keyWords, label.words)) {
      similarity = 0.85;
    }
    best = Math.max(best, similarity * label.weight);
  }
  return best;
}

function differsByGenericWord(a: string[], b: string[]): boolean {
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  if (longer.length !== shorter.length + 1 || shorter.length === 0) return false;
  for (let i = 0; i < longer.length; i++) {
    if (!GENERIC_WORDS.has(longer[i]!)) continue;
    const without = [...longer.slice(0, i), ...longer.slice(i + 1)];
    if (without.join(' ') === shorter.join(' ')) return true;
  }
  return false;
}

/** a crude English stemmer: "issued"/"issue", "invoiced"/"invoice", "ordered"/"order", "placed"/"place" meet */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('es')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** words that carry no meaning of their own in a label or a description */
const FILLER = new Set([...STOPWORDS, 'be', 'which', 'that', 'must', 'was', 'were', 'with', 'or', 'and', 'it', 'its', 'one', 'all', 'any', 'per', 'we', 'us', 'you', 'please', 'iso', '4217']);
/** words that say a value is an identifier, not what it identifies */
export const IDENTIFIER_WORDS = new Set(['number', 'id', 'identifier', 'reference', 'code', 'no'].map(stem));

/** the stemmed content words of a name, label or description */
export function contentWords(text: string): string[] {
  // what follows "without" / "excl." / "before" is what the thing is NOT ("Net amount, without VAT")
  const words = normalizeLabel(text).split(' ');
  const negation = words.findIndex((w) => NEGATIONS.has(w));
  return (negation === -1 ? words : words.slice(0, negation))
    .filter((w) => w && !FILLER.has(w) && !/^\d+$/.test(w))
    .map(stem);
}

/** a label that says what its amount is without ("Total (Excluding GST)", "Summe ohne MwSt.") */
export const isNegatedLabel = (text: string): boolean => normalizeLabel(text).split(' ').some((w) => NEGATIONS.has(w));

const NEGATIONS = new Set(['without', 'excluding', 'excl', 'except', 'before', 'not', 'ex', 'less', 'ohne', 'exkl', 'hors', 'zonder', 'sin', 'senza', 'bez']);

/**
 * How well a document label names a field by the words of the field's own name and
 * description (no synonym list): the weighted share of the label's words the field uses. At
 * least one word must be more than an identifier word ("number", "reference"), and a label
 * made of identifier words only names an identifier field only.
 */
export function keywordScore(documentLabel: string, keywords: Map<string, number>): number {
  const words = contentWords(documentLabel);
  if (words.length === 0 || words.length > 6) return 0;
  let hit = 0;
  let total = 0;
  let distinctive = false;
  const identifierKey = [...keywords.keys()].find((w) => IDENTIFIER_WORDS.has(w));
  for (const w of words) {
    const weight = IDENTIFIER_WORDS.has(w) ? 0.35 : 1;
    total += weight;
    // "ref", "no.", "#", "id" all say "identifier"
    const k = keywords.get(w) ?? (IDENTIFIER_WORDS.has(w) && identifierKey ? keywords.get(identifierKey) : undefined);
    if (k !== undefined) {
      hit += weight * (0.4 + 0.6 * k);
      if (!IDENTIFIER_WORDS.has(w) && k > 0.2) distinctive = true;
    }
  }
  if (!distinctive && !(words.every((w) => IDENTIFIER_WORDS.has(w)) && hit > 0)) return 0;
  return (hit / total) * 0.85;
}

/** Labels that close a line-item table ("Subtotal", "Total", "Tax", "Balance due", payment lines). */
const TABLE_END = new Set(
  [
    'subtotal', 'total', 'tax', 'vat', 'gst', 'sales tax', 'amount due', 'balance due', 'grand total', 'total due',
    'discount', 'shipping', 'cash', 'change', 'tip', 'gratuity', 'balance', 'payment', 'paid', 'tender',
    'visa', 'mastercard', 'amex', 'debit', 'credit', 'card', 'total tax', 'net total', 'amount paid', 'rounding',
    'item count', 'number item', 'total item', 'item sold', ...TABLE_END_WORDS,
    // (and every label of a total, a subtotal or a tax in the seven languages: "Enthaltene MwSt.")
    ...TOTAL, ...SUBTOTAL, ...TAX,
  ].map(normalizeLabel),
);

/** "auf 473,00 €", "on 1,250.00", "sur 100,00": the base a tax's label names after its rate */
export const TAX_BASE = /\s+(?:auf|von|on|of|sur|de|su|sobre|op|over|od)\s+[€$£]?\s*\d[\d.,' ]*[.,]\d{2}\s*(?:€|EUR|USD|GBP|CHF|PLN|zł)?\s*[=:]?\s*$/i;

/** a total's or a tax's label without its rate and the base it names ("19 % MwSt. auf 473,00" -> "mwst") */
const amountLabelKey = (text: string) => normalizeLabel(text.replace(TAX_BASE, '').replace(/\d+(?:[.,]\d+)?\s*%/g, ' ').replace(/[:\s]+$/, ''));

export function isTableEndLabel(text: string): boolean {
  const key = amountLabelKey(text);
  if (!key) return false;
  if (TABLE_END.has(key)) return true;
  const first = key.split(' ').slice(0, 2).join(' ');
  return TABLE_END.has(first) || TABLE_END.has(key.split(' ')[0]!);
}

/** a cell that is a total's or a tax's label and nothing more ("Umsatzsteuer (S)", "VAT 20%", "Razem netto"): no item's name */
export function isTotalOrTaxLabel(text: string): boolean {
  const key = amountLabelKey(text);
  return !!key && TABLE_END.has(key);
}

const ALLOWANCES = new Set(ALLOWANCE_WORDS);

/** an allowance's or a charge's line ("Abschlag Treuerabatt", "Remise : remise fidélité"): no item */
export function isAllowanceOrCharge(text: string): boolean {
  const words = normalizeLabel(text).split(' ');
  return words.length >= 2 && ALLOWANCES.has(words[0]!);
}

/** Title words that are not a vendor name when they open a document. */
export const TITLE_WORDS = new Set(
  ['invoice', 'tax invoice', 'receipt', 'sales receipt', 'bill', 'statement', 'quote', 'quotation', 'estimate', 'credit note', 'purchase order', 'order confirmation', 'thank you', 'customer copy', 'copy', 'original', 'duplicate', 'cash receipt', 'payment receipt', ...TITLES].map(normalizeLabel),
);

/** the normalised words of a property name: used to recognise vendor-, date- and currency-like fields */
export const nameWords = (name: string): string[] => normalizeLabel(name).split(' ').filter(Boolean);
