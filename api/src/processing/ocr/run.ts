// One OCR run's settings and state, shared by its steps (reader.ts: recognising a page image
// or a text layer; pdf.ts and image.ts: the two kinds of input; index.ts: runOcr, which
// starts the run, picks the step and assembles the result).
import { availableParallelism } from 'node:os';
import type { ProcessingPool } from '../../pool';
import { MediaProcess } from './media';
import type { Progress } from './progress';
import type { OcrEngineName, OcrOptions, OcrPage } from './types';

export const DEFAULT_PSM = 6;
export const DEFAULT_DPI = 300;
export const DEFAULT_MIN_TEXT_LAYER_CHARS = 20;
export const DEFAULT_PAGE_TIMEOUT_MS = 120_000;
export const DEFAULT_READ_TIMEOUT_MS = 60_000;
/** OCR_MODEL=fast+best: a page read with a mean word confidence below this is read again with best (bench/ocr/RESULTS.md) */
export const DEFAULT_REREAD_BELOW = 85;
export const MAX_RENDER_PIXELS = 40_000_000;
export const MAX_DECODE_PIXELS = 100_000_000;
/**
 * Pixels of a page image handed to tesseract (and held by the media process): a larger image
 * is scaled down to it. 16 Mpx is a 300 DPI A3 page; an A4 page at 300 DPI is 8.7 Mpx and is
 * untouched. Measured in bench/ocr (the scaled 9,990 x 9,990 test image) and api/src/pool/pool.test.ts.
 */
export const DEFAULT_MAX_PAGE_PIXELS = 16_000_000;

export const defaultOcrConcurrency = (): number => Math.max(1, Math.min(2, availableParallelism()));

/** The options with their defaults applied (and bounded). */
export interface RunSettings {
  concurrency: number;
  psm: NonNullable<OcrOptions['psm']>;
  dpi: number;
  minChars: number;
  pageTimeoutMs: number;
  readTimeoutMs: number;
  maxPagePixels: number;
  readImages: boolean;
  rereadBelow: number;
  rereadLines: boolean;
  pool: ProcessingPool | undefined;
}

export function settingsOf(options: OcrOptions): RunSettings {
  return {
    concurrency: Math.max(1, Math.min(16, Math.floor(options.concurrency ?? defaultOcrConcurrency()))),
    psm: options.psm ?? DEFAULT_PSM,
    dpi: options.dpi ?? DEFAULT_DPI,
    minChars: options.minTextLayerChars ?? DEFAULT_MIN_TEXT_LAYER_CHARS,
    pageTimeoutMs: options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS,
    readTimeoutMs: options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
    maxPagePixels: Math.max(1_000_000, options.maxPagePixels ?? DEFAULT_MAX_PAGE_PIXELS),
    readImages: options.readImages ?? true,
    rereadBelow: options.rereadBelow ?? DEFAULT_REREAD_BELOW,
    rereadLines: options.rereadLines ?? process.env.QUARRY_REREAD_LINES !== '0',
    pool: options.pool,
  };
}

export interface OcrRun {
  readonly options: OcrOptions;
  readonly settings: RunSettings;
  readonly bytes: Uint8Array;
  readonly filename: string;
  /** the run's temporary folder, removed when it ends */
  readonly tmp: string;
  /** fires on the caller's abort and on the first failure, so parallel work stops at once */
  readonly controller: AbortController;
  readonly progress: Progress;
  /** the pages read so far, in the order they were finished */
  readonly pages: OcrPage[];
  /** the first media process (a PDF's first renderer, an image's decoder) */
  media: MediaProcess | null;
  /** a PDF's further renderers (one per lane) */
  readonly extraMedia: MediaProcess[];
}

/** The run's first media process: for a PDF a warm renderer when there is one (media.ts). */
export async function startMedia(run: OcrRun, { warm = false } = {}): Promise<MediaProcess> {
  run.media = await (warm ? MediaProcess.acquire(run.controller.signal) : MediaProcess.start(run.controller.signal));
  return run.media;
}

/** Records a page as read and tells the listener. */
export function pageDone(run: OcrRun, page: OcrPage, engineName: OcrEngineName | undefined): void {
  const { progress } = run;
  run.pages.push(page);
  progress.current += 1;
  progress.textLength += page.lines.join('\n').length;
  const what =
    page.source === 'text_layer'
      ? `text layer, ${page.lines.join('\n').length} characters`
      : `recognised with ${engineName}, ${page.lines.join('\n').length} characters`;
  progress.emit('processing', page.source === 'text_layer' ? 'text_layer' : 'ocr', `Page ${page.page_number} of ${progress.total}: ${what}`, {
    page: page.page_number,
    page_source: page.source,
    engine: page.source === 'ocr' ? engineName : undefined,
  });
}
