// Provenance of stored extraction results (docs/decisions/0017-provenance-by-index-without-hints.md): computed when a result is stored
// (extraction jobs and single-chunk re-extraction, both through the extraction handler) and,
// for rows stored before provenance existed, on their first read (idempotent: only rows whose
// provenance is still null are written, so concurrent reads store the same thing once).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { chunks, extractionResults, type ExtractionResultRow } from '../../db/schema';
import { SourceIndex, computeProvenance, type Provenance, type SourceLine } from '../../processing/provenance';
import { currentOcrResult, numberLines, unsureWordsByLine } from '../ocr/service';
import type { UnsureWord } from '../../lib/unsure-words';

/** The file's current OCR lines (numbered across the document, with pages) and the words it was unsure of, or null without OCR. */
async function documentOcr(db: DbOrTx, userId: string, fileId: string): Promise<{ lines: SourceLine[]; unsure: Map<number, UnsureWord[]> } | null> {
  const ocr = await currentOcrResult(db, userId, fileId);
  return ocr ? { lines: numberLines(ocr.pages), unsure: unsureWordsByLine(ocr.pages) } : null;
}

export interface ProvenanceSource {
  chunkId: string;
  /** the chunk's content as extracted (the result's chunk_text) */
  chunkText: string;
  startLine: number;
  extractedData: unknown;
}

/** Provenance of one result. `doc` gives pages and the document-wide fallback; built lazily, once per call. */
export function provenanceOf(src: ProvenanceSource, doc: SourceLine[] | null, docIndex?: () => SourceIndex | null): Provenance {
  const pageOf = doc ? (n: number) => doc[n - 1]?.page ?? null : undefined;
  let built: SourceIndex | null | undefined;
  const document = docIndex ?? (() => (built === undefined ? (built = doc ? new SourceIndex(doc) : null) : built));
  return computeProvenance({ chunkId: src.chunkId, extractedData: src.extractedData, chunk: SourceIndex.ofChunk(src.chunkText, src.startLine, pageOf), document });
}

/** A file's OCR lines with their index, built on first use and then shared by every result of the file. */
export interface DocumentSource {
  lines: SourceLine[] | null;
  index: () => SourceIndex | null;
  /** words OCR was unsure of, by line number across the document */
  unsure: Map<number, UnsureWord[]>;
}

export function documentSource(lines: SourceLine[] | null, unsure: Map<number, UnsureWord[]> = new Map()): DocumentSource {
  let index: SourceIndex | null | undefined;
  return { lines, unsure, index: () => (index === undefined ? (index = lines ? new SourceIndex(lines) : null) : index) };
}

/** Per-file cache of document sources (one extraction job, one backfill). */
export function documentCache(db: DbOrTx, userId: string) {
  const cache = new Map<string, Promise<DocumentSource>>();
  return (fileId: string) => {
    let hit = cache.get(fileId);
    if (!hit) {
      hit = documentOcr(db, userId, fileId).then((d) => documentSource(d?.lines ?? null, d?.unsure));
      cache.set(fileId, hit);
    }
    return hit;
  };
}

/** Provenance of a freshly extracted chunk result, as the extraction handler stores it (and bench/review measures it). */
export function provenanceOfExtraction(chunk: { id: string; content: string; startLine: number }, extractedData: unknown, doc: DocumentSource): Provenance {
  return provenanceOf({ chunkId: chunk.id, chunkText: chunk.content, startLine: chunk.startLine, extractedData }, doc.lines, doc.index);
}

/** Computes and stores provenance for the rows that have none yet; returns the rows with it. */
export async function withProvenance(db: DbOrTx, userId: string, rows: ExtractionResultRow[]): Promise<ExtractionResultRow[]> {
  const missing = rows.filter((r) => r.provenance === null);
  if (missing.length === 0) return rows;
  const starts = new Map(
    (await db.select({ id: chunks.id, startLine: chunks.startLine }).from(chunks).where(inArray(chunks.id, [...new Set(missing.map((r) => r.chunkId))]))).map((c) => [c.id, c.startLine]),
  );
  const docs = documentCache(db, userId);
  const computed = new Map<string, Provenance>();
  for (const r of missing) {
    const start = starts.get(r.chunkId);
    if (start === undefined) continue; // the chunk is gone (its results go with it)
    const d = await docs(r.fileId);
    const p = provenanceOf({ chunkId: r.chunkId, chunkText: r.chunkText, startLine: start, extractedData: r.extractedData }, d.lines, d.index);
    await db.update(extractionResults).set({ provenance: p }).where(and(eq(extractionResults.id, r.id), isNull(extractionResults.provenance)));
    computed.set(r.id, p);
  }
  return rows.map((r) => (computed.has(r.id) ? { ...r, provenance: computed.get(r.id)! } : r));
}
