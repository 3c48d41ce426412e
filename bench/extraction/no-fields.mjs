// Documents without the asked-for fields: the project's own manuals (the ZUGFeRD developer
// guides from ../shared/corpus/mustangproject, when present: text-layer PDFs of 17 and 36
// pages) and the letters of sources/letters.mjs. Each is read as an upload is (runOcr), chunked
// as an upload is (chunkDocument, the default strategy without a model) and every chunk is
// extracted with each corpus schema (an invoice, a receipt, an e-invoice); the chunks' answers
// are merged as the review record merges them. The truth is empty: every header value given is
// an invented one, every row an invented row.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPdf } from './common.mjs';
import { CACHE_DIR } from './ocr.mjs';
import { LETTERS } from './sources/letters.mjs';
import { chunkDocument } from '../../api/src/processing/chunking/index.ts';
import { runOcr } from '../../api/src/processing/ocr/index.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
// ../shared/corpus beside the repository (QUARRY_CORPUS_DIR elsewhere); skipped when absent
const MANUALS_DIR = join(process.env.QUARRY_CORPUS_DIR ?? join(HERE, '..', '..', '..', 'shared', 'corpus'), 'mustangproject');
const MANUALS = ['doc_ZugferdDev.en.pdf', 'doc_ZugferdDev.de.pdf'];

/** [{ id, kind, pdf }] — the manuals that are present, then the letters */
export async function noFieldDocuments() {
  const docs = [];
  for (const name of MANUALS) {
    const path = join(MANUALS_DIR, name);
    if (existsSync(path)) docs.push({ id: `manual:${name}`, kind: 'manual', pdf: await readFile(path) });
  }
  for (const l of LETTERS) docs.push({ id: `letter:${l.name}`, kind: 'letter', pdf: Buffer.from(await renderPdf([l.lines], { title: l.name })) });
  return docs;
}

/** the chunks (type and text) of a document, as a job would extract them; cached by content */
export async function chunksOf(doc) {
  const hash = createHash('sha256').update(doc.pdf).digest('hex').slice(0, 24);
  const file = join(CACHE_DIR, `${hash}-nofields-chunks-v1.json`);
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    const r = await runOcr({ bytes: doc.pdf, mimeType: 'application/pdf', filename: `${doc.id}.pdf` }, { concurrency: 1 });
    const chunked = await chunkDocument(r.lines);
    const out = { pages: r.page_count, chunks: chunked.chunks.map((c) => ({ chunk_type: c.chunk_type, content: c.content, metadata: c.metadata ?? null })) };
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(file, JSON.stringify(out));
    return out;
  }
}

const isEmpty = (v) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** chunks' answers merged in order: first non-empty value of a field, lists concatenated (as the review record) */
export function unify(answers) {
  const out = {};
  for (const a of answers) {
    if (!a || typeof a !== 'object' || Array.isArray(a)) continue;
    for (const [k, v] of Object.entries(a)) {
      if (Array.isArray(v)) out[k] = [...(Array.isArray(out[k]) ? out[k] : []), ...v];
      else if (isEmpty(out[k]) && !isEmpty(v)) out[k] = v;
    }
  }
  return out;
}

/** the empty truth of a schema: every header field null, no rows */
export function emptyTruth(schema, rowsKey) {
  return Object.fromEntries(Object.keys(schema.properties ?? {}).map((k) => [k, k === rowsKey ? [] : null]));
}
