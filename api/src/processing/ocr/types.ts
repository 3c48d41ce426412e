import type { ProcessingPool } from '../../pool';
import type { UnsureLine } from '../../lib/unsure-words';
export type OcrEngineName = 'tesseract-cli' | 'tesseract-js';
export type OcrEngineChoice = 'auto' | OcrEngineName;
/**
 * 'fast': tessdata_fast (the tesseract command's own data); 'best': tessdata_best, integer
 * (@tesseract.js-data); 'fast+best': fast, and a page read with less confidence than
 * `rereadBelow` read again with best (the reading with the higher confidence is kept).
 */
export type OcrModel = 'fast' | 'best' | 'fast+best';

export interface OcrInput {
  bytes: Uint8Array;
  /** As stored with the file; checked against the bytes (magic numbers win over the label). */
  mimeType: string;
  filename: string;
}

export interface OcrOptions {
  /** Pages recognised in parallel. Default: 2, capped by the machine's cores. */
  concurrency?: number;
  /** 'auto' (default) = the `tesseract` command when it is installed with eng, else tesseract.js. */
  engine?: OcrEngineChoice;
  /** Cancels at the next page; in-flight CLI processes are killed. Rejects with OcrAbortError. */
  signal?: AbortSignal;
  onProgress?: (event: OcrProgress) => void;
  /** Tesseract page segmentation mode. Default 6 (one uniform block: keeps table rows on one line). */
  psm?: 3 | 4 | 6 | 11;
  /** Render DPI for PDF pages without a text layer. Default 300. */
  dpi?: number;
  /** A PDF page with fewer non-space characters than this in its text layer is OCR'd. Default 20. */
  minTextLayerChars?: number;
  /** Time allowed to recognise one page. Default 120 000 ms. */
  pageTimeoutMs?: number;
  /** Time allowed to open a PDF, read one page's text layer or render it. Default 60 000 ms. */
  readTimeoutMs?: number;
  /** The tesseract command's model: 'best' (default here) or 'fast'; tesseract.js always reads its bundled model. */
  model?: OcrModel;
  /**
   * tesseract language codes joined by '+' (the CLI engine), read together on every page; or
   * 'auto': each page is read in English, its language told from the text (language.ts) among
   * the bundled ones, and a page in another language read again in it (with English beside it).
   * Default 'eng'. tesseract.js reads English only.
   */
  languages?: string;
  /**
   * A page whose mean word confidence is below this is read again with best (model 'fast+best'),
   * and has its unsure lines read again on their own (`rereadLines`). Default 85.
   */
  rereadBelow?: number;
  /**
   * On a page read with a mean confidence under `rereadBelow`, a line holding a word the tesseract
   * command was unsure of is cut out of the page and read again on its own; the surer reading is
   * kept (reread.ts). Default true (QUARRY_REREAD_LINES=0: false).
   */
  rereadLines?: boolean;
  /** Pictures on text-layer PDF pages (a letterhead, a scanned page inside a generated PDF) are read and merged with the text in reading order. Default true. */
  readImages?: boolean;
  /** Folder the run's temporary folder is made in (default the system's); a job passes its own. */
  workDir?: string;
  /** An image or rendered page above this many pixels is scaled down to it before recognition. Default 16 Mpx. */
  maxPagePixels?: number;
  /** A PDF with more pages fails with PDF_TOO_LARGE. Default: no limit. */
  maxPages?: number;
  /** Checked before a PDF is opened: how far its compressed streams may expand (default: not checked). */
  pdfStreamLimits?: { maxStreamBytes: number; maxTotalBytes: number };
  /** The processing pool: page layout, TSV parsing, stream checks and assembly run there instead of on the caller's thread. */
  pool?: ProcessingPool;
}

export type OcrPhase = 'preparing' | 'processing' | 'completed';

export interface OcrProgressDetails {
  filename: string;
  /** Size of the input in bytes ("MB downloaded" on the OCR monitor). */
  bytes_downloaded: number;
  /** The page this event is about (1-based), when it is about one. */
  page?: number;
  page_source?: PageSource;
  /** Characters recognised so far (final: length of OcrResult.text). */
  text_length: number;
  /** Seconds since runOcr started. */
  processing_time: number;
  engine?: OcrEngineName;
  page_count?: number;
}

export interface OcrProgress {
  phase: OcrPhase;
  /** file_received | document_opened | text_layer | ocr | finished */
  sub_phase: string;
  event_type: 'progress' | 'success';
  message: string;
  /** Pages finished so far; never decreases within one run. */
  current: number;
  /** Pages in the document (0 until known). */
  total: number;
  units: 'pages';
  /** 0-100 within the OCR work; 100 only on the 'completed' event. */
  percentage: number;
  details: OcrProgressDetails;
}

export type PageSource = 'text_layer' | 'ocr';

export interface OcrPage {
  /** 1-based. */
  page_number: number;
  source: PageSource;
  /** The page's lines in reading order. Blank strings mark paragraph breaks; column gaps are runs of 2+ spaces. */
  lines: string[];
  /** Mean word confidence 0-100 (OCR pages only). */
  confidence?: number;
  /**
   * OCR pages: the words tesseract read with little confidence (layout.ts UNSURE_WORD_CONF), by
   * line (1-based among `lines`); absent when there are none. The extractor leaves out a value
   * made of them rather than give a misread one.
   */
  unsure_words?: UnsureLine[];
  /** What was done to the page image before recognition (page-clean.mjs); absent when tesseract read the file as it is (TIFF, PNM). */
  cleaned?: PageCleaning;
}

export interface PageCleaning {
  /** Mean |pixel - its 3x3 median| in grey levels: about 1 for a clean render, more for a grainy or dusty scan. */
  noise: number;
  /** A 3x3 median filter was applied (noise at or above the threshold). */
  denoised: boolean;
  /** Degrees the page was straightened by (positive: its lines fell to the right); 0 when it was not. */
  skew: number;
  /**
   * A PDF page's pixels: `picture` = the one picture the page paints over all of it, at its own
   * resolution (a scanner's PDF; nothing drawn again), `render` = the page drawn at the asked DPI.
   */
  pixels?: 'picture' | 'render';
}

export interface OcrLine {
  /** 1-based, across the whole document. */
  number: number;
  /** 1-based page the line is on. */
  page: number;
  text: string;
}

export interface OcrResult {
  pages: OcrPage[];
  /** Every line of every page, numbered 1.. across the document (blank paragraph lines included). */
  lines: OcrLine[];
  /** Pages joined by PAGE_SEPARATOR ("\n\f\n"); each page is its lines joined by "\n". */
  text: string;
  markdown: string;
  text_length: number;
  /** Seconds. */
  processing_time: number;
  page_count: number;
  /** Engine used for the OCR'd pages; 'text_layer' when no page needed recognition. */
  engine: OcrEngineName | 'text_layer';
  /** What the bytes turned out to be. */
  input_kind: 'pdf' | 'image';
  /** Mean confidence over OCR'd pages (0-100), absent when no page was OCR'd. */
  confidence?: number;
}

/** Between two pages of OcrResult.text: a form feed on a line of its own. */
export const PAGE_SEPARATOR = '\n\f\n';
