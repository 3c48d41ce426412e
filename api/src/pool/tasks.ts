// What runs in a processing thread: one function per task name, taking a structured-cloneable
// payload and returning a structured-cloneable result. `progress` posts a message back to the
// caller's onProgress. Nothing here touches the database, storage or sockets: those stay on
// the main thread, which hands the inputs over and stores the outputs.
import { readFile } from 'node:fs/promises';
import { chunkDocument, type ChunkingResult, type OcrLine } from '../processing/chunking';
import { extractChunk, type ChunkExtractionResult, type ExtractChunkOptions } from '../processing/extraction';
import { numberLines, documentText, toMarkdown } from '../processing/ocr/assemble';
import { detectLanguage } from '../processing/ocr/language';
import { textLayerWithRegions, type RegionText } from '../processing/ocr/regions';
import type { TextItem } from '../processing/ocr/layout';
import { parseTesseractTsv, type TsvPage } from '../processing/ocr/tsv';
import type { OcrPage } from '../processing/ocr/types';
import { checkPdfStreams, type PdfStreamCheck, type PdfStreamLimits } from '../processing/pdf-streams';
import type { Provenance, SourceLine } from '../processing/provenance';
import { documentSource, provenanceOfExtraction, type DocumentSource } from '../modules/extraction/provenance';
import { checkBmp, checkGif, checkJpeg, checkPngStreaming, checkTiff, type StructureCheck } from '../modules/files/formats';
import { getProvider } from '../llm';
import { runChecks, type ChecksInput, type ReviewCheck } from '../modules/review/checks';
import { composeRecord, type RecordInputs } from '../modules/review/compose';
import type { BuiltRecord } from '../modules/review/model';

export interface TaskContext {
  progress(message: unknown): void;
}

export interface ChunkTask {
  lines: OcrLine[];
  options: { strategy: string; maxChunkSize: number; overlapSize: number; windowSize?: number };
}

export type OfflineExtractTask = Omit<ExtractChunkOptions, 'provider' | 'signal' | 'onProgress'>;

export interface ProvenanceTask {
  chunk: { id: string; content: string; startLine: number };
  extractedData: unknown;
  /** the document's lines are sent once per thread: `lines` absent and not cached -> { needDocument: true } */
  document: { key: string; lines?: SourceLine[] | null };
}

// A thread keeps the last few documents' sources (and their indexes): an extraction job asks
// for provenance of every chunk of the same files.
const documents = new Map<string, DocumentSource>();
const DOCUMENTS_KEPT = 4;

function documentFor(doc: ProvenanceTask['document']): DocumentSource | null {
  let hit = documents.get(doc.key);
  if (!hit && doc.lines !== undefined) {
    hit = documentSource(doc.lines);
    documents.set(doc.key, hit);
    while (documents.size > DOCUMENTS_KEPT) documents.delete(documents.keys().next().value!);
  }
  return hit ?? null;
}

const imageChecks: Record<'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff', (b: Buffer) => StructureCheck | Promise<StructureCheck>> = {
  png: checkPngStreaming,
  jpeg: checkJpeg,
  gif: checkGif,
  bmp: checkBmp,
  tiff: checkTiff,
};

const spin = (ms: number): number => {
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x = (x + Math.sqrt(x + 1)) % 1e9;
  return x;
};

export const tasks = {
  chunk: async (p: ChunkTask, ctx: TaskContext): Promise<ChunkingResult> =>
    chunkDocument(p.lines, { ...p.options, model: null, onProgress: (e) => ctx.progress(e) }),

  'extract-offline': async (p: OfflineExtractTask): Promise<ChunkExtractionResult> =>
    extractChunk({ ...p, provider: getProvider('offline', p.model ? { model: p.model } : {}) }),

  provenance: async (p: ProvenanceTask): Promise<{ provenance: Provenance } | { needDocument: true }> => {
    const doc = documentFor(p.document);
    if (!doc) return { needDocument: true };
    return { provenance: provenanceOfExtraction(p.chunk, p.extractedData, doc) };
  },

  'ocr-text-layer': async (p: { items: TextItem[]; regions?: RegionText[] }): Promise<string[]> => textLayerWithRegions(p.items, p.regions ?? []),

  'ocr-tsv': async (p: { tsv: string; detect?: boolean }): Promise<TsvPage[]> => parseTesseractTsv(p.tsv, { detect: p.detect ?? false }),

  'ocr-language': async (p: { text: string }) => detectLanguage(p.text),

  'review-checks': async (p: ChecksInput): Promise<ReviewCheck[]> => runChecks(p),

  // a file's review record from what the main thread read (an export builds one per file)
  'review-record': async (p: RecordInputs): Promise<BuiltRecord> => composeRecord(p),

  'ocr-assemble': async (p: { pages: OcrPage[] }) => ({ text: documentText(p.pages), lines: numberLines(p.pages), markdown: toMarkdown(p.pages) }),

  'pdf-streams': async (p: { path: string; limits: PdfStreamLimits }): Promise<PdfStreamCheck> => checkPdfStreams(await readFile(p.path), p.limits),

  'image-structure': async (p: { path: string; fileType: keyof typeof imageChecks }): Promise<StructureCheck> => imageChecks[p.fileType](await readFile(p.path)),

  // For tests and benches: computing for a while, failing, and a thread that dies.
  'test-spin': async (p: { ms: number }): Promise<{ threadId: number; x: number }> => {
    const { threadId } = await import('node:worker_threads');
    return { threadId, x: spin(p.ms) };
  },
  'test-throw': async (p: { message: string }): Promise<never> => {
    throw Object.assign(new Error(p.message), { code: 'TEST_FAILURE' });
  },
  'test-crash': async (p: { message: string }): Promise<never> =>
    new Promise<never>(() => {
      // thrown outside the task's promise: the thread dies with it
      setImmediate(() => {
        throw new Error(p.message);
      });
    }),
  'test-alloc': async (p: { mb: number }): Promise<number> => {
    const keep: number[][] = [];
    for (let i = 0; i < p.mb; i++) keep.push(Array.from({ length: 131_072 }, (_, j) => j + i));
    return keep.length;
  },
} satisfies Record<string, (payload: never, ctx: TaskContext) => Promise<unknown>>;

type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskPayload<N extends TaskName> = Parameters<Tasks[N]>[0];
export type TaskResult<N extends TaskName> = Awaited<ReturnType<Tasks[N]>>;
