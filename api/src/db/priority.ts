// Which calls on the embedded database may wait. The embedded PostgreSQL has one session, so its
// calls run one at a time; a request that asks for one row must not queue behind a pipeline's or
// an export's stream of statements, or every user feels one user's large document. Work marked
// here as bulk (a job run, an export's reading) yields its turn to interactive calls (anything
// not marked: requests, live updates, health checks), never more than a few times in a row, so
// that bulk work still advances while requests keep coming (docs/processing-pool.md, "The
// embedded database"). The server database has a pool of sessions and no such queue.
import { AsyncLocalStorage } from 'node:async_hooks';

const bulk = new AsyncLocalStorage<true>();

/** Runs `work`, and every call on the database that it makes (across awaits), as bulk work. */
export function asBulkWork<T>(work: () => T): T {
  return bulk.run(true, work);
}

export function isBulkWork(): boolean {
  return bulk.getStore() === true;
}

/**
 * An async iterable whose reading runs as bulk work: a streamed answer pulls its next item from the
 * socket's drain, outside the context that created the stream, so each step is marked itself.
 */
export function bulkIterable<T>(source: AsyncIterable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const it = source[Symbol.asyncIterator]();
      return {
        next: () => asBulkWork(() => it.next()),
        return: (value?: unknown) => asBulkWork(() => it.return?.(value) ?? Promise.resolve({ done: true, value: undefined })),
      };
    },
  };
}
