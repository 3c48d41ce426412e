// Reading a page: the engine (resolved on first use), the document's language
// (OCR_LANGUAGES=auto) and the re-read of an unsure page with the best model
// (OCR_MODEL=fast+best). Used by pdf.ts and image.ts for page images, and for a text-layer
// page's pictures.
import { rm } from 'node:fs/promises';
import { TesseractCliEngine, resolveEngine, type OcrEngine } from './engines';
import { detectLanguage, readingLanguages } from './language';
import type { PdfPageReply } from './media';
import { textLayerWithRegions, type RegionText } from './regions';
import type { OcrRun } from './run';
import { rereadUnsureLines } from './reread';
import { parseTesseractTsv, type TsvPage } from './tsv';
import type { OcrEngineName } from './types';

/** A page's reading: tesseract's TSV, the pages parsed from it, the languages it was read in (undefined: the engine's). */
interface Reading {
  tsv: string;
  pages: TsvPage[];
  languages: string | undefined;
}

export class PageReader {
  private enginePromise: Promise<OcrEngine> | null = null;
  /** the engine's name once it is resolved (a run of text-layer pages only never resolves one) */
  engineName: OcrEngineName | undefined;
  /**
   * OCR_LANGUAGES=auto: the language a document's pages are read in, once a page (its text layer,
   * or its first reading in English) has told it; a page read in another language than the one
   * its text is in is read again in its own.
   */
  private documentLanguage: string | null = null;
  /** languages a page was told in whose reading was not the surer one: not tried again in this document */
  private readonly refuted = new Set<string>();

  constructor(private readonly run: OcrRun) {}

  private engine(): Promise<OcrEngine> {
    const { options, settings } = this.run;
    return (this.enginePromise ??= resolveEngine(options.engine ?? 'auto', settings.concurrency, {
      ...(options.model ? { model: options.model } : {}),
      ...(options.languages ? { languages: options.languages } : {}),
    }).then((e) => {
      this.engineName = e.name;
      return e;
    }));
  }

  private detecting(engine: OcrEngine): boolean {
    return engine instanceof TesseractCliEngine && engine.detect;
  }

  private readingIn(engine: OcrEngine): string | undefined {
    return this.detecting(engine) ? readingLanguages(this.documentLanguage ?? 'eng') : undefined;
  }

  private read(engine: OcrEngine, imagePath: string, page: number | undefined, imageDpi: number | undefined, languages: string | undefined, psm: number = this.run.settings.psm): Promise<string> {
    const { settings, controller } = this.run;
    return engine.recognize({
      path: imagePath,
      psm,
      timeoutMs: settings.pageTimeoutMs,
      signal: controller.signal,
      ...(imageDpi ? { dpi: imageDpi } : {}),
      ...(page ? { page } : {}),
      ...(languages ? { languages } : {}),
    });
  }

  /**
   * The page's TSV with the lines holding words tesseract was unsure of read again on their own
   * (reread.ts), in the languages the page was read in, where the page was read with a mean
   * confidence under `rereadBelow` (85, as for OCR_MODEL=fast+best). The tesseract command only:
   * it reads a line cut out of the page (tesseract.js is given whole images).
   */
  private linesAgain(engine: OcrEngine, imagePath: string, tsv: string, page: number | undefined, imageDpi: number | undefined, languages: string | undefined): Promise<string> {
    if (!(engine instanceof TesseractCliEngine) || !this.run.settings.rereadLines) return Promise.resolve(tsv);
    return rereadUnsureLines(imagePath, tsv, (cropPath) => this.read(engine, cropPath, page, imageDpi, languages, 7), this.run.settings.rereadBelow);
  }

  private parse(tsv: string, detect: boolean): Promise<TsvPage[]> | TsvPage[] {
    const { pool } = this.run.settings;
    return pool
      ? pool.run('ocr-tsv', { tsv, detect }, { signal: this.run.controller.signal, what: 'reading the recognised text' })
      : parseTesseractTsv(tsv, { detect });
  }

  private async reading(engine: OcrEngine, imagePath: string, page: number | undefined, imageDpi: number | undefined, languages: string | undefined, detect = false): Promise<Reading> {
    const tsv = await this.read(engine, imagePath, page, imageDpi, languages);
    return { tsv, pages: await this.parse(tsv, detect), languages };
  }

