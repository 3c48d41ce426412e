// The API thread's side of the embedded PostgreSQL: PGlite runs in a worker thread
// (pglite-thread.mjs) and this client offers drizzle the part of PGlite's interface its pglite
// driver and migrator use: query (with drizzle's row mode and its pass-through parsers), exec,
// transaction, listen, close. A query computing for a second keeps the worker busy, not the
// event loop that serves HTTP and WebSockets (measured in bench/responsiveness).
//
// One call at a time, as PGlite itself: a transaction holds the session from BEGIN to COMMIT,
// and a query outside it waits (PGlite's transaction mutex, kept here so that the worker never
// sees another caller's query inside someone's transaction). Waiting calls are taken in two
// lanes: interactive ones first, bulk work (jobs, exports: ./priority.ts) after, but never passed
// over more than BULK_PASSED_OVER times in a row.
import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError } from '../lib/errors';
import { isBulkWork } from './priority';

type Row = Record<string, unknown> | unknown[];
export interface QueryResults {
  rows: Row[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
  command?: string;
}
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** What drizzle's pglite session and the migrator call inside a transaction. */
export interface PgliteTransactionClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResults>;
  exec(sql: string): Promise<QueryResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface ErrorData {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}
type Answer = { id: number; result: unknown } | { id: number; error: ErrorData } | { notice: { channel: string; payload: string } };

/** How long a close waits for the calls queued before it (a shutdown has drained requests by then). */
const CLOSE_WAIT_MS = 10_000;

/**
 * How many interactive calls in a row may go before a waiting bulk call. Measured with the
 * responsiveness bench: a request's `select 1` then waits for the call that holds the session,
 * not for every statement two pipelines and two exports have queued.
 */
export const BULK_PASSED_OVER = 4;

/** A probe that tells a pass-through parser from one that changes the value. */
const PROBE = '2001-02-03 04:05:06+00';

/**
 * drizzle passes parsers that hand PostgreSQL's text through unchanged (dates, intervals,
 * numeric arrays stay strings): the worker applies the same pass-through for those types.
 * Functions do not cross threads, so any other parser is refused at once rather than ignored.
 */
function identityTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse(PROBE, Number(oid)) !== PROBE) throw new Error(`the embedded database's thread only passes values through (type ${oid})`);
    return Number(oid);
  });
}

function toError(data: ErrorData): Error {
  const err = new Error(data.message);
  err.name = data.name;
  Object.assign(err, data.fields);
  return err;
}

export class PgliteThreadClient {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  /** calls waiting for the session (one at a time, a transaction as one), by lane */
  private readonly interactive: (() => Promise<void>)[] = [];
  private readonly bulk: (() => Promise<void>)[] = [];
  /** the close, taken when both lanes are empty */
  private readonly last: (() => Promise<void>)[] = [];
  /** interactive calls taken in a row while bulk ones waited */
  private passedOver = 0;
  private busy = false;
  private stopped: Error | null = null;
  closed = false;
  readonly waitReady: Promise<void>;

  constructor(dataDir: string) {
    // a larger young generation: the thread parses every answer's rows into objects that die at
    // once (an export reads every file's results); fewer of them reach the old generation, whose
    // collections paused the thread (exports 16.5 -> 14 s, pipelines 33 -> 27 s in the bench)
    this.worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: { dataDir }, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    this.worker.on('message', (answer: Answer) => this.receive(answer));
    this.worker.on('error', (err) => this.stop(err));
    this.worker.on('exit', (code) => this.stop(new Error(`its thread ended (exit code ${code})`)));
    // the first call waits for PGlite's start; its failure (a damaged data directory) is the open's
    this.waitReady = this.call('exec', { sql: 'select 1' }).then(() => undefined);
  }

  private receive(answer: Answer): void {
    if ('notice' in answer) {
      for (const listener of this.listeners.get(answer.notice.channel) ?? []) listener(answer.notice.payload);
      return;
    }
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if ('error' in answer) waiting.reject(toError(answer.error));
    else waiting.resolve(answer.result);
  }

  private stop(cause: Error): void {
    if (this.stopped) return;
    this.stopped = this.closed
      ? new Error('PGlite is closed')
      : new DatabaseUnavailableError(`the embedded database stopped: ${cause.message}`);
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
  }

  private call<T>(op: string, args: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, ...args });
    });
  }

  /** Runs `work` when the session is free and its lane's turn has come. */
  private exclusive<T>(work: () => Promise<T>, lane = isBulkWork() ? this.bulk : this.interactive): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      lane.push(() => Promise.resolve().then(work).then(resolve, reject));
      this.next();
    });
  }

  private next(): void {
    if (this.busy) return;
    let run: (() => Promise<void>) | undefined;
    if (this.interactive.length > 0 && (this.bulk.length === 0 || this.passedOver < BULK_PASSED_OVER)) {
      this.passedOver = this.bulk.length > 0 ? this.passedOver + 1 : 0;
      run = this.interactive.shift();
    } else {
      this.passedOver = 0;
      run = this.bulk.shift() ?? this.last.shift();
    }
    if (!run) return;
    this.busy = true;
    void run().finally(() => {
      this.busy = false;
      this.next();
    });
  }

  private send(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<QueryResults> {
    return this.call<QueryResults>('query', { sql, params: params ?? [], rowMode: options?.rowMode ?? 'object', identityTypes: identityTypes(options?.parsers) });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResults> {
    return this.exclusive(() => this.send(sql, params, options));
  }

  exec(sql: string): Promise<QueryResults[]> {
    return this.exclusive(() => this.call<QueryResults[]>('exec', { sql }));
  }

  /** BEGIN, the callback's calls, COMMIT (ROLLBACK when it throws), as PGlite's transaction. */
  transaction<T>(callback: (tx: PgliteTransactionClient) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      await this.call('exec', { sql: 'BEGIN' });
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: PgliteTransactionClient = {
        query: async (sql, params, options) => (open(), this.send(sql, params, options)),
        exec: async (sql) => (open(), this.call<QueryResults[]>('exec', { sql })),
        rollback: async () => {
          open();
          await this.call('exec', { sql: 'ROLLBACK' });
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const [commit] = await this.call<QueryResults[]>('exec', { sql: 'COMMIT' });
          // PostgreSQL answers COMMIT of a failed transaction with ROLLBACK
          if (commit?.command === 'ROLLBACK') throw new Error('The transaction was rolled back: a statement in it failed');
        }
        return result;
      } catch (err) {
        if (!closed) {
          closed = true;
          await this.call('exec', { sql: 'ROLLBACK' });
        }
        throw err;
      }
    });
  }

  /** Calls `listener` with each NOTIFY payload on `channel`, before the answer of the query that caused it. */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => void> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.exclusive(() => this.call('listen', { channel }));
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /**
   * Closes PGlite once the calls before it are answered (its last writes reach the disk) and
   * ends the thread. A database whose thread no longer answers (a failed disk), or a call that
   * holds the session for more than CLOSE_WAIT_MS, does not hold the shutdown: the thread is
   * ended without waiting for it.
   */
  async close(answering = true): Promise<void> {
    if (this.closed) return;
    try {
      if (answering && !this.stopped) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
        await Promise.race([this.exclusive(() => this.call('close', {}), this.last), late]).finally(() => clearTimeout(timer));
      }
    } finally {
      this.closed = true;
      await this.worker.terminate();
      this.stop(new Error('closed'));
    }
  }
}
