// A recognition's time limit and abort signal, shared by the tesseract engines: one answer per
// page, whichever of the result, the time limit or the abort comes first.
import { OcrError } from '../errors';
import type { RecognizeRequest } from './types';

/** The error of a page (or an image) that took longer than its time limit. */
export const timedOut = (req: RecognizeRequest): OcrError =>
  new OcrError('TIMEOUT', `${req.page ? `Page ${req.page}` : 'The image'} took longer than ${Math.round(req.timeoutMs / 1000)} s to recognise and was stopped.`, {
    ...(req.page ? { page: req.page } : {}),
  });

/**
 * Calls `on.timeout` after `req.timeoutMs` and `on.abort` when `req.signal` aborts, until the
 * returned `finish` is first called: that call runs its `fn` and ends both; later calls are
 * ignored.
 */
export function settleOnce(
  req: Pick<RecognizeRequest, 'timeoutMs' | 'signal'>,
  on: { timeout: () => void; abort: () => void },
): (fn: () => void) => void {
  let settled = false;
  const onAbort = () => on.abort();
  const timer = setTimeout(on.timeout, req.timeoutMs);
  req.signal?.addEventListener('abort', onAbort, { once: true });
  return (fn) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
    fn();
  };
}
