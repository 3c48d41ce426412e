// Typed OCR failures. `message` is written for the person who uploaded the file (the job
// queue stores it as the job's error); `code` is for code.

export type OcrErrorCode =
  | 'EMPTY_INPUT' // 0 bytes
  | 'UNSUPPORTED_TYPE' // neither a PDF nor an image we can read
  | 'PDF_CORRUPT' // damaged / not a PDF / a page that cannot be read
  | 'PDF_ENCRYPTED' // needs a password
  | 'PDF_EMPTY' // 0 pages
  | 'PDF_TOO_LARGE' // more pages than allowed, or streams that expand beyond the limits
  | 'IMAGE_UNDECODABLE' // image bytes that no decoder accepts
  | 'IMAGE_TOO_LARGE'
  | 'TIMEOUT' // a page (or the PDF reader) took longer than allowed
  | 'ENGINE_UNAVAILABLE' // the requested engine is not installed / cannot start
  | 'ENGINE_FAILED' // the engine crashed or returned garbage
  | 'ABORTED'; // cancelled through the AbortSignal

export class OcrError extends Error {
  readonly code: OcrErrorCode;
  /** 1-based page the failure belongs to, when it belongs to one. */
  readonly page?: number;

  constructor(code: OcrErrorCode, message: string, options: { page?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OcrError';
    this.code = code;
    if (options.page !== undefined) this.page = options.page;
  }
}

/** Thrown when the caller's AbortSignal fires. `name` is 'AbortError' like DOM aborts. */
export class OcrAbortError extends OcrError {
  constructor(message = 'OCR was cancelled.') {
    super('ABORTED', message);
    this.name = 'AbortError';
  }
}

export const isOcrError = (err: unknown): err is OcrError => err instanceof OcrError;

export const isAbortError = (err: unknown): boolean =>
  err instanceof OcrAbortError || (err instanceof Error && err.name === 'AbortError');

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new OcrAbortError();
}
