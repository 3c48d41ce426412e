// Is an uploaded file what it says it is, and can Quarry read it? Decided from the bytes:
//   1. magic bytes must match the announced type (a renamed PNG is not a PDF);
//   2. PDF: the end-of-file marker must be there (truncation), then pdfjs must open it in the
//      OCR media process (encrypted / damaged PDFs fail there); its real page count becomes
//      actual_pages, and its first and last pages must load;
//   3. images: a bounds-checked structural walk here (PNG chunks + CRC + full inflate, JPEG
//      segments + end marker, GIF blocks + trailer, BMP pixel array, TIFF page directories),
//      then a real pixel decode (@napi-rs/canvas) in the media process for PNG, JPEG, GIF and
//      BMP. Skia has no TIFF decoder (and crashes on TIFF input), so TIFF stops at step 3's
//      walk; its page count is the number of page directories.
// The media process is the OCR engine's (processing/ocr/media.ts): pdfjs is ESM-only and a
// native decoder crash must fail one file, not the API. A small pool keeps them warm.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileType } from '@quarry/shared/schemas';
import { sniffImage, sniffPdf } from '../../processing/ocr/detect';
import { OcrError } from '../../processing/ocr/errors';
import { MediaProcess } from '../../processing/ocr/media';
import { DEFAULT_MAX_PAGE_PIXELS } from '../../processing/ocr';
import { checkPdfStreams, type PdfStreamLimits } from '../../processing/pdf-streams';
import { prepareTempRoot } from '../../processing/workdir';
import { acquireProcessingPool, type PoolHandle, type PoolSettings } from '../../pool';
import { checkBmp, checkGif, checkJpeg, checkPng, checkTiff, type StructureCheck } from './formats';

export interface ValidationInput {
  path: string;
  fileType: FileType;
  filename: string;
  size: number;
}

export type ValidationVerdict =
  | { status: 'valid'; actualPages: number; /** PDF only: non-whitespace text-layer characters per page read */ textCharsPerPage?: number }
  | { status: 'invalid'; errorMessage: string }
  /** the checker itself could not run (media process failed to start): try again later */
  | { status: 'unavailable'; errorMessage: string };

const LABEL: Record<FileType, string> = {
  pdf: 'a PDF',
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  gif: 'a GIF image',
  bmp: 'a BMP image',
  tiff: 'a TIFF image',
};

const MAX_DECODE_PIXELS = 100_000_000;
/** after decoding an image this large the media process is replaced (the allocator keeps what it took) */
const LARGE_DECODE_PIXELS = 20_000_000;
/** where in the file %%EOF may sit (some writers append a few KB after it) */
const EOF_WINDOW = 8192;
/** a pdfjs document is never destroyed inside the media process: recycle after this many */
const USES_PER_PROCESS = 40;
/**
 * The replacement of a process about to be recycled starts this many uses early, so the
 * recycle happens between two files instead of stalling the batch while node and pdfjs load
 * (about a second; with two slots recycling at once, a 50-file complete
 * waited ~0.9 s for it).
 */
const PRESTART_USES = 15;
const IDLE_MS = 20_000;

