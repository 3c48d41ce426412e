// Quarry OCR engine: PDF or image bytes in, pages of numbered lines out.
//
//   const result = await runOcr({ bytes, mimeType, filename }, { concurrency, engine, signal, onProgress });
//   ...
//   await shutdownOcr(); // on process shutdown: ends the tesseract.js workers and media processes
//
// PDFs: each page's text layer is used when it has at least `minTextLayerChars` (20) non-space
// characters; other pages are rendered at 300 DPI (greyscale) and recognised. Images are
// recognised directly. Pages are recognised `concurrency` at a time. See README.md here.
//
// runOcr starts a run (run.ts), reads a PDF (pdf.ts) or an image (image.ts) with one page
// reader (reader.ts: engine, language, re-reads), then assembles the pages into the result.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentText, numberLines, toMarkdown } from './assemble';
import { detectInput, type DetectedInput } from './detect';
import { closeIdleStreams, shutdownTesseractJs } from './engines';
import { OcrAbortError, OcrError, isOcrError, throwIfAborted } from './errors';
import { readImage } from './image';
import { closeIdleMedia, type MediaProcess } from './media';
import { readPdf } from './pdf';
import { Progress } from './progress';
import { PageReader } from './reader';
import { settingsOf, type OcrRun } from './run';
import type { OcrEngineName, OcrInput, OcrOptions, OcrResult } from './types';

export * from './types';
export { OcrError, OcrAbortError, isOcrError, isAbortError, type OcrErrorCode } from './errors';
export { detectTesseractCli, tesseractJsPoolSize } from './engines';
export { detectInput, sniffImage, sniffPdf } from './detect';
export {
  DEFAULT_DPI,
  DEFAULT_MAX_PAGE_PIXELS,
  DEFAULT_MIN_TEXT_LAYER_CHARS,
  DEFAULT_PAGE_TIMEOUT_MS,
  DEFAULT_PSM,
  DEFAULT_READ_TIMEOUT_MS,
  DEFAULT_REREAD_BELOW,
  defaultOcrConcurrency,
} from './run';

/** Runs in progress, so shutdownOcr() can stop them. */
const activeRuns = new Set<{ controller: AbortController; shuttingDown: boolean }>();
const shutdownError = () => new OcrError('ENGINE_UNAVAILABLE', 'OCR was stopped because the server is shutting down.');

/**
 * Stops every run in progress (they reject with ENGINE_UNAVAILABLE; their media and tesseract
 * processes are killed) and terminates the tesseract.js worker pool. OCR can be used again
 * afterwards (a new pool is started on demand).
 */
export async function shutdownOcr(): Promise<void> {
  for (const run of activeRuns) {
    run.shuttingDown = true;
    run.controller.abort();
  }
  await Promise.all([shutdownTesseractJs(), closeIdleMedia(), closeIdleStreams()]);
}

const round = (n: number, digits = 3): number => Math.round(n * 10 ** digits) / 10 ** digits;
const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;
const stripDot = (s: string): string => s.replace(/\.+$/, '');

export async function runOcr(input: OcrInput, options: OcrOptions = {}): Promise<OcrResult> {
  const started = performance.now();
  const elapsed = () => round((performance.now() - started) / 1000);
  const outer = options.signal;
  throwIfAborted(outer);

  const settings = settingsOf(options);
  const { bytes } = input;
  const filename = input.filename || 'file';
  const detected: DetectedInput = detectInput({ bytes, mimeType: input.mimeType, filename });
  const progress = new Progress(options.onProgress, filename, bytes.length, elapsed);
  progress.emit('preparing', 'file_received', `Received ${filename} (${mb(bytes.length)})`, { percentage: 0 });

  const run: OcrRun = {
    options,
    settings,
    bytes,
    filename,
    tmp: await mkdtemp(path.join(options.workDir ?? tmpdir(), 'quarry-ocr-')),
    controller: new AbortController(),
    progress,
    pages: [],
    media: null,
    extraMedia: [],
  };
  const onOuterAbort = () => run.controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const active = { controller: run.controller, shuttingDown: false };
  activeRuns.add(active);
  const reader = new PageReader(run);

  let readWell = false;
  try {
    if (detected.kind === 'pdf') await readPdf(run, reader);
    else await readImage(run, reader, detected.format);
    readWell = true;
  } catch (err) {
    if (active.shuttingDown) throw shutdownError();
    if (outer?.aborted) throw new OcrAbortError();
    if (isOcrError(err)) throw err;
    throw new OcrError('ENGINE_FAILED', `OCR failed: ${stripDot(err instanceof Error ? err.message : String(err))}.`, { cause: err });
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
    activeRuns.delete(active);
    const m = run.media as MediaProcess | null;
    // a run that ended well leaves its renderers warm for the next document; any other is ended
    await Promise.all([...(m ? [m] : []), ...run.extraMedia].map((x) => (readWell && !active.shuttingDown ? x.park() : x.close())));
    await rm(run.tmp, { recursive: true, force: true });
  }
  if (active.shuttingDown) throw shutdownError();
  if (outer?.aborted) throw new OcrAbortError();
  return assemble(run, reader.engineName, detected.kind, elapsed);
}

/** The pages in order, as text, numbered lines and Markdown; the run's last progress event. */
async function assemble(run: OcrRun, engineName: OcrEngineName | undefined, inputKind: DetectedInput['kind'], elapsed: () => number): Promise<OcrResult> {
  const { pages, progress, settings, options } = run;
  pages.sort((a, b) => a.page_number - b.page_number);
  const assembled = settings.pool
    ? await settings.pool.run('ocr-assemble', { pages }, { ...(options.signal ? { signal: options.signal } : {}), what: 'assembling the OCR result' })
    : { text: documentText(pages), lines: numberLines(pages), markdown: toMarkdown(pages) };
  const text = assembled.text;
  const confidences = pages.map((p) => p.confidence).filter((c): c is number => c !== undefined);
  const result: OcrResult = {
    pages,
    lines: assembled.lines,
    text,
    markdown: assembled.markdown,
    text_length: text.length,
    processing_time: elapsed(),
    page_count: pages.length,
    engine: engineName ?? 'text_layer',
    input_kind: inputKind,
    ...(confidences.length > 0 ? { confidence: round(confidences.reduce((s, c) => s + c, 0) / confidences.length, 2) } : {}),
  };
  progress.textLength = text.length;
  progress.current = progress.total = pages.length;
  progress.emit('completed', 'finished', `OCR completed successfully - ${text.length} characters extracted`, {
    percentage: 100,
    event_type: 'success',
    ...(engineName ? { engine: engineName } : {}),
  });
  return result;
}
