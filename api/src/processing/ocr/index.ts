// Quarry OCR engine: PDF or image bytes in, pages of numbered lines out.
//
//   const result = await runOcr({ bytes, mimeType, filename }, { concurrency, engine, signal, onProgress });
//   ...
//   await shutdownOcr(); // on process shutdown: ends the tesseract.js workers and media processes
//
// PDFs: each page's text layer is used when it has at least `minTextLayerChars` (20) non-space
// characters; other pages are rendered at 300 DPI (greyscale) and recognised. Images are
// recognised directly. Pages are recognised `concurrency` at a time. See README.md here.
import { availableParallelism } from 'node:os';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentText, numberLines, toMarkdown } from './assemble';
import { ENGINE_NATIVE_FORMATS, detectInput, imageSize, type DetectedInput } from './detect';
import { TesseractCliEngine, resolveEngine, shutdownTesseractJs, type OcrEngine } from './engines';
import { OcrAbortError, OcrError, isOcrError, throwIfAborted } from './errors';
import { detectLanguage, readingLanguages } from './language';
import { textLayerWithRegions, type RegionText } from './regions';
import { MediaProcess, type PdfPageReply } from './media';
import { parseTesseractTsv, type TsvPage } from './tsv';
import { checkPdfStreams } from '../pdf-streams';
import type { OcrEngineName, OcrInput, OcrOptions, OcrPage, OcrProgress, OcrResult, PageCleaning, PageSource } from './types';

export * from './types';
export { OcrError, OcrAbortError, isOcrError, isAbortError, type OcrErrorCode } from './errors';
export { detectTesseractCli, tesseractJsPoolSize } from './engines';
export { detectInput, sniffImage, sniffPdf } from './detect';

export const DEFAULT_PSM = 6;
export const DEFAULT_DPI = 300;
export const DEFAULT_MIN_TEXT_LAYER_CHARS = 20;
export const DEFAULT_PAGE_TIMEOUT_MS = 120_000;
export const DEFAULT_READ_TIMEOUT_MS = 60_000;
/** OCR_MODEL=fast+best: a page read with a mean word confidence below this is read again with best (bench/ocr/RESULTS.md) */
export const DEFAULT_REREAD_BELOW = 85;
const MAX_RENDER_PIXELS = 40_000_000;
const MAX_DECODE_PIXELS = 100_000_000;
/**
 * Pixels of a page image handed to tesseract (and held by the media process): a larger image
 * is scaled down to it. 16 Mpx is a 300 DPI A3 page; an A4 page at 300 DPI is 8.7 Mpx and is
 * untouched. Measured in bench/ocr (the scaled 9,990 x 9,990 test image) and api/src/pool/pool.test.ts.
 */
export const DEFAULT_MAX_PAGE_PIXELS = 16_000_000;

export const defaultOcrConcurrency = (): number => Math.max(1, Math.min(2, availableParallelism()));

/** Runs in progress, so shutdownOcr() can stop them. */
const activeRuns = new Set<{ controller: AbortController; shuttingDown: boolean }>();
const shutdownError = () => new OcrError('ENGINE_UNAVAILABLE', 'OCR was stopped because the server is shutting down.');

/**
 * Stops every run in progress (they reject with ENGINE_UNAVAILABLE; their media and tesseract
 * processes are killed) and terminates the tesseract.js worker pool. OCR can be used again
 * afterwards (a new pool is started on demand).
 */
export async function shutdownOcr(): Promise<void> {
  for (const run of activeRuns) {
    run.shuttingDown = true;
    run.controller.abort();
  }
  await shutdownTesseractJs();
}

const round = (n: number, digits = 3): number => Math.round(n * 10 ** digits) / 10 ** digits;
const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;
const stripDot = (s: string): string => s.replace(/\.+$/, '');

class Progress {
  current = 0;
  total = 0;
  textLength = 0;

  constructor(
    private readonly listener: ((e: OcrProgress) => void) | undefined,
    private readonly filename: string,
    private readonly bytes: number,
    private readonly elapsed: () => number,
  ) {}

