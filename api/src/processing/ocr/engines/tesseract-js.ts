// tesseract.js (WebAssembly in worker threads): a small process-wide pool of workers, created on
// first use, reused across documents, grown up to the largest concurrency asked for, ended by
// shutdown() or after idling. Fully offline: the English model comes from @tesseract.js-data/eng.
import { readFile } from 'node:fs/promises';
import engData from '@tesseract.js-data/eng';
import Tesseract from 'tesseract.js';
import { OcrAbortError, OcrError } from '../errors';
import { settleOnce, timedOut } from './deadline';
import type { OcrEngine, RecognizeRequest } from './types';

interface Slot {
  worker: Tesseract.Worker;
  busy: boolean;
  /** psm/dpi last set on this worker, to skip redundant setParameters calls. */
  params: string;
  idleTimer?: NodeJS.Timeout;
  /** Settles the caller waiting on this worker's current page (used when the worker is ended). */
  cancel?: (err: Error) => void;
}

interface Waiter {
  resolve: (slot: Slot) => void;
  reject: (err: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** Idle workers are terminated after this long (each holds ~100 MB); 0 keeps them until shutdown. */
const DEFAULT_IDLE_MS = 120_000;

async function createTesseractWorker(): Promise<Tesseract.Worker> {
  try {
    return await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
      langPath: engData.langPath,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler tesseract.js rethrows job failures (e.g. an unreadable image) as an
      // uncaught exception, which would take the whole process down; the job promise rejects anyway.
      errorHandler: () => {},
    });
  } catch (err) {
    throw new OcrError('ENGINE_UNAVAILABLE', `tesseract.js could not start: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

class TesseractJsPool {
  private slots: Slot[] = [];
  private creating = 0;
  private waiters: Waiter[] = [];
  private maxSize = 1;
  /** Bumped by shutdown(): a worker that finishes starting after it is not kept. */
  private generation = 0;
  idleMs = Number(process.env.QUARRY_OCR_IDLE_MS ?? DEFAULT_IDLE_MS);

  get size(): number {
    return this.slots.length;
  }

  grow(n: number): void {
    this.maxSize = Math.max(this.maxSize, Math.max(1, Math.floor(n)));
  }

  async acquire(signal?: AbortSignal): Promise<Slot> {
    if (signal?.aborted) throw new OcrAbortError();
    const idle = this.slots.find((s) => !s.busy);
    if (idle) {
      idle.busy = true;
      clearTimeout(idle.idleTimer);
      return idle;
    }
    if (this.slots.length + this.creating < this.maxSize) {
      this.creating++;
      const generation = this.generation;
      let worker: Tesseract.Worker;
      try {
        worker = await createTesseractWorker();
      } finally {
        this.creating--;
      }
      if (generation !== this.generation) {
        void worker.terminate().catch(() => {});
        throw new OcrError('ENGINE_UNAVAILABLE', 'OCR was stopped because the server is shutting down.');
      }
      const slot: Slot = { worker, busy: true, params: '' };
      this.slots.push(slot);
      if (signal?.aborted) {
        this.release(slot);
        throw new OcrAbortError();
      }
      return slot;
    }
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, ...(signal ? { signal } : {}) };
      if (signal) {
        waiter.onAbort = () => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(new OcrAbortError());
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
    });
  }

  private handTo(waiter: Waiter, slot: Slot): void {
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
    waiter.resolve(slot);
  }

  release(slot: Slot): void {
    if (!this.slots.includes(slot)) return;
    const next = this.waiters.shift();
    if (next) {
      this.handTo(next, slot);
      return;
    }
    slot.busy = false;
    if (this.idleMs > 0) {
      slot.idleTimer = setTimeout(() => {
        if (!slot.busy) this.discard(slot);
      }, this.idleMs);
      slot.idleTimer.unref();
    }
  }

  /** Removes a worker that timed out (or idled out) and terminates it. */
  discard(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    slot.cancel = undefined;
    this.slots = this.slots.filter((s) => s !== slot);
    void slot.worker.terminate().catch(() => {});
    const next = this.waiters.shift();
    if (next) {
      if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
      this.acquire(next.signal).then(next.resolve, next.reject);
    }
  }

  async shutdown(): Promise<void> {
    this.generation++;
    const slots = this.slots;
    this.slots = [];
    for (const w of this.waiters.splice(0)) w.reject(new OcrError('ENGINE_UNAVAILABLE', 'OCR is shutting down.'));
    await Promise.all(
      slots.map((s) => {
        clearTimeout(s.idleTimer);
        // A terminated worker never answers: release whoever waits on its page.
        s.cancel?.(new OcrError('ENGINE_UNAVAILABLE', 'OCR was stopped because the server is shutting down.'));
        return s.worker.terminate().catch(() => {});
      }),
    );
  }
}

const pool = new TesseractJsPool();

export const tesseractJsPoolSize = (): number => pool.size;
export const shutdownTesseractJs = (): Promise<void> => pool.shutdown();

export class TesseractJsEngine implements OcrEngine {
  readonly name = 'tesseract-js' as const;

  constructor(concurrency: number) {
    pool.grow(concurrency);
  }

  async recognize(req: RecognizeRequest): Promise<string> {
    const image = await readFile(req.path);
    const slot = await pool.acquire(req.signal);
    const params = `${req.psm}/${req.dpi ?? 0}`;
    let job: Promise<Tesseract.RecognizeResult> | null = null;
    try {
      if (slot.params !== params) {
        await slot.worker.setParameters({
          tessedit_pageseg_mode: String(req.psm) as Tesseract.PSM,
          user_defined_dpi: String(req.dpi ?? 0),
        });
        slot.params = params;
      }
      job = slot.worker.recognize(image, {}, { text: false, tsv: true });
    } catch (err) {
      pool.release(slot);
      throw mapJsError(err, req);
    }
    const running = job;
    return new Promise<string>((resolve, reject) => {
      const done = settleOnce(req, {
        timeout: () => {
          // A stuck WebAssembly call cannot be interrupted: terminate that worker, start afresh later.
          pool.discard(slot);
          done(() => reject(timedOut(req)));
        },
        // On abort answer at once; the worker finishes its current page in the background and
        // only then goes back to the pool.
        abort: () => done(() => reject(new OcrAbortError())),
      });
      slot.cancel = (err) => done(() => reject(err));
      running.then(
        (res) => {
          slot.cancel = undefined;
          pool.release(slot);
          done(() => resolve(res.data.tsv ?? ''));
        },
        (err: unknown) => {
          slot.cancel = undefined;
          pool.release(slot);
          done(() => reject(mapJsError(err, req)));
        },
      );
    });
  }
}

function mapJsError(err: unknown, req: RecognizeRequest): OcrError {
  if (err instanceof OcrError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const page = req.page ? { page: req.page } : {};
  if (/read image|pixRead|cannot be read|no pix/i.test(message)) {
    return new OcrError('IMAGE_UNDECODABLE', 'The image could not be decoded (unreadable or damaged image data).', { ...page, cause: err });
  }
  return new OcrError('ENGINE_FAILED', `tesseract.js failed: ${message}`, { ...page, cause: err });
}
