import type { OcrEngineName } from '../types';

export interface RecognizeRequest {
  /** Image file on disk (PGM from the media worker, or the uploaded image itself). */
  path: string;
  /** Known resolution (rendered PDF pages); omitted for uploaded images (tesseract estimates). */
  dpi?: number;
  psm: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** For error messages. */
  page?: number;
  /** `-l` for this page (a re-reading in the page's detected language); default: the engine's */
  languages?: string;
}

export interface OcrEngine {
  readonly name: OcrEngineName;
  /** Returns tesseract TSV (see ../tsv.ts). */
  recognize(req: RecognizeRequest): Promise<string>;
}
