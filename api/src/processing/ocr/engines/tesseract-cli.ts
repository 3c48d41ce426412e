// The Debian `tesseract` command: one process per page, TSV on stdout, killed on timeout/abort.
import { execFile, spawn } from 'node:child_process';
import { OcrAbortError, OcrError } from '../errors';
import { lowerPriority } from '../media';
import { settleOnce, timedOut } from './deadline';
import { giveStream, stdbufCommand, takeStream, type TesseractExit } from './tesseract-stream';
import { BUNDLED_LANGUAGES, ENG_BEST, tessdataFor } from './tessdata';
import type { OcrModel } from '../types';
import type { OcrEngine, RecognizeRequest } from './types';

export interface CliAvailability {
  available: boolean;
  command: string;
  version?: string;
  reason?: string;
  /** `--tessdata-dir` for every page: the command's own models and the bundled ones (see tessdata.ts); absent, the command's own data. */
  tessdataDir?: string;
  /** Which models are read, for the start-up line. */
  model?: string;
  /** `-l` of a first reading: the languages asked for, or 'eng' when the language is detected */
  languages?: string;
  /** OCR_LANGUAGES=auto: each page's language is detected and the page re-read with its model (see ../language.ts) */
  detect?: boolean;
  /** OCR_MODEL=fast+best: `-l` of the best English model, for a page read in English with little confidence */
  rereadWith?: string;
}

const cache = new Map<string, Promise<CliAvailability>>();

export const tesseractCommand = (): string => process.env.QUARRY_TESSERACT_CMD || 'tesseract';

const run = (command: string, args: string[]): Promise<{ error: Error | null; output: string }> =>
  new Promise((resolve) => {
    execFile(command, args, { timeout: 10_000 }, (error, stdout, stderr) => resolve({ error, output: `${stdout}\n${stderr}` }));
  });

export interface CliModelChoice {
  /** 'fast': the command's own data where it has it (Debian's tesseract-ocr-eng is tessdata_fast); 'best': tessdata_best (integer) from @tesseract.js-data; 'fast+best': fast, a page read with little confidence read again with best */
  model?: OcrModel;
  /** tesseract codes joined by '+', or 'auto' (detect each page's language among the bundled ones); default 'eng' */
  languages?: string;
}

/** `tesseract --list-langs`: the languages, and the folder they are in */
function listed(output: string): { have: Set<string>; dir?: string } {
  const dir = /List of available languages in "([^"]+)"/.exec(output)?.[1];
  const have = new Set(output.split('\n').map((l) => l.trim()).filter((l) => /^[A-Za-z_]+$/.test(l)));
  return { have, ...(dir ? { dir } : {}) };
}

/**
 * Is the command installed, and does it read the languages? The models are the command's own
 * and the bundled ones, in one folder per model choice (tessdata.ts); when that folder cannot
 * be prepared, the command's own data is read. Cached per command and choice for the process.
 */
export function detectTesseractCli(command = tesseractCommand(), choice: CliModelChoice = {}): Promise<CliAvailability> {
  const model = choice.model ?? 'best';
  const languages = choice.languages ?? 'eng';
  const key = `${command}|${model}|${languages}`;
  let p = cache.get(key);
  if (!p) {
    p = (async (): Promise<CliAvailability> => {
      const own = await run(command, ['--list-langs']);
      if (own.error) return { available: false, command, reason: `${command} --list-langs failed: ${own.error.message}` };
      const ownList = listed(own.output);
      const prepared = await tessdataFor(model === 'best' ? 'best' : 'fast', ownList.dir);
      let have = ownList.have;
      if ('dir' in prepared) {
        const withDir = await run(command, ['--tessdata-dir', prepared.dir, '--list-langs']);
        if (!withDir.error) have = listed(withDir.output).have;
      }
      const detect = languages === 'auto';
      const needed = detect ? [...BUNDLED_LANGUAGES] : languages.split('+');
      const missing = needed.filter((l) => !have.has(l));
      if (missing.length > 0) {
        return { available: false, command, reason: `${command} has no language data for ${missing.join(', ')}` };
      }
      const version = /tesseract\s+v?([\d.]+)/i.exec((await run(command, ['--version'])).output)?.[1];
      const describe = (sources: Record<string, string>) =>
        needed.map((l) => `${l} ${sources[l] === 'own' ? (l === 'eng' ? 'own (tessdata_fast in Debian)' : 'own') : sources[l] ?? 'own'}`).join(', ');
      return {
        available: true,
        command,
        languages: detect ? 'eng' : languages,
        detect,
        ...(model === 'fast+best' && 'dir' in prepared && prepared.sources[ENG_BEST] ? { rereadWith: ENG_BEST } : {}),
        ...(version ? { version } : {}),
        ...('dir' in prepared
          ? { tessdataDir: prepared.dir, model: `${detect ? 'languages detected per page; ' : ''}${describe(prepared.sources)}` }
          : { model: `its own data (${prepared.error})` }),
      };
    })();
    cache.set(key, p);
  }
  return p;
}