async function readRange(p: string, start: number, length: number): Promise<Buffer> {
  const fh = await open(p, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, start);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** What the first bytes are, as a type name (or null). */
export function detectType(head: Uint8Array): FileType | null {
  if (sniffPdf(head)) return 'pdf';
  const image = sniffImage(head);
  if (image === 'png' || image === 'jpeg' || image === 'gif' || image === 'bmp' || image === 'tiff') return image;
  return null;
}

class ValidationUnavailable extends Error {}

const STRUCTURE_CHECKS: Record<Exclude<FileType, 'pdf'>, (b: Buffer) => StructureCheck> = {
  png: checkPng,
  jpeg: checkJpeg,
  gif: checkGif,
  bmp: checkBmp,
  tiff: checkTiff,
};

interface Slot {
  proc: MediaProcess | null;
  starting: Promise<MediaProcess> | null;
  /** the replacement, started ahead of the recycle (never rejects: null when it failed) */
  next: Promise<MediaProcess | null> | null;
  uses: number;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
}

export class FileValidator {
  private readonly slots: Slot[];
  private readonly waiters: { resolve: (slot: Slot) => void; reject: (err: Error) => void }[] = [];
  private closed = false;
  private workDir = path.join(tmpdir(), `quarry-validate-${process.pid}-${randomUUID().slice(0, 8)}`);
  private workDirPlaced = false;
  /** the structure walks and stream checks compute in the processing pool (null: here) */
  private readonly processing: PoolHandle | null;

  constructor(
    private readonly options: {
      concurrency: number;
      timeoutMs: number;
      /** QUARRY_TMP_DIR or DATA_DIR/tmp: decoded images are written in this process's folder there (swept at start) */
      tempRoot?: string;
      pool?: PoolSettings;
      pdf?: { maxPages: number; streams: PdfStreamLimits };
      /** images are decoded scaled down to this many pixels, as OCR reads them */
      maxPagePixels?: number;
    },
  ) {
    this.processing = options.pool ? acquireProcessingPool(options.pool) : null;
    this.slots = Array.from({ length: Math.max(1, options.concurrency) }, () => ({
      proc: null,
      starting: null,
      next: null,
      uses: 0,
      busy: false,
      idleTimer: null,
    }));
  }

  async validate(input: ValidationInput): Promise<ValidationVerdict> {
    try {
      const head = await readRange(input.path, 0, 1024);
      if (head.length === 0) return { status: 'invalid', errorMessage: `The file "${input.filename}" is empty (0 bytes).` };
      const detected = detectType(head);
      if (detected !== input.fileType) {
        const what = detected ? `its content is ${LABEL[detected]}` : 'its content is not a PDF or a supported image';
        return {
          status: 'invalid',
          errorMessage: `The file content does not match its type: "${input.filename}" was announced as ${LABEL[input.fileType]}, but ${what}.`,
        };
      }
      if (input.fileType === 'pdf') return await this.validatePdf(input);
      return await this.validateImage(input);
    } catch (err) {
      if (err instanceof ValidationUnavailable) return { status: 'unavailable', errorMessage: err.message };
      throw err;
    }
  }

  private async validatePdf(input: ValidationInput): Promise<ValidationVerdict> {
    const tailStart = Math.max(0, input.size - EOF_WINDOW);
    const tail = await readRange(input.path, tailStart, input.size - tailStart);
    if (!tail.toString('latin1').includes('%%EOF')) {
      return { status: 'invalid', errorMessage: 'The PDF is truncated: its end-of-file marker (%%EOF) is missing. Upload the complete file.' };
    }
    const limits = this.options.pdf;
    if (limits) {
      const check = this.processing
        ? await this.processing.pool.run('pdf-streams', { path: input.path, limits: limits.streams }, { what: 'checking the PDF', timeoutMs: this.options.timeoutMs }).catch((err: Error) => ({ ok: false as const, message: `The file could not be checked: ${err.message}` }))
        : await checkPdfStreams(await readFile(input.path), limits.streams);
      if (!check.ok) return { status: 'invalid', errorMessage: check.message };
    }
    return this.withMedia(async (media) => {
      const { pageCount } = await media.call<{ pageCount: number }>('pdf_open', { path: input.path }, this.callOptions('open the PDF'));
      if (!Number.isInteger(pageCount) || pageCount < 1) return { status: 'invalid', errorMessage: 'The PDF has no pages.' };
      if (limits && pageCount > limits.maxPages) {
        return { status: 'invalid', errorMessage: `The PDF has ${pageCount} pages; at most ${limits.maxPages} can be processed. Split it and upload the parts.` };
      }
      const outPath = path.join(this.workDir, `${randomUUID()}.pgm`);
      const sampled = pageCount === 1 ? [1] : [1, pageCount];
      let chars = 0;
      for (const page of sampled) {
        // minChars 0: text layer only, never rendered
        const reply = await media.call<{ chars?: number }>('pdf_page', { page, minChars: 0, dpi: 72, maxPixels: 1, outPath }, this.callOptions(`read page ${page}`));
        chars += typeof reply?.chars === 'number' && Number.isFinite(reply.chars) ? Math.max(0, reply.chars) : 0;
      }
      // read anyway: kept so the job estimate knows how much text a page holds before OCR
      return { status: 'valid', actualPages: pageCount, textCharsPerPage: chars / sampled.length };
    });
  }

  private async validateImage(input: ValidationInput): Promise<ValidationVerdict> {
    const fileType = input.fileType as Exclude<FileType, 'pdf'>;
    // a full inflate of a large PNG takes a while: in the processing pool
    const structure: StructureCheck = this.processing
      ? await this.processing.pool
          .run('image-structure', { path: input.path, fileType }, { what: 'checking the image', timeoutMs: this.options.timeoutMs })
          .catch((err: Error) => ({ ok: false as const, message: `The file could not be checked: ${err.message}` }))
      : STRUCTURE_CHECKS[fileType](await readFile(input.path));
    if (!structure.ok) return { status: 'invalid', errorMessage: structure.message };
    if (structure.width * structure.height > MAX_DECODE_PIXELS) {
      return { status: 'invalid', errorMessage: `The image is too large to process (${structure.width} x ${structure.height} pixels).` };
    }
    if (input.fileType === 'tiff') return { status: 'valid', actualPages: structure.pages };
    return this.withMedia(async (media) => {
      await mkdir(this.workDir, { recursive: true });
      const outPath = path.join(this.workDir, `${randomUUID()}.pgm`);
      try {
        await media.call(
          'image_decode',
          { path: input.path, outPath, maxPixels: MAX_DECODE_PIXELS, budgetPixels: this.options.maxPagePixels ?? DEFAULT_MAX_PAGE_PIXELS, checkOnly: true },
          this.callOptions('decode the image'),
        );
      } finally {
        await rm(outPath, { force: true });
      }
      return { status: 'valid', actualPages: 1 };
      // a large decode leaves its memory with the process: a fresh one for the next file
    }, structure.width * structure.height > LARGE_DECODE_PIXELS);
  }

  private callOptions(what: string) {
    const seconds = Math.round(this.options.timeoutMs / 1000);
    return {
      timeoutMs: this.options.timeoutMs,
      timeoutError: () => new OcrError('TIMEOUT', `The file could not be checked: it took longer than ${seconds} s to ${what}.`),
      onCrash: () => new OcrError('ENGINE_FAILED', `The file could not be read: the decoder stopped while trying to ${what} (the file is probably damaged).`),
    };
  }

  /** Runs `fn` with a media process of the pool; file problems become an invalid verdict. */
  private async withMedia(fn: (media: MediaProcess) => Promise<ValidationVerdict>, retireAfter = false): Promise<ValidationVerdict> {
    const slot = await this.acquire();
    let healthy = !retireAfter;
    try {
      const media = await this.processOf(slot);
      return await fn(media);
    } catch (err) {
      if (err instanceof ValidationUnavailable) throw err;
      if (err instanceof OcrError) {
        // TIMEOUT / ENGINE_FAILED: the process was killed or died; the others are file errors
        if (err.code === 'TIMEOUT' || err.code === 'ENGINE_FAILED') healthy = false;
        return { status: 'invalid', errorMessage: err.message };
      }
      healthy = false;
      throw err;
    } finally {
      this.release(slot, healthy);
    }
  }

  private acquire(): Promise<Slot> {
    if (this.closed) return Promise.reject(new ValidationUnavailable('The file checker is shut down.'));
    const free = this.slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      if (free.idleTimer) clearTimeout(free.idleTimer);
      free.idleTimer = null;
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private release(slot: Slot, healthy: boolean): void {
    slot.uses += 1;
    if (healthy && !this.closed && slot.proc && !slot.next && slot.uses >= USES_PER_PROCESS - PRESTART_USES) {
      slot.next = MediaProcess.start().catch(() => null);
    }
    if (!healthy || this.closed) this.retire(slot);
    else if (slot.uses >= USES_PER_PROCESS) this.retire(slot, true);
    const next = this.closed ? undefined : this.waiters.shift();
    if (next) {
      next.resolve(slot);
      return;
    }
    slot.busy = false;
    if ((slot.proc || slot.starting) && !this.closed) {
      slot.idleTimer = setTimeout(() => this.retire(slot), IDLE_MS);
      slot.idleTimer.unref();
    }
  }

  /** Closes the slot's process; `handOver`: the pre-started replacement takes its place. */
  private retire(slot: Slot, handOver = false): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    // a replacement handed over but not used yet is closed like the process itself
    const proc = slot.proc;
    const unused = slot.proc ? null : slot.starting;
    const next = slot.next;
    slot.proc = null;
    slot.next = null;
    slot.uses = 0;
    if (unused) void unused.then((p) => p.close()).catch(() => undefined);
    if (handOver && next) {
      // a replacement that failed to start is started again on first use, as usual
      const starting = next.then((p) => p ?? MediaProcess.start());
      starting.catch(() => undefined); // awaited (and reported) on first use; idle, it must not crash the API
      slot.starting = starting;
    } else {
      slot.starting = null;
      if (next) void next.then((p) => p?.close()).catch(() => undefined);
    }
    if (proc) void proc.close().catch(() => undefined);
  }

  private async processOf(slot: Slot): Promise<MediaProcess> {
    if (slot.proc) return slot.proc;
    slot.starting ??= MediaProcess.start();
    try {
      slot.proc = await slot.starting;
      if (this.options.tempRoot && !this.workDirPlaced) {
        this.workDirPlaced = true;
        // this process's folder under the temporary root: removed at shutdown, swept after a kill
        this.workDir = path.join((await prepareTempRoot(this.options.tempRoot)).processDir, 'validate');
      }
      await mkdir(this.workDir, { recursive: true });
      return slot.proc;
    } catch (err) {
      slot.starting = null;
      throw new ValidationUnavailable(`The file checker could not start: ${(err as Error).message}`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        const proc = slot.proc;
        const next = slot.next;
        const unused = proc ? null : slot.starting;
        slot.proc = null;
        slot.next = null;
        slot.starting = null;
        if (proc) await proc.close().catch(() => undefined);
        if (unused) await unused.then((p) => p.close()).catch(() => undefined);
        if (next) await next.then((p) => p?.close()).catch(() => undefined);
      }),
    );
    for (const w of this.waiters.splice(0)) w.reject(new ValidationUnavailable('The file checker is shut down.'));
    await rm(this.workDir, { recursive: true, force: true }).catch(() => undefined);
    await this.processing?.release();
  }
}