  /** OCR_MODEL=fast+best: a page read in English with the fast model and little confidence is read again with best; the surer reading is kept. */
  private async surer(engine: OcrEngine, read: Reading, again: () => Promise<Reading>): Promise<Reading> {
    const confidence = read.pages[0]?.confidence;
    if (!(engine instanceof TesseractCliEngine) || !engine.rereadWith || (read.languages ?? 'eng') !== 'eng' || confidence === undefined || confidence >= this.run.settings.rereadBelow) return read;
    const best = await again();
    return (best.pages[0]?.confidence ?? 0) > confidence ? best : read;
  }

  /** An image (a rendered page, a decoded picture) read by the engine: one entry per page it holds. */
  async recognise(imagePath: string, page: number | undefined, imageDpi?: number): Promise<TsvPage[]> {
    const engine = await this.engine();
    const kept = await this.readingOf(engine, imagePath, page, imageDpi);
    // the lines are read again once the page's reading is chosen, in its languages
    const tsv = await this.linesAgain(engine, imagePath, kept.tsv, page, imageDpi, kept.languages);
    if (tsv === kept.tsv) return kept.pages;
    const told = kept.pages[0]?.language;
    return (await this.parse(tsv, false)).map((p) => (told ? { ...p, language: told } : p));
  }

  private async readingOf(engine: OcrEngine, imagePath: string, page: number | undefined, imageDpi?: number): Promise<Reading> {
    const rereadWith = engine instanceof TesseractCliEngine ? engine.rereadWith : undefined;
    const withBest = () => this.reading(engine, imagePath, page, imageDpi, rereadWith);
    if (!this.detecting(engine)) return this.surer(engine, await this.reading(engine, imagePath, page, imageDpi, undefined), withBest);
    const readAs = this.documentLanguage ?? 'eng';
    const first = await this.reading(engine, imagePath, page, imageDpi, readingLanguages(readAs), true);
    const told = first.pages[0]?.language;
    if (!told || told === readAs || this.refuted.has(told)) {
      if (told) this.documentLanguage = told;
      return this.surer(engine, first, withBest);
    }
    // The language is told from trigrams of what the first reading made of the page, and on an
    // invoice's names, numbers and short labels the runner-up is often within 1-2 % of the winner:
    // an English page is told French now and then. The reading in the told language must also be
    // the surer one before the document is read that way, or every later page pays a second read.
    const again = await this.reading(engine, imagePath, page, imageDpi, readingLanguages(told));
    if ((again.pages[0]?.confidence ?? 0) <= (first.pages[0]?.confidence ?? 0)) {
      this.refuted.add(told);
      return this.surer(engine, first, withBest);
    }
    this.documentLanguage = told;
    return this.surer(engine, again, withBest);
  }

  /** A text-layer page: its layout, with what tesseract reads in its pictures (letterheads, scans) in reading order. */
  async textLayerLines(info: PdfPageReply, page: number): Promise<string[]> {
    const { pool } = this.run.settings;
    const { signal } = this.run.controller;
    const images = info.images ?? [];
    const regions: RegionText[] = [];
    if (images.length > 0) {
      const engine = await this.engine();
      if (this.detecting(engine) && this.documentLanguage === null) {
        const text = info.items.map((it) => it.str).join(' ');
        const told = pool ? await pool.run('ocr-language', { text }, { signal, what: 'telling the page\'s language' }) : detectLanguage(text);
        if (told) this.documentLanguage = told;
      }
      try {
        for (const image of images) {
          const languages = this.readingIn(engine);
          const tsv = await this.linesAgain(engine, image.path, await this.read(engine, image.path, page, image.dpi, languages), page, image.dpi, languages);
          regions.push({ tsv, region: { left: image.left, top: image.top, pointsPerPixel: image.pointsPerPixel } });
        }
      } finally {
        await Promise.all(images.map((image) => rm(image.path, { force: true })));
      }
    }
    return pool
      ? pool.run('ocr-text-layer', { items: info.items, regions }, { signal, what: 'laying out a text layer' })
      : textLayerWithRegions(info.items, regions);
  }
}