const UNREADABLE = /pixRead|cannot be read|Unsupported image|Unknown format|Error in pix|Image file .* cannot/i;

export class TesseractCliEngine implements OcrEngine {
  readonly name = 'tesseract-cli' as const;

  constructor(
    private readonly command = tesseractCommand(),
    private readonly tessdataDir?: string,
    private readonly languages = 'eng',
    /** OCR_LANGUAGES=auto: the caller detects each page's language and re-reads it (see ../language.ts) */
    readonly detect = false,
    /** OCR_MODEL=fast+best: the best English model's `-l`, for re-reading a page read in English with little confidence */
    readonly rereadWith?: string,
    /** pages the media process wrote are read by kept processes (tesseract-stream.ts); false: a process a page */
    private readonly streams = process.env.QUARRY_TESSERACT_STREAM !== '0',
  ) {}

  recognize(req: RecognizeRequest): Promise<string> {
    if (req.signal?.aborted) return Promise.reject(new OcrAbortError());
    const settings = [...(this.tessdataDir ? ['--tessdata-dir', this.tessdataDir] : []), '-l', req.languages ?? this.languages, '--psm', String(req.psm), ...(req.dpi ? ['--dpi', String(req.dpi)] : [])];
    // A page the media process wrote (one image a file) is read by a process kept for its
    // settings; any other file (a TIFF may hold many pages) by a process of its own.
    if (this.streams && req.path.endsWith('.pgm') && stdbufCommand()) return this.recognizeInStream(req, settings);
    // the output as a setting, not the `tsv` config file, which a bundled tessdata folder lacks
    const args = [req.path, 'stdout', ...settings, '-c', 'tessedit_create_tsv=1'];
    return new Promise<string>((resolve, reject) => {
      // One OpenMP thread per process: pages already run in parallel, oversubscribing is slower.
      const child = spawn(this.command, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
      lowerPriority(child.pid);
      const out: Buffer[] = [];
      let err = '';
      const finish = settleOnce(req, {
        timeout: () => {
          child.kill('SIGKILL');
          finish(() => reject(timedOut(req)));
        },
        abort: () => {
          child.kill('SIGKILL');
          finish(() => reject(new OcrAbortError()));
        },
      });
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (c: string) => {
        err = (err + c).slice(-4000);
      });
      child.on('error', (e) =>
        finish(() => reject(new OcrError('ENGINE_UNAVAILABLE', `The tesseract command could not be started: ${e.message}`, { cause: e }))),
      );
      child.on('close', (code, sig) => {
        finish(() => (code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(failure(req, { code, signal: sig, stderr: err }))));
      });
    });
  }

  private async recognizeInStream(req: RecognizeRequest, settings: string[]): Promise<string> {
    const stream = takeStream(this.command, settings);
    const tsv = await stream.read(req.path, req.timeoutMs, req.signal, { timeout: () => timedOut(req), exited: (exit) => failure(req, exit) });
    giveStream(this.command, stream);
    return tsv;
  }
}

/** Why tesseract stopped, for the page it was reading. */
function failure(req: RecognizeRequest, exit: TesseractExit): OcrError {
  const detail = exit.stderr.trim().split('\n').slice(-3).join(' ');
  const page = req.page ? { page: req.page } : {};
  if (UNREADABLE.test(exit.stderr)) return new OcrError('IMAGE_UNDECODABLE', `The image could not be decoded by tesseract (${detail || 'unreadable image data'}).`, page);
  return new OcrError('ENGINE_FAILED', `tesseract failed (${exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`}): ${detail || 'no error output'}`, page);
}
