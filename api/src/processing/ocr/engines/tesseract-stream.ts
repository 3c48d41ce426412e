// One tesseract process that reads page after page: `tesseract - stdout -c stream_filelist=1`
// takes image paths on stdin, one a line, and writes each page's TSV as it finishes it (stdout
// line-buffered through coreutils' `stdbuf`). Starting tesseract and loading its model costs
// about 0.1-0.15 CPU-s, a tenth of a scanned page's reading: a lane of a document, and the next
// document's lanes, keep their process instead (bench/ocr/RESULTS.md).
//
// Where a page's TSV ends: after each page the lane sends a 1x1 blank image, whose TSV is a
// single page row (`1 <its number> 0 0 ...`); the rows before it are the page's. A process reads
// one page at a time. An unreadable image ends tesseract (its file list stops at the first one it
// cannot read), as does a deadline or an abort (killed): the next page starts a new process.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OcrAbortError, OcrError } from '../errors';
import { IdleSet } from '../idle';
import { lowerPriority } from '../media';

/** How a read ended badly: the page, tesseract's last words, and how it stopped. */
export interface TesseractExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

let stdbuf: string | null | undefined;
/** coreutils' `stdbuf`, without which tesseract's output would wait in its buffer (then every page is a process of its own). */
export function stdbufCommand(): string | null {
  if (stdbuf === undefined) stdbuf = spawnSync('stdbuf', ['--version'], { stdio: 'ignore' }).status === 0 ? 'stdbuf' : null;
  return stdbuf;
}

type Waiter = { resolve: (tsv: string) => void; reject: (err: Error) => void; sentinelRow: string; page: string; exited: (exit: TesseractExit) => Error };

export class TesseractStream {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly dir: string;
  private readonly sentinel: string;
  private pages = 0;
  private out = '';
  private stderr = '';
  private waiter: Waiter | null = null;
  private exited = false;

  constructor(
    command: string,
    /** the arguments after `- stdout`: data folder, languages, page segmentation, resolution */
    readonly args: string[],
  ) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'quarry-tesseract-'));
    this.sentinel = path.join(this.dir, 'end-of-page.pgm');
    writeFileSync(this.sentinel, Buffer.concat([Buffer.from('P5\n1 1\n255\n'), Buffer.from([255])]));
    // One OpenMP thread per process: pages already run in parallel, oversubscribing is slower.
    this.child = spawn(stdbufCommand() ?? 'stdbuf', ['-oL', command, '-', 'stdout', ...args, '-c', 'stream_filelist=1', '-c', 'tessedit_create_tsv=1'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    lowerPriority(this.child.pid);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    this.child.stdin.on('error', () => {}); // a write after tesseract stopped: its exit tells why
    this.child.on('error', (err) => this.end(() => new OcrError('ENGINE_UNAVAILABLE', `The tesseract command could not be started: ${err.message}`, { cause: err })));
    this.child.on('close', (code, signal) => this.end((w) => w.exited({ code, signal, stderr: this.stderr })));
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** The page's TSV. One read at a time; a deadline or an abort ends the process. */
  read(
    imagePath: string,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    errors: { timeout: () => Error; exited: (exit: TesseractExit) => Error },
  ): Promise<string> {
    if (signal?.aborted) return Promise.reject(new OcrAbortError());
    if (this.exited || this.waiter) return Promise.reject(new OcrError('ENGINE_FAILED', 'The tesseract process is not ready for a page.'));
    this.pages += 2;
    return new Promise<string>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const timer = setTimeout(() => this.fail(errors.timeout()), timeoutMs);
      const onAbort = () => this.fail(new OcrAbortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiter = {
        sentinelRow: `1\t${this.pages}\t`,
        page: String(this.pages - 1),
        exited: errors.exited,
        resolve: (tsv) => {
          done();
          resolve(tsv);
        },
        reject: (err) => {
          done();
          reject(err);
        },
      };
      this.child.stdin.write(`${imagePath}\n${this.sentinel}\n`);
    });
  }

  private onData(chunk: string): void {
    this.out += chunk;
    const w = this.waiter;
    if (!w) return;
    const first = this.out.startsWith(w.sentinelRow);
    const newline = first ? -1 : this.out.indexOf(`\n${w.sentinelRow}`);
    if (!first && newline < 0) return;
    const at = newline + 1;
    const lineEnd = this.out.indexOf('\n', at);
    if (lineEnd < 0) return; // the blank page's row is not whole yet
    // Read as a single line (psm 7), the blank page gives a word of its own after its page row,
    // which arrives ahead of the next page's rows: only the rows of this page's number are its.
    const tsv = this.out
      .slice(0, at)
      .split('\n')
      .filter((row) => row === '' || row.startsWith('level') || row.split('\t', 2)[1] === w.page)
      .join('\n');
    this.out = this.out.slice(lineEnd + 1);
    this.waiter = null;
    w.resolve(tsv);
  }

  /** A read that failed ends the process: what it holds of that page cannot be trusted. */
  private fail(err: Error): void {
    const w = this.waiter;
    this.waiter = null;
    this.kill();
    w?.reject(err);
  }

  /** The process is gone: the page being read (if any) fails with what its caller makes of it. */
  private end(why: (w: Waiter) => Error): void {
    if (this.exited) return;
    this.exited = true;
    rmSync(this.dir, { recursive: true, force: true });
    const w = this.waiter;
    this.waiter = null;
    if (w) w.reject(why(w));
  }

  kill(): void {
    if (this.exited) return;
    this.child.stdin.destroy(); // whatever reads the file list behind it (a wrapper script) ends too
    this.child.kill('SIGKILL');
  }

  /** Kept for the next page: an idle process holds the event loop for nothing. */
  sleep(): void {
    this.child.unref();
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr] as unknown as { unref?: () => void }[]) s.unref?.();
  }

  wake(): void {
    this.child.ref();
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr] as unknown as { ref?: () => void }[]) s.ref?.();
  }

  /** Ends the process and waits for it to be gone. */
  async close(): Promise<void> {
    if (this.exited) return;
    this.child.ref();
    await new Promise<void>((resolve) => {
      this.child.once('close', () => resolve());
      this.kill();
    });
  }
}

/** Idle processes by their arguments: at most two per arguments, each kept 30 s. */
const idle = new Map<string, IdleSet<TesseractStream>>();
const keyOf = (command: string, args: string[]) => [command, ...args].join('\u0000');

/** A process for these arguments: an idle one, else a new one. */
export function takeStream(command: string, args: string[]): TesseractStream {
  const stream = idle.get(keyOf(command, args))?.take();
  if (!stream) return new TesseractStream(command, args);
  stream.wake();
  return stream;
}

/** Gives a process back after a page read well (else it is ended). */
export function giveStream(command: string, stream: TesseractStream): void {
  const key = keyOf(command, stream.args);
  let set = idle.get(key);
  if (!set) idle.set(key, (set = new IdleSet(2, 30_000)));
  if (!stream.alive || !set.keep(stream)) return void stream.close();
  stream.sleep();
}

/** Ends every idle process (on shutdown). */
export async function closeIdleStreams(): Promise<void> {
  const sets = [...idle.values()];
  idle.clear();
  await Promise.all(sets.map((s) => s.closeAll()));
}