  emit(
    phase: OcrProgress['phase'],
    subPhase: string,
    message: string,
    extra: { page?: number; page_source?: PageSource; engine?: OcrEngineName | undefined; percentage?: number; event_type?: OcrProgress['event_type'] } = {},
  ): void {
    if (!this.listener) return;
    const percentage =
      extra.percentage ?? (this.total > 0 ? Math.min(99, Math.floor(5 + (95 * this.current) / this.total)) : 0);
    const event: OcrProgress = {
      phase,
      sub_phase: subPhase,
      event_type: extra.event_type ?? 'progress',
      message,
      current: this.current,
      total: this.total,
      units: 'pages',
      percentage,
      details: {
        filename: this.filename,
        bytes_downloaded: this.bytes,
        text_length: this.textLength,
        processing_time: this.elapsed(),
        ...(this.total > 0 ? { page_count: this.total } : {}),
        ...(extra.page !== undefined ? { page: extra.page } : {}),
        ...(extra.page_source ? { page_source: extra.page_source } : {}),
        ...(extra.engine ? { engine: extra.engine } : {}),
      },
    };
    try {
      this.listener(event);
    } catch {
      // A failing listener must not fail the OCR.
    }
  }
}

/**
 * Runs `fn(i)` for i in [0, count) with at most `concurrency` in flight, in index order.
 * The first failure stops scheduling, aborts `controller` (so in-flight work is cancelled)
 * and is rethrown once every lane has stopped.
 */
