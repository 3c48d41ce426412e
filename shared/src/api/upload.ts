// PUT of a file to its signed upload URL with progress: success only on HTTP 200.
import { AppError, kindForStatus } from '../errors/app-error';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, rounded. */
  percent: number;
}

export interface UploadOptions {
  /** Default: the blob's type, else application/octet-stream. */
  contentType?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** ms; 0 (default) = no time-out. */
  timeoutMs?: number;
  /** Tests may inject another XMLHttpRequest. */
  createXhr?: () => XMLHttpRequest;
}

export const UPLOAD_FAILED = 'Upload failed';

/** 'Upload failed: {status text}', or 'Upload failed' when there is none. */
export function uploadFailedMessage(statusText?: string): string {
  return statusText ? `${UPLOAD_FAILED}: ${statusText}` : UPLOAD_FAILED;
}

export function uploadToSignedUrl(url: string, file: Blob, options: UploadOptions = {}): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
    const contentType = options.contentType || file.type || 'application/octet-stream';
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      xhr.abort();
      settle(() => reject(options.signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError')));
    };

    xhr.open('PUT', url, true);
    xhr.setRequestHeader('Content-Type', contentType);
    if (options.timeoutMs && options.timeoutMs > 0) xhr.timeout = options.timeoutMs;

    xhr.upload.onprogress = (event: ProgressEvent) => {
      const total = event.lengthComputable ? event.total : file.size;
      const percent = total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0;
      options.onProgress?.({ loaded: event.loaded, total, percent });
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        options.onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
        settle(resolve);
        return;
      }
      const status = xhr.status;
      settle(() =>
        reject(
          new AppError({
            kind: status >= 400 ? kindForStatus(status) : 'system',
            status,
            message: uploadFailedMessage(xhr.statusText),
            retryable: status >= 500,
          }),
        ),
      );
    };
    xhr.onerror = () => settle(() => reject(new AppError({ kind: 'network', message: UPLOAD_FAILED })));
    xhr.ontimeout = () => settle(() => reject(new AppError({ kind: 'network', message: UPLOAD_FAILED })));
    xhr.onabort = () => settle(() => reject(new DOMException('The upload was aborted.', 'AbortError')));

    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(file);
  });
}
