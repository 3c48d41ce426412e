// Parent side of ocr-media-worker.mjs: child processes that render a document's pages, requests
// over IPC. Every request has a deadline; a request that misses it, or any abort, kills the child
// (SIGKILL) so nothing can hang. A child that dies (e.g. a native crash in the image decoder)
// fails the pending requests with the error the caller chose for that request. A PDF's renderers
// are kept warm between documents (`acquire` / `park`).
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { OcrAbortError, OcrError } from './errors';
import { IdleSet } from './idle';
import type { TextItem } from './layout';
import type { PageCleaning } from './types';

export interface PdfPageReply {
  width: number;
  height: number;
  rotation: number;
  items: TextItem[];
  chars: number;
  rendered: { path: string; width: number; height: number; dpi: number; clean: PageCleaning } | null;
  /** With `readImages`: a text-layer page's pictures that may hold text, each rendered and cropped (`left`/`top` in points) */
  images?: PdfPageImage[];
}

export interface PdfPageImage {
  path: string;
  left: number;
  top: number;
  pointsPerPixel: number;
  dpi: number;
}

/**
 * Where the worker script is: next to this module in the source tree (jest, tsx), and next to
 * the bundle (api/scripts/build.mjs copies it to dist/). QUARRY_OCR_MEDIA_WORKER overrides.
 */
export function mediaWorkerPath(): string {
  const override = process.env.QUARRY_OCR_MEDIA_WORKER;
  if (override) return override;
  return fileURLToPath(new URL('./ocr-media-worker.mjs', import.meta.url));
}

/**
 * Rendering and recognition run below the API's event loop (nice 10, as the processing pool's
 * threads): with more work than cores, requests are answered first. Best effort.
 */
export function lowerPriority(pid: number | undefined, by = 10): void {
  if (!pid) return;
  try {
    setPriority(pid, Math.min(19, getPriority(pid) + by));
  } catch {
    // not permitted here: the child runs at the API's priority
  }
}

type Pending = {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
  onCrash: (detail: string) => OcrError;
};

export class MediaProcess {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited = false;
  private stderrTail = '';
  private readonly ready: Promise<void>;
  private abortError: Error | null = null;

  private constructor(private signal?: AbortSignal) {
    const script = mediaWorkerPath();
    if (!existsSync(script)) {
      throw new OcrError('ENGINE_UNAVAILABLE', `The OCR media worker is missing (${script}); rebuild the API.`);
    }
    // execArgv: [] -> a plain Node process (no tsx / jest loaders inherited); it loads the .mjs natively.
    this.child = fork(script, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    lowerPriority(this.child.pid);
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    let readyResolve!: () => void;
    let readyReject!: (e: Error) => void;
    this.ready = new Promise<void>((res, rej) => {
      readyResolve = res;
      readyReject = rej;
    });
    const readyTimer = setTimeout(() => {
      readyReject(new OcrError('TIMEOUT', 'The OCR media worker did not start within 30 s.'));
      this.kill();
    }, 30_000);
    this.child.on('message', (msg: { id: number; ok: boolean; result?: unknown; error?: { code: string; message: string } }) => {
      if (msg.id === 0) {
        clearTimeout(readyTimer);
        readyResolve();
        return;
      }
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.ok) p.resolve(msg.result);
      else {
        const code = (msg.error?.code ?? 'ENGINE_FAILED') as OcrError['code'];
        p.reject(new OcrError(code === ('INTERNAL' as string) ? 'ENGINE_FAILED' : code, msg.error?.message ?? 'Unknown error in the OCR media worker.'));
      }
    });
    this.child.on('error', (err) => this.failAll(() => new OcrError('ENGINE_FAILED', `The OCR media worker failed: ${err.message}`)));
    this.child.on('exit', (code, sig) => {
      this.exited = true;
      clearTimeout(readyTimer);
      const detail = sig ? `signal ${sig}` : `exit code ${code}`;
      readyReject(new OcrError('ENGINE_FAILED', `The OCR media worker stopped during start-up (${detail}). ${this.stderrTail.trim()}`.trim()));
      this.failAll((p) => p.onCrash(detail));
    });
    if (signal) signal.addEventListener('abort', this.onAbort, { once: true });
  }

  private readonly onAbort = (): void => {
    this.abortError = new OcrAbortError();
    this.kill();
  };

  static async start(signal?: AbortSignal): Promise<MediaProcess> {
    if (signal?.aborted) throw new OcrAbortError();
    const proc = new MediaProcess(signal);
    try {
      await proc.ready;
    } catch (err) {
      proc.kill();
      throw proc.abortError ?? err;
    }
    return proc;
  }

  /**
   * A renderer for a PDF: a warm one parked by an earlier document when there is one, else a new
   * one. A process that has loaded pdfjs and the canvas answers its first page about 0.4 s
   * sooner (bench/ocr/RESULTS.md): most of what a short document waits for beside tesseract.
   */
  static async acquire(signal?: AbortSignal): Promise<MediaProcess> {
    if (signal?.aborted) throw new OcrAbortError();
    const proc = idle.take();
    if (!proc) return MediaProcess.start(signal);
    proc.wake(signal);
    return proc;
  }

  /**
   * Keeps this renderer warm for the next document, its document closed; ends it instead when it
   * failed, was aborted, is busy, or two are kept already. An idle one ends after 30 s and
   * holds the API's process open for nothing (unref'd).
   */
  async park(): Promise<void> {
    if (this.exited || this.abortError || this.pending.size > 0 || idle.full) return this.close();
    try {
      await this.call('pdf_close', {}, { timeoutMs: 5_000, timeoutError: () => new OcrError('TIMEOUT', 'closing'), onCrash: () => new OcrError('ENGINE_FAILED', 'closing') });
    } catch {
      return this.close();
    }
    if (this.exited || !idle.keep(this)) return this.close();
    this.signal?.removeEventListener('abort', this.onAbort);
    this.signal = undefined;
    this.child.unref();
    (this.child.channel as { unref?: () => void } | null | undefined)?.unref?.();
  }

  private wake(signal: AbortSignal | undefined): void {
    this.child.ref();
    (this.child.channel as { ref?: () => void } | null | undefined)?.ref?.();
    this.signal = signal;
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private failAll(make: (p: Pending) => Error): void {
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      clearTimeout(p.timer);
      p.reject(this.abortError ?? make(p));
    }
  }

  call<T>(op: string, args: Record<string, unknown>, opts: { timeoutMs: number; timeoutError: () => OcrError; onCrash: (detail: string) => OcrError }): Promise<T> {
    if (this.abortError) return Promise.reject(this.abortError);
    if (this.exited) return Promise.reject(opts.onCrash('the worker had already stopped'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(opts.timeoutError());
        this.kill(); // the worker is stuck on this request: nothing else it holds can be trusted
      }, opts.timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer, onCrash: opts.onCrash });
      this.child.send({ id, op, ...args });
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** the child's process id (tests: a warm renderer is the same process) */
  get pid(): number | undefined {
    return this.child.pid;
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }

  /** Ends the child and waits for it to be gone. */
  async close(): Promise<void> {
    this.signal?.removeEventListener('abort', this.onAbort);
    if (this.exited) return;
    // a parked child is unref'd: the exit it waits for must keep the event loop going
    this.child.ref();
    await new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.kill();
    });
  }
}

/** Warm renderers: one per OCR lane of the default concurrency, each kept 30 s. */
const idle = new IdleSet<MediaProcess>(2, 30_000);

/** Ends the warm renderers (on shutdown; the next document starts new ones). */
export function closeIdleMedia(): Promise<void> {
  return idle.closeAll();
}
