// The extraction corpus: 3 independent sources (office: invoices + purchase orders; till:
// receipts + bank statements; einvoice: Factur-X e-invoices whose truth is their embedded
// XML), each split into a DEVELOPMENT half and a HELD-OUT half. The halves differ in label
// vocabulary, column names and order, field positions, date and number formats and
// currencies, not only in the random seed, so tuning the extractor to the development half
// does not tune it to the held-out half. The held-out half is made from its own seed, kept
// here in the bench: nothing under api/ imports this folder (run.mjs checks the extractor's
// source for held-out vocabulary before it prints any figure).
//
// A quarter of the documents (every 4th of each source and half) is also scanned: rendered,
// slightly rotated, noised and OCR'd (see ocr.mjs).
import { createHash } from 'node:crypto';
import { makeRng, renderPdf } from './common.mjs';
import { generateOffice } from './sources/office.mjs';
import { generateTill } from './sources/till.mjs';
import { generateEinvoices } from './sources/einvoice.mjs';

export const DEV_SEED = 20240301;
const HELD_OUT_SEED = 917_20461;
export const PER_SOURCE_AND_HALF = 12;

export async function buildCorpus({ halves = ['dev', 'held-out'], perSource = PER_SOURCE_AND_HALF } = {}) {
  const docs = [];
  for (const half of halves) {
    const seed = half === 'dev' ? DEV_SEED : HELD_OUT_SEED;
    const bySource = [
      generateOffice(makeRng(seed + 1), half, perSource),
      generateTill(makeRng(seed + 2), half, perSource),
      await generateEinvoices(makeRng(seed + 3), half, perSource),
    ];
    for (const list of bySource) {
      list.forEach((doc, i) => {
        doc.id = `${half === 'dev' ? 'D' : 'H'}-${doc.source}-${String(i + 1).padStart(2, '0')}`;
        doc.scanned = i % 4 === 0;
        doc.contentHash = createHash('sha256').update(JSON.stringify(doc.pages)).digest('hex').slice(0, 24);
        docs.push(doc);
      });
    }
  }
  for (const doc of docs) doc.pdf ??= await renderPdf(doc.pages, { title: doc.id });
  return docs;
}
