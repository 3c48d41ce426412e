// The processing pool: CPU-heavy steps (chunking, the offline extractor, provenance, OCR page
// layout and assembly, PDF stream checks, image structure walks, export building) run in
// worker threads (piscina) so the event loop that serves HTTP, WebSockets and the job slots
// never computes for long. Why piscina and how it is set up: docs/processing-pool.md.
//
//   const pool = acquireProcessingPool({ size, memoryMb });   // shared by everything in the process
//   const lines = await pool.run('chunk', payload, { signal, onProgress, timeoutMs });
//   pool.release();                                           // the last release destroys the threads
//
// What runs in a thread is listed in tasks.ts (one name per task). A task's own error comes
// back as a PoolTaskError with the error's name, code and message; a thread that dies (an
// uncaught error, its memory limit) fails only the task it ran with a PoolCrashError, and
// piscina starts a new thread for the next task. An aborted signal terminates the thread that
// runs the task (its computation cannot be interrupted otherwise).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { TaskName, TaskPayload, TaskResult } from './tasks';
import type { TaskReply } from './worker';

export type { TaskName, TaskPayload, TaskResult } from './tasks';

export interface PoolSettings {
  /** worker threads; default os.availableParallelism() */
  size?: number;
  /** V8 heap limit of each thread (old generation), MB; default 1024 */
  memoryMb?: number;
}

export interface RunOptions {
  signal?: AbortSignal | undefined;
  /** progress messages the task posts (tasks.ts decides what they are) */
  onProgress?: ((message: unknown) => void) | undefined;
  /** the task is stopped (its thread terminated) after this long */
  timeoutMs?: number | undefined;
  /** for messages: what the task does ("chunking the document") */
  what?: string | undefined;
}

/** the last message of a task's progress port */
export const PROGRESS_DONE = '__quarry_pool_done__';

/**
 * Niceness of the work done beside the event loop (processing threads, the OCR media processes,
 * tesseract): with more work than cores, the thread that answers requests is scheduled first.
 */
export const BACKGROUND_NICE = 10;

export const defaultPoolSize = (): number => Math.max(1, availableParallelism());
export const DEFAULT_POOL_MEMORY_MB = 1024;

/** A task threw: its error, rebuilt on this side. */
export class PoolTaskError extends Error {
  constructor(
    message: string,
    readonly remoteName: string,
    readonly code: string | undefined,
    readonly details: Record<string, unknown> | undefined,
  ) {
    super(message);
    this.name = 'PoolTaskError';
  }
}

/** The thread running the task died (uncaught error, memory limit) or the task ran out of time. */
export class PoolCrashError extends Error {
  constructor(
    message: string,
    readonly code: 'WORKER_CRASHED' | 'OUT_OF_MEMORY' | 'TIMEOUT',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PoolCrashError';
  }
}

export const isPoolFailure = (err: unknown): err is PoolCrashError | PoolTaskError =>
  err instanceof PoolCrashError || err instanceof PoolTaskError;

const stripDot = (s: string) => s.replace(/\.+$/, '');

/**
 * The worker script: beside the bundle (api/scripts/build.mjs writes dist/pool-worker.js), or,
 * in a source run (jest, tsx), src/pool/worker.ts bundled with the API's own esbuild options
 * into node_modules/.cache (named by its content, so concurrent test processes share it).
 * QUARRY_POOL_WORKER overrides.
 */
