#!/usr/bin/env node
// OCR quality of the DEVELOPMENT scans, measured against their own text layer:
//
//   node --import tsx bench/extraction/ocr-quality.mjs [--save <dir>] [--only <id part>]
//
// Every scanned development document is rendered and noised exactly as the extraction bench does
// (ocr.mjs `rasterise`), each page is read by `runOcr` (the product's OCR path, not cached), and
// the result is compared with the document's text layer: character error rate (Levenshtein over
// text with whitespace runs collapsed, see api/src/processing/ocr/fixtures/accuracy.ts), word
// error rate (Levenshtein over word sequences), and seconds of OCR per page. Development half
// only, on purpose: the held-out documents are never rasterised or printed here.
// --save writes each page's PNG and the document's text layer, for trying engine options by hand.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCorpus } from './corpus.mjs';
import { rasterise, scanSeed } from './ocr.mjs';
import { levenshtein, normaliseForAccuracy } from '../../api/src/processing/ocr/fixtures/accuracy.ts';
import { runOcr, shutdownOcr } from '../../api/src/processing/ocr/index.ts';

const args = process.argv.slice(2);
const arg = (name) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const save = arg('save');
const only = arg('only') ?? '';

/** Edit distance over word sequences (each word one symbol). */
function wordDistance(a, b) {
  const ids = new Map();
  const code = (w) => {
    if (!ids.has(w)) ids.set(w, ids.size + 1);
    return String.fromCodePoint(0x100 + ids.get(w));
  };
  return levenshtein(a.map(code).join(''), b.map(code).join(''));
}

const words = (text) => normaliseForAccuracy(text).split(/\s+/).filter(Boolean);

async function main() {
  const docs = (await buildCorpus({ halves: ['dev'] })).filter((d) => d.scanned && d.id.includes(only));
  if (save) await mkdir(save, { recursive: true });
  let chars = 0;
  let charErrors = 0;
  let wordCount = 0;
  let wordErrors = 0;
  let pages = 0;
  let seconds = 0;
  console.log('document               pages   CER%   WER%  s/page');
  for (const doc of docs) {
    const truth = (await runOcr({ bytes: doc.pdf, mimeType: 'application/pdf', filename: `${doc.id}.pdf` }, { concurrency: 1 })).text;
    const images = await rasterise(doc.pdf, scanSeed(doc));
    const texts = [];
    const started = performance.now();
    for (const [i, png] of images.entries()) {
      const r = await runOcr({ bytes: png, mimeType: 'image/png', filename: `${doc.id}-p${i + 1}.png` }, { concurrency: 1 });
      texts.push(r.text);
      if (save) await writeFile(join(save, `${doc.id}-p${i + 1}.png`), png);
    }
    const took = (performance.now() - started) / 1000;
    if (save) await writeFile(join(save, `${doc.id}.truth.txt`), truth);
    const read = texts.join('\n\f\n');
    const e = normaliseForAccuracy(truth);
    const ce = levenshtein(e, normaliseForAccuracy(read));
    const tw = words(truth);
    const we = wordDistance(tw, words(read));
    chars += e.length;
    charErrors += ce;
    wordCount += tw.length;
    wordErrors += we;
    pages += images.length;
    seconds += took;
    console.log(`${doc.id.padEnd(22)} ${String(images.length).padStart(5)} ${((100 * ce) / e.length).toFixed(2).padStart(6)} ${((100 * we) / tw.length).toFixed(2).padStart(6)} ${(took / images.length).toFixed(2).padStart(7)}`);
  }
  console.log(`${'all'.padEnd(22)} ${String(pages).padStart(5)} ${((100 * charErrors) / chars).toFixed(2).padStart(6)} ${((100 * wordErrors) / wordCount).toFixed(2).padStart(6)} ${(seconds / pages).toFixed(2).padStart(7)}`);
  await shutdownOcr();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
