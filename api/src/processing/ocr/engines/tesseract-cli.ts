// The Debian `tesseract` command: one process per page, TSV on stdout, killed on timeout/abort.
import { execFile, spawn } from 'node:child_process';
import { OcrAbortError, OcrError } from '../errors';
import type { OcrEngine, RecognizeRequest } from './types';

export interface CliAvailability {
  available: boolean;
  command: string;
  version?: string;
  reason?: string;
}

const cache = new Map<string, Promise<CliAvailability>>();

export const tesseractCommand = (): string => process.env.QUARRY_TESSERACT_CMD || 'tesseract';

/** Is the command installed, and does it have English? Cached per command for the process. */
export function detectTesseractCli(command = tesseractCommand()): Promise<CliAvailability> {
  let p = cache.get(command);
  if (!p) {
    p = new Promise<CliAvailability>((resolve) => {
      execFile(command, ['--list-langs'], { timeout: 10_000 }, (err, stdout, stderr) => {
        if (err) {
          resolve({ available: false, command, reason: `${command} --list-langs failed: ${err.message}` });
          return;
        }
        const langs = `${stdout}\n${stderr}`.split('\n').map((l) => l.trim());
        if (!langs.includes('eng')) {
          resolve({ available: false, command, reason: `${command} has no English language data (eng)` });
          return;
        }
        execFile(command, ['--version'], { timeout: 10_000 }, (_e, out, errOut) => {
          const version = /tesseract\s+v?([\d.]+)/i.exec(`${out}\n${errOut}`)?.[1];
          resolve({ available: true, command, ...(version ? { version } : {}) });
        });
      });
    });
    cache.set(command, p);
  }
  return p;
}

const UNREADABLE = /pixRead|cannot be read|Unsupported image|Unknown format|Error in pix|Image file .* cannot/i;

export class TesseractCliEngine implements OcrEngine {
  readonly name = 'tesseract-cli' as const;

  constructor(private readonly command = tesseractCommand()) {}

  recognize(req: RecognizeRequest): Promise<string> {
    if (req.signal?.aborted) return Promise.reject(new OcrAbortError());
    const args = [req.path, 'stdout', '-l', 'eng', '--psm', String(req.psm)];
    if (req.dpi) args.push('--dpi', String(req.dpi));
    args.push('tsv');
    return new Promise<string>((resolve, reject) => {
      // One OpenMP thread per process: pages already run in parallel, oversubscribing is slower.
      const child = spawn(this.command, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
      const out: Buffer[] = [];
      let err = '';
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const onAbort = () => {
        child.kill('SIGKILL');
        finish(() => reject(new OcrAbortError()));
      };
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        const where = req.page ? `Page ${req.page}` : 'The image';
        finish(() => reject(new OcrError('TIMEOUT', `${where} took longer than ${Math.round(req.timeoutMs / 1000)} s to recognise and was stopped.`, { ...(req.page ? { page: req.page } : {}) })));
      }, req.timeoutMs);
      req.signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (c: string) => {
        err = (err + c).slice(-4000);
      });
      child.on('error', (e) =>
        finish(() => reject(new OcrError('ENGINE_UNAVAILABLE', `The tesseract command could not be started: ${e.message}`, { cause: e }))),
      );
      child.on('close', (code, sig) => {
        finish(() => {
          if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
          const detail = err.trim().split('\n').slice(-3).join(' ');
          if (UNREADABLE.test(err)) {
            return reject(new OcrError('IMAGE_UNDECODABLE', `The image could not be decoded by tesseract (${detail || 'unreadable image data'}).`, { ...(req.page ? { page: req.page } : {}) }));
          }
          reject(new OcrError('ENGINE_FAILED', `tesseract failed (${sig ? `signal ${sig}` : `exit code ${code}`}): ${detail || 'no error output'}`, { ...(req.page ? { page: req.page } : {}) }));
        });
      });
    });
  }
}
