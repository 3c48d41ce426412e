// A PDF, page by page: a page with a text layer is laid out from it (its pictures read by the
// engine), a page without one is rendered and recognised. Pages are read `concurrency` at a
// time, each lane with its own renderer.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkPdfStreams } from '../pdf-streams';
import { OcrError } from './errors';
import { runLanes } from './lanes';
import { MediaProcess, type PdfPageReply } from './media';
import type { PageReader } from './reader';
import { MAX_RENDER_PIXELS, pageDone, startMedia, type OcrRun } from './run';

export async function readPdf(run: OcrRun, reader: PageReader): Promise<void> {
  const { settings, controller, options } = run;
  const { pool, concurrency } = settings;
  const pdfPath = path.join(run.tmp, 'input.pdf');
  await writeFile(pdfPath, run.bytes);
  if (options.pdfStreamLimits) {
    const limits = options.pdfStreamLimits;
    const check = pool
      ? await pool.run('pdf-streams', { path: pdfPath, limits }, { signal: controller.signal, what: 'checking the PDF\'s streams' })
      : await checkPdfStreams(run.bytes, limits);
    if (!check.ok) throw new OcrError('PDF_TOO_LARGE', check.message);
  }
  // The second lane's renderer starts (or is taken warm) while the first opens the document;
  // every renderer is in run.extraMedia before this returns, so the run ends or parks it.
  const more = () =>
    MediaProcess.acquire(controller.signal).then((proc) => {
      run.extraMedia.push(proc);
      return proc;
    });
  const spare = concurrency > 1 ? more() : null;
  spare?.catch(() => {});
  try {
    await readPages(run, reader, pdfPath, spare, more);
  } finally {
    await spare?.catch(() => null);
  }
}

async function readPages(run: OcrRun, reader: PageReader, pdfPath: string, spare: Promise<MediaProcess> | null, more: () => Promise<MediaProcess>): Promise<void> {
  const { settings, controller, progress, filename, options } = run;
  const { readTimeoutMs, concurrency } = settings;
  const m = await startMedia(run, { warm: true });
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
      const proc = await (lane === 1 && spare ? spare : more());
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
      const request = { page: n, minChars: settings.minChars, dpi: settings.dpi, maxPixels: Math.min(MAX_RENDER_PIXELS, settings.maxPagePixels), outPath: path.join(run.tmp, `page-${n}.pgm`), readImages: settings.readImages };
      p = rendererOf(n).then((proc) => proc.call<PdfPageReply>('pdf_page', request, {
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
      pageDone(run, { page_number: n, source: 'text_layer', lines: await reader.textLayerLines(info, n) }, reader.engineName);
      return;
    }
    try {
      const [first] = await reader.recognise(info.rendered.path, n, info.rendered.dpi);
      pageDone(
        run,
        {
          page_number: n,
          source: 'ocr',
          lines: first?.lines ?? [],
          ...(first?.confidence !== undefined ? { confidence: first.confidence } : {}),
          ...(first?.unsure ? { unsure_words: first.unsure } : {}),
          cleaned: info.rendered.clean,
        },
        reader.engineName,
      );
    } finally {
      await rm(info.rendered.path, { force: true });
    }
  });
}
