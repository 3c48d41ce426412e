// Documents the API benches send: PDFs of an exact size (uploads), invoice pages for the
// pipeline (text and scanned) and the invoice schema their extraction fills.
import { randomBytes } from 'node:crypto';
import { apiRequire } from './harness.mjs';

/** A valid 3-page PDF of exactly `bytes` bytes: `title` on each page, then a padding stream. */
export async function pdfOfSize(bytes, title) {
  const { PDFDocument, PDFName, StandardFonts } = apiRequire('pdf-lib');
  const build = async (padding) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 3; p++) doc.addPage([612, 792]).drawText(`${title}, page ${p + 1}`, { x: 72, y: 700, size: 14, font });
    doc.catalog.set(PDFName.of('BenchPadding'), doc.context.register(doc.context.stream(randomBytes(Math.max(0, padding)))));
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  };
  let padding = bytes - 3000;
  for (let i = 0; i < 6; i++) {
    const out = await build(padding);
    if (out.length === bytes) return out;
    padding += bytes - out.length;
  }
  return build(padding);
}

/** Page `n` of a text invoice (blocks for makeTextPdf): fields, a paragraph and a 12-row table. */
export const invoicePage = (n) => [
  { kind: 'paragraph', lines: [`Invoice Number: INV-${1000 + n}`, `Invoice Date: 2024-03-${String((n % 28) + 1).padStart(2, '0')}`, 'Vendor: Northwind Trading', `Total Amount: ${n * 10}.50`] },
  { kind: 'paragraph', lines: ['Goods delivered to the warehouse at 42 Harbour Street, Bristol.', 'Payment is due within 30 days of the invoice date.'] },
  { kind: 'table', rows: [['Item', 'Qty', 'Price'], ...Array.from({ length: 12 }, (_, i) => [`Part ${n}-${i + 1}`, String(i + 1), `${(i + 1) * 3}.25`])] },
];

/** Page `n` of a scanned invoice: the lines and the size renderTextImage draws them at. */
export const scanPage = (n) => [
  [`Invoice Number: SC-${n}`, 'Vendor: Contoso Supplies', `Total Amount: ${n}00.00`, '', 'Delivered by truck to the north gate.', ['Item', 'Qty', 'Price'], ['Bolts', '120', '42.00'], ['Nuts', '300', '18.50']],
  { width: 1700, fontSize: 30, margin: 150, minHeight: 2200 },
];

/** The fields of those invoices, with a description each (what the prompt shows the extractor). */
export const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'the invoice number' },
    vendor: { type: 'string', description: 'the vendor name' },
    total_amount: { type: 'number', description: 'the total amount' },
    items: { type: 'array', items: { type: 'object', properties: { item: { type: 'string' }, qty: { type: 'number' }, price: { type: 'number' } } } },
  },
};
