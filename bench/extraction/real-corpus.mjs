// The corpus of real documents (outside the repository, `../shared/corpus/` or QUARRY_CORPUS_DIR):
//  - sroie/NNN.jpg + NNN.json: receipts photographed and scanned in Malaysia, with their company,
//    date and total as the competition annotated them;
//  - mustangproject/*.pdf: the ZUGFeRD / Factur-X reference library's test PDFs; an e-invoice's
//    truth is its embedded XML, from which `real-truth.json` holds the expected values (written by
//    `node bench/extraction/real-truth.mjs`, not read from the XML at bench time). PDFs without an
//    invoice XML (broken files, blank layouts, orders, manuals) are bad input, not extraction data.
// Plus `sources/languages.mjs`: invoices and receipts GENERATED here in Dutch, Spanish, Italian and
// Polish (the corpus has none), after those countries' usual layouts.
//
// The split is fixed: a document is held out when the first byte of the SHA-256 of its family
// name is odd. A family is the file name without the folder prefix and without the variant suffix
// (PDF14, PDFA3, blanko, A3), so the variants of one invoice fall in the same half. Rule-writing
// code paths (api/src) never import this folder; `heldOutGuard` in the tests checks that the
// extractor's sources name no held-out file and read no corpus path.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = resolve(process.env.QUARRY_CORPUS_DIR ?? join(HERE, '..', '..', '..', 'shared', 'corpus'));
export const TRUTH_FILE = join(HERE, 'real-truth.json');

export function familyOf(file) {
  return file
    .replace(/^(library|validator|Mustang-CLI)_src_test_resources_/, '')
    .replace(/(PDF14|PDFA3|blankoA3|blanko|A3)?\.(pdf|jpg|json)$/i, '');
}

/** 'dev' | 'held-out', fixed by the file's family name */
export function halfOf(file) {
  return createHash('sha256').update(familyOf(file)).digest()[0] % 2 ? 'held-out' : 'dev';
}

export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'Invoice number' },
    invoice_date: { type: 'string', format: 'date', description: 'Date the invoice was issued' },
    seller_name: { type: 'string', description: 'Name of the seller who issued the invoice' },
    buyer_name: { type: 'string', description: 'Name of the buyer the invoice is addressed to' },
    currency: { type: 'string', description: 'Currency of the invoice (ISO 4217 code)' },
    subtotal: { type: 'number', description: 'Total before tax' },
    tax_amount: { type: 'number', description: 'Total tax amount' },
    total_amount: { type: 'number', description: 'Total amount due including tax' },
    line_items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', description: 'Item description' },
          quantity: { type: 'number', description: 'Quantity' },
          unit_price: { type: 'number', description: 'Unit price' },
          amount: { type: 'number', description: 'Line amount' },
        },
      },
    },
  },
};

export const RECEIPT_SCHEMA = {
  type: 'object',
  properties: {
    merchant_name: { type: 'string', description: 'Store or merchant name' },
    date: { type: 'string', format: 'date', description: 'Date of the purchase' },
    total: { type: 'number', description: 'Total paid' },
  },
};

/** SROIE prints dates day first (25/12/2018, 15-01-2019, 25.12.18, 2018-12-25, 25 DEC 2018) */
export function sroieDate(s) {
  const MON = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  const t = String(s).trim().toUpperCase();
  let m = t.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/);
  if (m) return `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  m = t.match(/^(\d{1,2})[-/. ]+(\d{1,2}|[A-Z]{3})[A-Z]*[-/., ]+(\d{2,4})$/);
  if (!m) return null;
  const month = /\d/.test(m[2]) ? Number(m[2]) : MON.indexOf(m[2]) + 1;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  if (!month || month > 12 || Number(m[1]) > 31) return null;
  return `${year}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}`;
}

/** The real documents with their truth; [] and a reason when the corpus is absent. */
export async function loadRealCorpus() {
  if (!existsSync(CORPUS_DIR)) return { docs: [], absent: `corpus not found at ${CORPUS_DIR} (set QUARRY_CORPUS_DIR)` };
  const docs = [];
  const sroieDir = join(CORPUS_DIR, 'sroie');
  if (existsSync(sroieDir)) {
    for (const f of (await readdir(sroieDir)).filter((n) => n.endsWith('.jpg')).sort()) {
      const key = JSON.parse(await readFile(join(sroieDir, f.replace(/\.jpg$/, '.json')), 'utf8'));
      docs.push({
        id: `sroie/${f}`,
        source: 'sroie',
        kind: 'receipt',
        half: halfOf(f),
        path: join(sroieDir, f),
        mimeType: 'image/jpeg',
        schema: RECEIPT_SCHEMA,
        rowsKey: 'items',
        truth: { merchant_name: key.company ?? null, date: sroieDate(key.date ?? '') , total: key.total ? Number(String(key.total).replace(/[^0-9.]/g, '')) : null },
      });
    }
  }
  const truth = existsSync(TRUTH_FILE) ? JSON.parse(await readFile(TRUTH_FILE, 'utf8')) : { documents: {} };
  for (const [file, t] of Object.entries(truth.documents)) {
    const path = join(CORPUS_DIR, 'mustangproject', file);
    if (!existsSync(path) || t.excluded) continue;
    docs.push({
      id: `mustang/${file}`,
      source: 'mustang',
      kind: 'invoice',
      half: t.half,
      path,
      mimeType: 'application/pdf',
      schema: INVOICE_SCHEMA,
      rowsKey: 'line_items',
      truth: t.truth,
    });
  }
  return { docs, excluded: Object.entries(truth.documents).filter(([, t]) => t.excluded).map(([f, t]) => ({ file: f, half: t.half, why: t.excluded })) };
}

const STOP = {
  en: ['the', 'and', 'invoice', 'total', 'date', 'of', 'to', 'for', 'amount', 'due', 'payment', 'tax', 'receipt', 'cash', 'change'],
  de: ['und', 'der', 'die', 'rechnung', 'betrag', 'datum', 'mit', 'für', 'zahlbar', 'gesamt', 'summe', 'ust', 'mwst', 'bis', 'zu'],
  fr: ['le', 'la', 'les', 'et', 'facture', 'montant', 'date', 'de', 'du', 'des', 'total', 'tva', 'pour', 'à', 'règlement'],
  nl: ['de', 'het', 'en', 'factuur', 'bedrag', 'datum', 'van', 'totaal', 'btw', 'voor', 'te', 'betalen'],
  es: ['el', 'la', 'los', 'y', 'factura', 'importe', 'fecha', 'de', 'del', 'total', 'iva', 'para'],
  it: ['il', 'la', 'e', 'fattura', 'importo', 'data', 'di', 'del', 'totale', 'iva', 'per', 'da'],
  pl: ['i', 'faktura', 'kwota', 'data', 'do', 'zapłaty', 'razem', 'vat', 'sprzedawca', 'nabywca', 'netto', 'brutto'],
};

/** the document's language from common words of its text (for per-language figures only) */
export function languageOf(text) {
  const words = String(text).toLowerCase().match(/\p{L}+/gu) ?? [];
  const counts = Object.fromEntries(Object.keys(STOP).map((l) => [l, 0]));
  for (const w of words) for (const [l, list] of Object.entries(STOP)) if (list.includes(w)) counts[l]++;
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0];
}