let workerFile: Promise<string> | undefined;
export function poolWorkerFile(): Promise<string> {
  workerFile ??= (async () => {
    const override = process.env.QUARRY_POOL_WORKER;
    if (override) return override;
    const beside = fileURLToPath(new URL('./pool-worker.js', import.meta.url));
    if (existsSync(beside)) return beside;
    const here = fileURLToPath(import.meta.url);
    const apiRoot = path.resolve(path.dirname(here), '..', '..');
    const entry = path.join(apiRoot, 'src', 'pool', 'worker.ts');
    if (!existsSync(entry)) throw new Error(`The processing pool's worker script is missing (${beside}); rebuild the API.`);
    const require = createRequire(import.meta.url);
    const { bundleOptions } = require(path.join(apiRoot, 'scripts', 'bundle-options.cjs')) as { bundleOptions: Record<string, unknown> };
    const esbuild = require('esbuild') as typeof import('esbuild');
    const out = await esbuild.build({ ...bundleOptions, sourcemap: 'inline', absWorkingDir: apiRoot, entryPoints: [entry], write: false, outfile: 'pool-worker.mjs' });
    // esbuild's service process would otherwise live as long as this process (a jest run
    // kept one per test file)
    await esbuild.stop();
    const code = out.outputFiles[0]!.contents;
    const dir = path.join(apiRoot, 'node_modules', '.cache', 'quarry-pool');
    const file = path.join(dir, `pool-worker-${createHash('sha1').update(code).digest('hex').slice(0, 12)}.mjs`);
    const current = await readFile(file).catch(() => null);
    if (!current || !current.equals(code)) {
      await mkdir(dir, { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, code);
      await rename(partial, file);
    }
    return file;
  })();
  workerFile.catch(() => {
    workerFile = undefined;
  });
  return workerFile;
}

export class ProcessingPool {
  private piscina: Piscina | null = null;
  private starting: Promise<Piscina> | null = null;
  private closed = false;
  readonly size: number;
  readonly memoryMb: number;

  constructor(settings: PoolSettings = {}) {
    this.size = Math.max(1, Math.floor(settings.size ?? defaultPoolSize()));
    this.memoryMb = Math.max(64, Math.floor(settings.memoryMb ?? DEFAULT_POOL_MEMORY_MB));
  }

  private start(): Promise<Piscina> {
    if (this.piscina) return Promise.resolve(this.piscina);
    this.starting ??= poolWorkerFile().then((filename) => {
      const piscina = new Piscina({
        filename,
        minThreads: 0,
        maxThreads: this.size,
        idleTimeout: 60_000,
        // a plain Node thread: no tsx / jest loaders inherited
        execArgv: [],
        // below the thread that serves requests: on a busy machine the event loop gets the CPU first
        niceIncrement: BACKGROUND_NICE,
        resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(16, this.memoryMb / 16)) },
      });
      // a thread that dies between tasks has no task to fail: nothing else to do
      piscina.on('error', () => undefined);
      this.piscina = piscina;
      return piscina;
    });
    return this.starting;
  }

  /** Threads alive now (for tests and the operations view). */
  get threads(): number {
    return this.piscina?.threads.length ?? 0;
  }

  /** The thread ids alive now. */
  threadIds(): number[] {
    return this.piscina?.threads.map((t) => t.threadId) ?? [];
  }

  async run<N extends TaskName>(name: N, payload: TaskPayload<N>, options: RunOptions = {}): Promise<TaskResult<N>> {
    if (this.closed) throw new PoolCrashError('The processing pool is shut down.', 'WORKER_CRASHED');
    const { signal, onProgress, timeoutMs } = options;
    const what = options.what ?? name;
    if (signal?.aborted) throw signal.reason;
    const piscina = await this.start();
    const controller = new AbortController();
    let timedOut = false;
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : null;
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let port: MessagePort | null = null;
    let local: MessagePort | null = null;
    let drained: Promise<void> | null = null;
    if (onProgress) {
      const channel = new MessageChannel();
      local = channel.port1;
      port = channel.port2;
      // the thread ends the task's messages with DONE (messages of one port arrive in order), so
      // every progress message is handled before the result is returned
      let ended: () => void = () => undefined;
      drained = new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 2000);
        ended = () => {
          clearTimeout(t);
          resolve();
        };
      });
      local.on('message', (m: unknown) => {
        if (m === PROGRESS_DONE) return ended();
        try {
          onProgress(m);
        } catch {
          // a failing listener must not fail the task
        }
      });
    }
    try {
      const reply = (await piscina.run(
        { name, payload, port },
        { signal: controller.signal, ...(port ? { transferList: [port] } : {}) },
      )) as TaskReply;
      if (drained) await drained;
      if (!reply.ok) throw new PoolTaskError(reply.error.message, reply.error.name, reply.error.code, reply.error.details);
      return reply.result as TaskResult<N>;
    } catch (err) {
      if (err instanceof PoolTaskError) throw err;
      if (signal?.aborted) throw signal.reason;
      if (timedOut) {
        throw new PoolCrashError(`${capitalise(what)} took longer than ${seconds(timeoutMs!)} s and was stopped.`, 'TIMEOUT', { cause: err });
      }
      const e = err as { code?: string; message?: string };
      if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new PoolCrashError(`${capitalise(what)} needed more than the ${this.memoryMb} MB a processing thread may use and was stopped.`, 'OUT_OF_MEMORY', { cause: err });
      }
      throw new PoolCrashError(`The processing thread stopped while ${what}: ${stripDot(e?.message ?? String(err))}.`, 'WORKER_CRASHED', { cause: err });
    } finally {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      local?.close();
    }
  }

  async destroy(): Promise<void> {
    this.closed = true;
    const p = this.piscina ?? (this.starting ? await this.starting.catch(() => null) : null);
    this.piscina = null;
    if (p) await p.destroy();
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const seconds = (ms: number) => (ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000)));

// One pool per process, shared by the job slots, upload validation and exports; created on
// first acquire, destroyed by the last release (tests start and close many apps in one process).
let shared: { pool: ProcessingPool; users: number } | null = null;

export interface PoolHandle {
  pool: ProcessingPool;
  release(): Promise<void>;
}

/** The process's pool while anything holds it (the job runtime does, for the API's life), else null: code without a handle of its own (the review record's checks) computes there when it can. */
export const sharedProcessingPool = (): ProcessingPool | null => shared?.pool ?? null;

export function acquireProcessingPool(settings: PoolSettings = {}): PoolHandle {
  if (!shared) shared = { pool: new ProcessingPool(settings), users: 0 };
  const entry = shared;
  entry.users += 1;
  let released = false;
  return {
    pool: entry.pool,
    release: async () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users === 0 && shared === entry) {
        shared = null;
        await entry.pool.destroy();
      }
    },
  };
}