async function runLanes(count: number, concurrency: number, controller: AbortController, fn: (i: number) => Promise<void>): Promise<void> {
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

export async function runOcr(input: OcrInput, options: OcrOptions = {}): Promise<OcrResult> {
  const started = performance.now();
  const elapsed = () => round((performance.now() - started) / 1000);
  const outer = options.signal;
  throwIfAborted(outer);

  const concurrency = Math.max(1, Math.min(16, Math.floor(options.concurrency ?? defaultOcrConcurrency())));
  const psm = options.psm ?? DEFAULT_PSM;
  const dpi = options.dpi ?? DEFAULT_DPI;
  const minChars = options.minTextLayerChars ?? DEFAULT_MIN_TEXT_LAYER_CHARS;
  const pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  const readTimeoutMs = options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
  const bytes = input.bytes;
  const filename = input.filename || 'file';
  const pool = options.pool;
  const maxPagePixels = Math.max(1_000_000, options.maxPagePixels ?? DEFAULT_MAX_PAGE_PIXELS);
  const readImages = options.readImages ?? true;

  const detected: DetectedInput = detectInput({ bytes, mimeType: input.mimeType, filename });
  const progress = new Progress(options.onProgress, filename, bytes.length, elapsed);
  progress.emit('preparing', 'file_received', `Received ${filename} (${mb(bytes.length)})`, { percentage: 0 });

  const tmp = await mkdtemp(path.join(options.workDir ?? tmpdir(), 'quarry-ocr-'));
  // Fires on the caller's abort and on the first failure, so parallel work stops at once.
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const run = { controller, shuttingDown: false };
  activeRuns.add(run);

  let enginePromise: Promise<OcrEngine> | null = null;
  let engineName: OcrEngineName | undefined;
  const getEngine = (): Promise<OcrEngine> =>
    (enginePromise ??= resolveEngine(options.engine ?? 'auto', concurrency, {
      ...(options.model ? { model: options.model } : {}),
      ...(options.languages ? { languages: options.languages } : {}),
    }).then((e) => {
      engineName = e.name;
      return e;
    }));

  let media: MediaProcess | null = null;
  /** a PDF's further renderers (one per lane) */
  const extraMedia: MediaProcess[] = [];
  const startMedia = async (): Promise<MediaProcess> => {
    media = await MediaProcess.start(controller.signal);
    return media;
  };

  const pages: OcrPage[] = [];

  /**
   * OCR_LANGUAGES=auto: the language a document's pages are read in, once a page (its text layer,
   * or its first reading in English) has told it; a page read in another language than the one
   * its text is in is read again in its own.
   */
  let documentLanguage: string | null = null;
  const detecting = (engine: OcrEngine): boolean => engine instanceof TesseractCliEngine && engine.detect;
  const readingIn = (engine: OcrEngine): string | undefined => (detecting(engine) ? readingLanguages(documentLanguage ?? 'eng') : undefined);

  const recogniseTsv = async (engine: OcrEngine, imagePath: string, page: number | undefined, imageDpi?: number, languages?: string) =>
    engine.recognize({
      path: imagePath,
      psm,
      timeoutMs: pageTimeoutMs,
      signal: controller.signal,
      ...(imageDpi ? { dpi: imageDpi } : {}),
      ...(page ? { page } : {}),
      ...(languages ? { languages } : {}),
    });
  const parseTsv = (tsv: string, detect: boolean): Promise<TsvPage[]> | TsvPage[] =>
    pool ? pool.run('ocr-tsv', { tsv, detect }, { signal: controller.signal, what: 'reading the recognised text' }) : parseTesseractTsv(tsv, { detect });

  const rereadBelow = options.rereadBelow ?? DEFAULT_REREAD_BELOW;
  /** OCR_MODEL=fast+best: a page read in English with the fast model and little confidence is read again with best; the surer reading is kept. */
  const surer = async (engine: OcrEngine, read: TsvPage[], languages: string | undefined, again: () => Promise<TsvPage[]>): Promise<TsvPage[]> => {
    const confidence = read[0]?.confidence;
    if (!(engine instanceof TesseractCliEngine) || !engine.rereadWith || (languages ?? 'eng') !== 'eng' || confidence === undefined || confidence >= rereadBelow) return read;
    const best = await again();
    return (best[0]?.confidence ?? 0) > confidence ? best : read;
  };

  const recognise = async (imagePath: string, page: number | undefined, imageDpi?: number): Promise<TsvPage[]> => {
    const engine = await getEngine();
    const rereadWith = engine instanceof TesseractCliEngine ? engine.rereadWith : undefined;
    const withBest = () => recogniseTsv(engine, imagePath, page, imageDpi, rereadWith).then((tsv) => parseTsv(tsv, false));
    if (!detecting(engine)) return surer(engine, await parseTsv(await recogniseTsv(engine, imagePath, page, imageDpi), false), undefined, withBest);
    const readAs = documentLanguage ?? 'eng';
    const first = await parseTsv(await recogniseTsv(engine, imagePath, page, imageDpi, readingLanguages(readAs)), true);
    const told = first[0]?.language;
    if (!told || told === readAs) {
      if (told) documentLanguage = told;
      return surer(engine, first, readingLanguages(readAs), withBest);
    }
    documentLanguage = told;
    return surer(engine, await parseTsv(await recogniseTsv(engine, imagePath, page, imageDpi, readingLanguages(told)), false), readingLanguages(told), withBest);
  };

  /** A text-layer page: its layout, with what tesseract reads in its pictures (letterheads, scans) in reading order. */
  const textLayerLines = async (info: PdfPageReply, page: number): Promise<string[]> => {
    const images = info.images ?? [];
    const regions: RegionText[] = [];
    if (images.length > 0) {
      const engine = await getEngine();
      if (detecting(engine) && documentLanguage === null) {
        const text = info.items.map((it) => it.str).join(' ');
        const told = pool ? await pool.run('ocr-language', { text }, { signal: controller.signal, what: 'telling the page\'s language' }) : detectLanguage(text);
        if (told) documentLanguage = told;
      }
      try {
        for (const image of images) {
          const tsv = await recogniseTsv(engine, image.path, page, image.dpi, readingIn(engine));
          regions.push({ tsv, region: { left: image.left, top: image.top, pointsPerPixel: image.pointsPerPixel } });
        }
      } finally {
        await Promise.all(images.map((image) => rm(image.path, { force: true })));
      }
    }
    return pool
      ? pool.run('ocr-text-layer', { items: info.items, regions }, { signal: controller.signal, what: 'laying out a text layer' })
      : textLayerWithRegions(info.items, regions);
  };

  const pageDone = (page: OcrPage) => {
    pages.push(page);
    progress.current += 1;
    progress.textLength += page.lines.join('\n').length;
    const what =
      page.source === 'text_layer'
        ? `text layer, ${page.lines.join('\n').length} characters`
        : `recognised with ${engineName}, ${page.lines.join('\n').length} characters`;
    progress.emit('processing', page.source === 'text_layer' ? 'text_layer' : 'ocr', `Page ${page.page_number} of ${progress.total}: ${what}`, {
      page: page.page_number,
      page_source: page.source,
      engine: page.source === 'ocr' ? engineName : undefined,
    });
  };

  const ocrPdf = async (): Promise<void> => {
    const pdfPath = path.join(tmp, 'input.pdf');
    await writeFile(pdfPath, bytes);
    if (options.pdfStreamLimits) {
      const limits = options.pdfStreamLimits;
      const check = pool
        ? await pool.run('pdf-streams', { path: pdfPath, limits }, { signal: controller.signal, what: 'checking the PDF\'s streams' })
        : await checkPdfStreams(bytes, limits);
      if (!check.ok) throw new OcrError('PDF_TOO_LARGE', check.message);
    }
    const m = await startMedia();
    const open = (proc: MediaProcess) =>
      proc.call<{ pageCount: number }>('pdf_open', { path: pdfPath }, {
        timeoutMs: readTimeoutMs,
        timeoutError: () => new OcrError('TIMEOUT', `Opening the PDF took longer than ${Math.round(readTimeoutMs / 1000)} s.`),
        onCrash: (d) => new OcrError('PDF_CORRUPT', `The PDF could not be opened: the PDF reader stopped (${d}).`),
      });
    const { pageCount } = await open(m);
    if (pageCount < 1) throw new OcrError('PDF_EMPTY', `The PDF ${filename} has no pages.`);
    if (options.maxPages && pageCount > options.maxPages) {
      throw new OcrError('PDF_TOO_LARGE', `The PDF ${filename} has ${pageCount} pages; at most ${options.maxPages} are processed. Split it and upload the parts.`);
    }
    progress.total = pageCount;
    progress.emit('preparing', 'document_opened', `${filename}: PDF with ${pageCount} page${pageCount === 1 ? '' : 's'}`, { percentage: 5 });

    // One media process per lane (page n is read by process (n - 1) mod lanes): rendering and
    // cleaning a scanned page costs about as much as recognising it, so a single renderer would
    // leave the second core idle. Each reads its pages one at a time; asking one page ahead keeps
    // it busy while the engines recognise earlier pages.
    const lanes = Math.min(concurrency, pageCount);
    const renderers: Promise<MediaProcess>[] = [Promise.resolve(m)];
    const rendererOf = (n: number): Promise<MediaProcess> => {
      const lane = (n - 1) % lanes;
      renderers[lane] ??= (async () => {
        const proc = await MediaProcess.start(controller.signal);
        extraMedia.push(proc);
        await open(proc);
        return proc;
      })();
      return renderers[lane]!;
    };
    const fetched = new Map<number, Promise<PdfPageReply>>();
    const fetchPage = (n: number): Promise<PdfPageReply> | undefined => {
      if (n < 1 || n > pageCount) return undefined;
      let p = fetched.get(n);
      if (!p) {
        p = rendererOf(n).then((proc) => proc.call<PdfPageReply>('pdf_page', { page: n, minChars, dpi, maxPixels: Math.min(MAX_RENDER_PIXELS, maxPagePixels), outPath: path.join(tmp, `page-${n}.pgm`), readImages }, {
          timeoutMs: readTimeoutMs,
          timeoutError: () => new OcrError('TIMEOUT', `Reading page ${n} of the PDF took longer than ${Math.round(readTimeoutMs / 1000)} s.`, { page: n }),
          onCrash: (d) => new OcrError('PDF_CORRUPT', `Page ${n} of the PDF could not be read: the PDF renderer stopped (${d}).`, { page: n }),
        }));
        p.catch(() => {}); // a prefetched page may never be awaited (abort, earlier failure)
        fetched.set(n, p);
      }
      return p;
    };

    await runLanes(pageCount, concurrency, controller, async (i) => {
      const n = i + 1;
      const reply = fetchPage(n)!;
      fetchPage(n + concurrency);
      const info = await reply;
      fetched.delete(n);
      if (!info.rendered) {
        pageDone({ page_number: n, source: 'text_layer', lines: await textLayerLines(info, n) });
        return;
      }
      try {
        const [first] = await recognise(info.rendered.path, n, info.rendered.dpi);
        pageDone({
          page_number: n,
          source: 'ocr',
          lines: first?.lines ?? [],
          ...(first?.confidence !== undefined ? { confidence: first.confidence } : {}),
          cleaned: info.rendered.clean,
        });
      } finally {
        await rm(info.rendered.path, { force: true });
      }
    });
  };

  const ocrImage = async (format: Extract<DetectedInput, { kind: 'image' }>['format']): Promise<void> => {
    progress.total = 1;
    const size = imageSize(bytes, format);
    if (size && size.width * size.height > MAX_DECODE_PIXELS) {
      throw new OcrError('IMAGE_TOO_LARGE', `The image is too large to recognise (${size.width} x ${size.height} pixels; at most ${Math.round(MAX_DECODE_PIXELS / 1e6)} megapixels).`);
    }
    const imagePath = path.join(tmp, `input.${format}`);
    await writeFile(imagePath, bytes);
    let cleaned: PageCleaning | undefined;
    const decodeWithCanvas = async (): Promise<string> => {
      const m = media ?? (await startMedia());
      const out = await m.call<{ path: string; clean: PageCleaning }>('image_decode', { path: imagePath, outPath: path.join(tmp, 'decoded.pgm'), maxPixels: MAX_DECODE_PIXELS, budgetPixels: maxPagePixels }, {
        timeoutMs: readTimeoutMs,
        timeoutError: () => new OcrError('TIMEOUT', `Decoding the image took longer than ${Math.round(readTimeoutMs / 1000)} s.`),
        onCrash: (d) => new OcrError('IMAGE_UNDECODABLE', `The image ${filename} could not be decoded: the decoder stopped on its data (${d}); the file is damaged or not a supported image.`),
      });
      cleaned = out.clean;
      // the decoder's memory (a large image's pixels) is given back before tesseract reads the page
      media = null;
      await m.close();
      return out.path;
    };
    const recogniseNative = async () => {
      try {
        return await recognise(imagePath, undefined);
      } catch (err) {
        if (isOcrError(err) && err.code === 'IMAGE_UNDECODABLE') {
          throw new OcrError('IMAGE_UNDECODABLE', `The image ${filename} could not be decoded: the file is damaged or not a valid ${format.toUpperCase()} image.`, { cause: err });
        }
        throw err;
      }
    };
    let parsed: TsvPage[];
    if (!ENGINE_NATIVE_FORMATS.has(format)) {
      parsed = await recognise(await decodeWithCanvas(), undefined);
    } else if (format === 'tiff' || format === 'pnm') {
      // Leptonica reads these itself (a multi-page TIFF gives every page); the canvas decoder cannot.
      parsed = await recogniseNative();
    } else {
      // Decoded in the media process so the page is cleaned (page-clean.mjs: a scan's noise and
      // skew out) before recognition; if the canvas decoder refuses it, Leptonica reads it as it is.
      // ... except one it refused for its size: Leptonica would decode all of it
      const decoded = await decodeWithCanvas().catch((err: unknown) => {
        if (isOcrError(err) && err.code === 'IMAGE_TOO_LARGE') throw err;
        return null;
      });
      if (controller.signal.aborted) throw new OcrAbortError();
      parsed = decoded ? await recognise(decoded, undefined) : await recogniseNative();
    }
    const found = parsed.length > 0 ? parsed : [{ page: 1, lines: [] as string[] }];
    progress.total = found.length; // a multi-page TIFF (CLI engine) reports every page
    found.forEach((p, idx) =>
      pageDone({
        page_number: idx + 1,
        source: 'ocr',
        lines: p.lines,
        ...('confidence' in p && p.confidence !== undefined ? { confidence: p.confidence } : {}),
        ...(cleaned ? { cleaned } : {}),
      }),
    );
  };

  try {
    if (detected.kind === 'pdf') await ocrPdf();
    else await ocrImage(detected.format);
  } catch (err) {
    if (run.shuttingDown) throw shutdownError();
    if (outer?.aborted) throw new OcrAbortError();
    if (isOcrError(err)) throw err;
    throw new OcrError('ENGINE_FAILED', `OCR failed: ${stripDot(err instanceof Error ? err.message : String(err))}.`, { cause: err });
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
    activeRuns.delete(run);
    const m = media as MediaProcess | null;
    await Promise.all([...(m ? [m] : []), ...extraMedia].map((x) => x.close()));
    await rm(tmp, { recursive: true, force: true });
  }
  if (run.shuttingDown) throw shutdownError();
  if (outer?.aborted) throw new OcrAbortError();

  pages.sort((a, b) => a.page_number - b.page_number);
  const assembled = pool
    ? await pool.run('ocr-assemble', { pages }, { ...(outer ? { signal: outer } : {}), what: 'assembling the OCR result' })
    : { text: documentText(pages), lines: numberLines(pages), markdown: toMarkdown(pages) };
  const text = assembled.text;
  const confidences = pages.map((p) => p.confidence).filter((c): c is number => c !== undefined);
  const result: OcrResult = {
    pages,
    lines: assembled.lines,
    text,
    markdown: assembled.markdown,
    text_length: text.length,
    processing_time: elapsed(),
    page_count: pages.length,
    engine: engineName ?? 'text_layer',
    input_kind: detected.kind,
    ...(confidences.length > 0 ? { confidence: round(confidences.reduce((s, c) => s + c, 0) / confidences.length, 2) } : {}),
  };
  progress.textLength = text.length;
  progress.current = progress.total = pages.length;
  progress.emit('completed', 'finished', `OCR completed successfully - ${text.length} characters extracted`, {
    percentage: 100,
    event_type: 'success',
    ...(engineName ? { engine: engineName } : {}),
  });
  return result;
}
