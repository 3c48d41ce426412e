// What the OCR benches share: PDF pages rendered to the images they read, and the character
// error rate of what was read against the truth.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { levenshtein, normaliseForAccuracy } from '../../api/src/processing/ocr/fixtures/accuracy.ts';

/** PNGs of the PDF's `pages` (1-based; any past its end left out), at 300 DPI on white. */
export async function renderPages(bytes, pages) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = createRequire(import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))('@napi-rs/canvas');
  const standardFontDataUrl = path.join(path.dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json'))), 'standard_fonts') + '/';
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 }).promise;
  const pngs = [];
  for (const p of pages.filter((n) => n <= doc.numPages)) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: 300 / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: ctx, canvas, viewport, background: '#ffffff' }).promise;
    pngs.push(canvas.toBuffer('image/png'));
  }
  return pngs;
}

/** Character error rate over all pages: edits from what was read to the truth, per character. */
export function cer(truth, read) {
  let chars = 0;
  let errors = 0;
  truth.forEach((t, i) => {
    const e = normaliseForAccuracy(t);
    chars += e.length;
    errors += levenshtein(e, normaliseForAccuracy(read[i] ?? ''));
  });
  return errors / chars;
}
