import { OcrAbortError } from './errors';

/**
 * Runs `fn(i)` for i in [0, count) with at most `concurrency` in flight, in index order.
 * The first failure stops scheduling, aborts `controller` (so in-flight work is cancelled)
 * and is rethrown once every lane has stopped.
 */
export async function runLanes(count: number, concurrency: number, controller: AbortController, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  let firstError: unknown = null;
  const lane = async (): Promise<void> => {
    while (firstError === null && !controller.signal.aborted && next < count) {
      const i = next++;
      try {
        await fn(i);
      } catch (err) {
        if (firstError === null) {
          firstError = err;
          controller.abort();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  if (firstError !== null) throw firstError;
  if (controller.signal.aborted) throw new OcrAbortError();
}
