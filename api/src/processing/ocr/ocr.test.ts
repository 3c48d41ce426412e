// The OCR engine end to end, with the real engines (tesseract.js and the Debian `tesseract`
// command), pdfjs in the media process, and fixtures generated here with pdf-lib and canvas.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { characterAccuracy } from './fixtures/accuracy';
import {
  encodeGreyBmp,
  encodeGreyGif,
  encodeGreyTiff,
  expectedLines,
  greyPixels,
  makeBrokenPng,
  makeCorruptPdf,
  makeEmptyPdf,
  makeEncryptedPdf,
  makeImagePdf,
  makeTextPdf,
  receiptWithWornName,
  renderTextImage,
  scanLike,
  type Block,
} from './fixtures/generate';
import { TesseractCliEngine } from './engines';
import { encodePgm } from './reread';
import { bundledModelPath } from './engines/tessdata';
import { eachEngine, itWith } from './fixtures/engines';
import { withRecordedTesseract } from './fixtures/recorded-tesseract';
import { PAGE_SEPARATOR, detectTesseractCli, runOcr, shutdownOcr, tesseractJsPoolSize, type OcrError, type OcrProgress } from './index';

jest.setTimeout(60_000);

afterAll(async () => {
  await shutdownOcr();
});

const pdf = (bytes: Uint8Array, filename = 'doc.pdf') => ({ bytes, mimeType: 'application/pdf', filename });
const png = (bytes: Uint8Array, filename = 'scan.png') => ({ bytes, mimeType: 'image/png', filename });

async function failure(p: Promise<unknown>): Promise<OcrError> {
  try {
    await p;
  } catch (err) {
    return err as OcrError;
  }
  throw new Error('expected the OCR to fail');
}

/** A PNG as the 8-bit grey PGM the media process writes. */
async function pgmOf(png: Buffer) {
  const { width, height, grey } = await greyPixels(png);
  return { width, height, pixels: grey };
}
const quarryTempDirs = () => readdirSync(tmpdir()).filter((n) => n.startsWith('quarry-ocr-')).length;

// Text of a scanned page: prose plus a small table.
const SCAN_ROWS: Array<string | string[]> = [
  'Invoice 2024-117 from Northwind Trading Ltd',
  'Delivery address: 42 Harbour Street, Bristol BS1 4RN',
  'Payment is due within 30 days of the invoice date.',
  '',
  ['Item', 'Qty', 'Price'],
  ['Hex bolts M8', '1,200', '420.00'],
  ['Anchor kits', '85', '1,062.50'],
];

describe('PDF with a text layer', () => {
  const pages: Block[][] = [
    [
      { kind: 'paragraph', lines: ['Quarterly report for Northwind Trading', 'Prepared on 3 March 2024 by the finance team.'] },
      { kind: 'paragraph', lines: ['Revenue grew by 12 percent compared with the previous quarter.', 'Operating costs stayed at 4.2 million euros.'] },
    ],
    [
      { kind: 'paragraph', lines: ['Line items'] },
      {
        kind: 'table',
        rows: [
          ['Item', 'Qty', 'Unit price', 'Total'],
          ['Hex bolts M8', '1200', '0.35', '420.00'],
          ['Washers 10mm', '5000', '0.02', '100.00'],
          ['Anchor kits', '85', '12.50', '1062.50'],
        ],
      },
      { kind: 'paragraph', lines: ['Payment is due within 30 days (net).'] },
    ],
    [{ kind: 'paragraph', lines: ['Page three: signatures & stamps {ok} 100% [done]'] }],
  ];

  it('returns its text exactly, page by page, with 1-based line numbers', async () => {
    const bytes = await makeTextPdf(pages);
    const result = await runOcr(pdf(bytes, 'report.pdf'));
    const expected = pages.map(expectedLines);

    expect(result.input_kind).toBe('pdf');
    expect(result.engine).toBe('text_layer');
    expect(result.page_count).toBe(3);
    expect(result.pages.map((p) => p.source)).toEqual(['text_layer', 'text_layer', 'text_layer']);
    expect(result.pages.map((p) => p.lines)).toEqual(expected);
    // the table rows keep their columns as runs of spaces
    expect(result.pages[1]!.lines[2]).toBe('Item           Qty    Unit price   Total');
    expect(result.text).toBe(expected.map((l) => l.join('\n')).join(PAGE_SEPARATOR));
    expect(result.text_length).toBe(result.text.length);
    expect(result.lines.map((l) => l.number)).toEqual(Array.from({ length: expected.flat().length }, (_, i) => i + 1));
    expect(result.lines.filter((l) => l.page === 2).map((l) => l.text)).toEqual(expected[1]);
    expect(result.lines[0]).toEqual({ number: 1, page: 1, text: 'Quarterly report for Northwind Trading' });
    expect(result.markdown).toContain('| Item | Qty | Unit price | Total |');
    expect(result.processing_time).toBeGreaterThan(0);
  });
});

describe('image of text', () => {
  const image = renderTextImage(SCAN_ROWS, { width: 1300, fontSize: 30 });
  const expected = image.lines.join('\n');

  eachEngine(['tesseract-js', 'tesseract-cli'], 'reaches 95 % character accuracy with %s', async (engine) => {
    const result = await runOcr(png(image.png), { engine });
    const accuracy = characterAccuracy(expected, result.text);
    expect(result.engine).toBe(engine);
    expect(result.input_kind).toBe('image');
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]!.source).toBe('ocr');
    expect(result.pages[0]!.confidence).toBeGreaterThan(50);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
    // the table row stays one line with its column gaps
    expect(result.lines.some((l) => /^Hex bolts M8 {2,}1,200 {2,}420\.00$/.test(l.text))).toBe(true);
  });

  // A receipt scanned at 150 DPI has text lines of about 15 px: read as it is, tesseract loses the
  // decimal points and half the letters (about 50 % of the characters right at this size).
  eachEngine(['tesseract-js', 'tesseract-cli'], 'reads small print by drawing the image larger first (%s)', async (engine) => {
    const receipt = renderTextImage(
      ['INDAH GIFT & HOME DECO', '27, JALAN DEDAP 13, TAMAN JOHOR JAYA', 'Date: 19/10/2018 20:49:59', '', ['GF-TABLE LAMP/STITCH', '1', '55.90', '55.90'], '', 'TOTAL AMT        RM 60.31', 'CASH             RM 70.30', 'CHANGE           RM 10.00'],
      { width: 352, fontSize: 11 },
    );
    const result = await runOcr(png(receipt.png), { engine });
    expect(characterAccuracy(receipt.lines.join('\n'), result.text)).toBeGreaterThanOrEqual(0.95);
    expect(result.text).toContain('60.31');
  });

  itWith('tesseract-cli')('reads JPEG and WebP directly and decodes AVIF through canvas (CLI engine)', async () => {
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const img = await loadImage(image.png);
    const canvas = createCanvas(img.width, img.height);
    canvas.getContext('2d').drawImage(img, 0, 0);
    for (const [mimeType, bytes] of [
      ['image/jpeg', canvas.toBuffer('image/jpeg', 92)],
      ['image/webp', canvas.toBuffer('image/webp', 92)],
      ['image/avif', canvas.toBuffer('image/avif', { quality: 90 })],
    ] as const) {
      const result = await runOcr({ bytes, mimeType, filename: `scan.${mimeType.split('/')[1]}` }, { engine: 'tesseract-cli' });
      expect([mimeType, characterAccuracy(expected, result.text) >= 0.95]).toEqual([mimeType, true]);
    }
  });

  itWith('tesseract-cli')('reads GIF and BMP, and every page of a multi-page TIFF (CLI engine)', async () => {
    const grey = await greyPixels(image.png);
    const second = await greyPixels(renderTextImage(['Second frame of the TIFF file.'], { width: 1000, fontSize: 30 }).png);
    for (const [mimeType, bytes] of [
      ['image/gif', encodeGreyGif(grey)],
      ['image/bmp', encodeGreyBmp(grey)],
    ] as const) {
      const result = await runOcr({ bytes, mimeType, filename: 'scan' }, { engine: 'tesseract-cli' });
      expect([mimeType, characterAccuracy(expected, result.text) >= 0.95]).toEqual([mimeType, true]);
    }
    const tiff = await runOcr({ bytes: encodeGreyTiff([grey, second]), mimeType: 'image/tiff', filename: 'scan.tif' }, { engine: 'tesseract-cli' });
    expect(tiff.page_count).toBe(2);
    expect(characterAccuracy(expected, tiff.pages[0]!.lines.join('\n'))).toBeGreaterThanOrEqual(0.95);
    expect(tiff.pages[1]!.lines).toEqual(['Second frame of the TIFF file.']);
    expect(tiff.lines.at(-1)).toMatchObject({ page: 2, text: 'Second frame of the TIFF file.' });
  });

  // what the extractor reads to leave a misread name out (llm/offline/unsure.ts)
  eachEngine(['tesseract-cli', 'tesseract-js'], 'lists the words it read with little confidence beside their line (%s)', async (engine) => {
    const worn = receiptWithWornName();
    const result = await runOcr(png(worn.png), { engine });
    const page = result.pages[0]!;
    const unsure = (page.unsure_words ?? []).flatMap((u) => u.words.filter((w) => w.conf < 70).map((w) => ({ line: u.line, ...w })));
    // the worn word, on the name's line, read as other letters with little confidence; nothing else
    expect(unsure).toHaveLength(1);
    expect(unsure[0]!.line).toBe(page.lines.findIndex((l) => l.startsWith('PERNIAGAAN ZHENG')) + 1);
    expect(page.lines[unsure[0]!.line - 1]!.split(' ')).toContain(unsure[0]!.text);
    expect(unsure[0]!.text).not.toBe(worn.wornWord);
    // the same receipt whole: read right, nothing unsure enough to matter
    const whole = await runOcr(png(receiptWithWornName({ worn: false }).png), { engine });
    expect(whole.pages[0]!.lines[0]).toBe(worn.name);
    expect((whole.pages[0]!.unsure_words ?? []).flatMap((u) => u.words).filter((w) => w.conf < 70)).toEqual([]);
  });

  itWith('tesseract-cli')('reads a line holding an unsure word again on its own, cut out of the page (CLI engine)', async () => {
    const worn = receiptWithWornName();
    await withRecordedTesseract(async (tesseract) => {
      const before = quarryTempDirs();
      const lineCalls = () => tesseract.pageCalls().filter((c) => c.includes('--psm 7'));
      // read with a mean confidence of 85 or more (one worn word of eleven), the page is left as it is
      const clean = await runOcr(png(worn.png), { engine: 'tesseract-cli' });
      expect(clean.pages[0]!.confidence).toBeGreaterThanOrEqual(85);
      expect(lineCalls()).toEqual([]);
      // asked to read every page under 100 again: the worn letterhead, and nothing else of the receipt
      const result = await runOcr(png(worn.png), { engine: 'tesseract-cli', rereadBelow: 100 });
      expect(lineCalls()).toHaveLength(1);
      expect(lineCalls()[0]).toMatch(/-line-1\.pgm/);
      expect(result.pages[0]!.lines.slice(1)).toEqual(['RECEIPT', 'Date: 2018-03-09', 'Total: 12.50']);
      expect(quarryTempDirs()).toBe(before);
      tesseract.clear();
      await runOcr(png(worn.png), { engine: 'tesseract-cli', rereadLines: false, rereadBelow: 100 });
      expect(lineCalls()).toEqual([]);
    });
  });

  itWith('tesseract-cli')('keeps the unsure words of a scanned page inside a PDF (CLI engine)', async () => {
    const result = await runOcr(pdf(await makeImagePdf([receiptWithWornName().png])), { engine: 'tesseract-cli' });
    const page = result.pages[0]!;
    expect(page.source).toBe('ocr');
    // rendered from the PDF the word is read with more confidence (74 against 29) but still listed
    const listed = (page.unsure_words ?? []).map((u) => [page.lines[u.line - 1], u.words.map((w) => w.text)]);
    expect(listed).toEqual([[expect.stringMatching(/^PERNIAGAAN ZHENG /), [expect.not.stringMatching(/^HUI$/)]]]);
  });

  it('reuses the tesseract.js workers (pool no larger than the concurrency asked for)', async () => {
    await runOcr(png(image.png), { engine: 'tesseract-js', concurrency: 1 });
    await runOcr(png(image.png), { engine: 'tesseract-js', concurrency: 1 });
    expect(tesseractJsPoolSize()).toBe(1);
  });
});

describe('the English model the tesseract command reads', () => {
  // The distribution's eng data is tessdata_fast; the bundled tessdata_best model reads the
  // bench's development scans with a quarter fewer character errors (see engines/tessdata.ts).
  itWith('tesseract-cli')('is the bundled tessdata_best model, passed on every page', async () => {
    await withRecordedTesseract(async (tesseract) => {
      const image = renderTextImage(SCAN_ROWS, { width: 1300, fontSize: 30 });
      const result = await runOcr(png(image.png), { engine: 'tesseract-cli' });
      expect(characterAccuracy(image.lines.join('\n'), result.text)).toBeGreaterThanOrEqual(0.95);
      const cli = await detectTesseractCli(tesseract.command);
      expect(cli.model).toMatch(/eng bundled best/);
      const dir = cli.tessdataDir!;
      expect(readFileSync(path.join(dir, 'eng.traineddata')).equals(gunzipSync(readFileSync(bundledModelPath())))).toBe(true);
      const page = tesseract.pageCalls()[0];
      expect(page).toContain(`--tessdata-dir ${dir} -l eng`);
    });
  });
});

describe('image-only PDF', () => {
  it('renders the page and recognises it at 95 %', async () => {
    const image = renderTextImage(SCAN_ROWS, { width: 1300, fontSize: 30 });
    const bytes = await makeImagePdf([image.png]);
    const events: OcrProgress[] = [];
    const result = await runOcr(pdf(bytes, 'scan.pdf'), { onProgress: (e) => events.push(e) });
    expect(result.pages.map((p) => p.source)).toEqual(['ocr']);
    // a 200 DPI picture is drawn at 300 DPI (tesseract reads small text better there)
    expect(result.pages[0]!.cleaned?.pixels).toBe('render');
    expect(result.engine).toBe((await detectTesseractCli()).available ? 'tesseract-cli' : 'tesseract-js');
    expect(characterAccuracy(image.lines.join('\n'), result.text)).toBeGreaterThanOrEqual(0.95);
    expect(events.find((e) => e.sub_phase === 'ocr')?.details).toMatchObject({ page: 1, page_source: 'ocr', engine: result.engine });
  });

  itWith('tesseract-cli')('mixes text-layer pages and OCR pages in one document, pages in order', async () => {
    const text = await makeTextPdf([[{ kind: 'paragraph', lines: ['This page has a real text layer of its own.'] }]]);
    const image = renderTextImage(['Scanned page with no text layer at all.'], { width: 1100, fontSize: 30 });
    const scan = await makeImagePdf([image.png]);
    const { PDFDocument } = await import('pdf-lib');
    const merged = await PDFDocument.create();
    for (const src of [scan, text, scan]) {
      const doc = await PDFDocument.load(src);
      const [page] = await merged.copyPages(doc, [0]);
      merged.addPage(page!);
    }
    const result = await runOcr(pdf(await merged.save()), { engine: 'tesseract-cli', concurrency: 2 });
    expect(result.pages.map((p) => [p.page_number, p.source])).toEqual([
      [1, 'ocr'],
      [2, 'text_layer'],
      [3, 'ocr'],
    ]);
    expect(result.pages[1]!.lines).toEqual(['This page has a real text layer of its own.']);
    expect(characterAccuracy('Scanned page with no text layer at all.', result.pages[2]!.lines.join('\n'))).toBeGreaterThanOrEqual(0.95);
    expect(new Set(result.lines.map((l) => l.page))).toEqual(new Set([1, 2, 3]));
  });
});

describe('pages of one document in parallel', () => {
  itWith('tesseract-cli')('a 4-page scan is read two pages at a time (OCR_PAGE_CONCURRENCY), returned in page order (a process a page)', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'quarry-ocr-parallel-'));
    const log = path.join(work, 'calls.log');
    const wrapper = path.join(work, 'tesseract');
    // a real tesseract behind a script that records when each page starts and ends; each page
    // also takes two more seconds, so the second lane (which starts its own renderer first)
    // begins while the first is still reading, however loaded the machine (at tesseract's own
    // pace a loaded CI machine once read the four pages one after another)
    writeFileSync(
      wrapper,
      `#!/bin/sh\ncase "$*" in *--psm*) echo "start $(date +%s%N) $1" >> '${log}';; esac\n'${process.env.QUARRY_TESSERACT_CMD || 'tesseract'}' "$@"\ncode=$?\ncase "$*" in *--psm*) sleep 2; echo "end $(date +%s%N) $1" >> '${log}';; esac\nexit $code\n`,
      { mode: 0o755 },
    );
    const saved = process.env.QUARRY_TESSERACT_CMD;
    process.env.QUARRY_TESSERACT_CMD = wrapper;
    process.env.QUARRY_TESSERACT_STREAM = '0'; // the wrapper times each page's process
    const { ProcessingPool } = await import('../../pool');
    const pool = new ProcessingPool({ size: 2 });
    try {
      const pages = ['Alpha page one reads first', 'Bravo page two comes next', 'Charlie page three is third', 'Delta page four ends it'];
      const images = pages.map((line) => renderTextImage([line, `${line} again`], { width: 1300, fontSize: 34 }).png);
      const result = await runOcr(pdf(await makeImagePdf(images)), { engine: 'tesseract-cli', concurrency: 2, pool });
      expect(result.pages.map((p) => p.page_number)).toEqual([1, 2, 3, 4]);
      result.pages.forEach((p, i) => expect(characterAccuracy(`${pages[i]}\n${pages[i]} again`, p.lines.join('\n'))).toBeGreaterThanOrEqual(0.9));
      // while one page was recognised another one was: two tesseract processes at once, never more
      const events = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(' '))
        .map(([kind, ns]) => ({ kind: kind!, at: BigInt(ns!) }))
        .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
      let running = 0;
      let most = 0;
      for (const e of events) {
        running += e.kind === 'start' ? 1 : -1;
        most = Math.max(most, running);
      }
      expect(events.filter((e) => e.kind === 'start')).toHaveLength(4);
      expect(most).toBe(2);
    } finally {
      await pool.destroy();
      delete process.env.QUARRY_TESSERACT_STREAM;
      if (saved === undefined) delete process.env.QUARRY_TESSERACT_CMD;
      else process.env.QUARRY_TESSERACT_CMD = saved;
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('kept tesseract processes (a stream of pages each)', () => {
  const lines = ['Echo page one of the stream', 'Foxtrot page two of it', 'Golf page three follows', 'Hotel page four closes'];
  const scan = async () => makeImagePdf(lines.map((line) => renderTextImage([line, `${line} again`], { width: 1300, fontSize: 34 }).png));

  itWith('tesseract-cli')("read a scan's pages and the next document's, started once, as a process a page reads them", async () => {
    const bytes = await scan();
    await withRecordedTesseract(async (tesseract) => {
      const first = await runOcr(pdf(bytes), { engine: 'tesseract-cli', concurrency: 2 });
      const second = await runOcr(pdf(bytes), { engine: 'tesseract-cli', concurrency: 2 });
      const calls = tesseract.pageCalls().map((l) => ({ page: Number(/page-(\d+)\.pgm/.exec(l)?.[1]), process: /process=(\d+)/.exec(l)?.[1], stream: l.includes('stream_filelist=1') }));
      expect(calls).toHaveLength(8);
      expect(calls.every((c) => c.stream)).toBe(true);
      // eight pages, two lanes: at most two processes, and the second document started none
      // (how the pages fall on them depends on timing: a busy machine may give a lane's pages to
      // the process the other lane has just given back)
      const processes = (from: number) => new Set(calls.slice(from, from + 4).map((c) => c.process));
      expect(processes(0).size).toBeLessThanOrEqual(2);
      expect([...processes(4)].every((p) => processes(0).has(p))).toBe(true);
      expect(calls.map((c) => c.page).sort()).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
      expect(second.pages).toEqual(first.pages);
      first.pages.forEach((p, i) => expect(characterAccuracy(`${lines[i]}\n${lines[i]} again`, p.lines.join('\n'))).toBeGreaterThanOrEqual(0.9));
    });
    const streamed = await runOcr(pdf(bytes), { engine: 'tesseract-cli', concurrency: 2 });
    process.env.QUARRY_TESSERACT_STREAM = '0';
    try {
      const alone = await runOcr(pdf(bytes), { engine: 'tesseract-cli', concurrency: 2 });
      expect(streamed.pages.map((p) => [p.lines, p.confidence])).toEqual(alone.pages.map((p) => [p.lines, p.confidence]));
    } finally {
      delete process.env.QUARRY_TESSERACT_STREAM;
    }
  });

  itWith('tesseract-cli')('reads lines one after another (psm 7) with nothing of the blank page between them in the next reading', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'quarry-ocr-stream-'));
    try {
      const engine = new TesseractCliEngine();
      const words = async (text: string, n: number) => {
        const file = path.join(work, `line-${n}.pgm`);
        writeFileSync(file, encodePgm(await pgmOf(renderTextImage([text], { width: 700, fontSize: 34, margin: 12 }).png)));
        const tsv = await engine.recognize({ path: file, psm: 7, timeoutMs: 30_000 });
        return tsv.split('\n').filter((r) => r.startsWith('5\t')).map((r) => r.split('\t').slice(11).join('\t'));
      };
      // the blank page after each line, read as a line, gives a word of its own: it is not the next line's
      expect(await words('Total 12.50', 1)).toEqual(['Total', '12.50']);
      expect(await words('Cash 20.00', 2)).toEqual(['Cash', '20.00']);
      expect(await words('Change 7.50', 3)).toEqual(['Change', '7.50']);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  itWith('tesseract-cli')('an unreadable page fails alone with IMAGE_UNDECODABLE; the next page is read by a new process', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'quarry-ocr-stream-'));
    try {
      const bad = path.join(work, 'page-1.pgm');
      writeFileSync(bad, 'P5\n100 100\n255\nshort');
      const engine = new TesseractCliEngine();
      await expect(engine.recognize({ path: bad, psm: 6, timeoutMs: 30_000, page: 1 })).rejects.toMatchObject({ code: 'IMAGE_UNDECODABLE', page: 1 });
      const good = path.join(work, 'page-2.pgm');
      const image = renderTextImage([lines[0]!], { width: 1300, fontSize: 34 });
      const { createCanvas, loadImage } = await import('@napi-rs/canvas');
      const img = await loadImage(image.png);
      const canvas = createCanvas(img.width, img.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const rgba = ctx.getImageData(0, 0, img.width, img.height).data;
      const grey = Buffer.alloc(img.width * img.height);
      for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4]!;
      writeFileSync(good, Buffer.concat([Buffer.from(`P5\n${img.width} ${img.height}\n255\n`), grey]));
      const tsv = await engine.recognize({ path: good, psm: 6, timeoutMs: 30_000, page: 2 });
      expect(tsv).toContain('Echo');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('scanned page: grain, dust and a tilt are taken out before recognition', () => {
  // A 300 DPI scan of a delivery note (about 10 pt text), on grey paper, turned by 1.8 degrees,
  // with grain and dust. Read as it is, tesseract gets about 70 % of the characters (dust read
  // as punctuation, letters misread, table rows drifting); cleaned (3x3 median, rotated back)
  // it gets over 97 %.
  const rows: Array<string | string[]> = [
    'Delivery note 5518 from Aldgate Fasteners plc',
    'Ship to: Unit 7, Riverside Park, Gloucester GL2 5TF',
    'Received in good order by the undersigned.',
    '',
    ['Part', 'Ordered', 'Sent', 'Weight'],
    ['Washers M10 zinc', '2,400', '2,400', '18.6 kg'],
    ['Coach screws 8x100', '350', '340', '12.25 kg'],
    ['Wall plugs brown', '1,000', '1,000', '2.05 kg'],
    ['Threaded rod M12', '45', '45', '31.90 kg'],
  ];
  const page = renderTextImage(rows, { width: 2300, fontSize: 40, minHeight: 1400 });
  const expected = page.lines.join('\n');

  itWith('tesseract-cli')('an uploaded PNG scan is read at 97 %, its skew measured and its grain filtered', async () => {
    const scan = await scanLike(page.png, { angleDeg: -1.8, grain: 14, dustPerMpx: 1500, seed: 7 });
    const result = await runOcr(png(scan), { engine: 'tesseract-cli' });
    expect(characterAccuracy(expected, result.text)).toBeGreaterThanOrEqual(0.97);
    expect(result.pages[0]!.cleaned).toMatchObject({ denoised: true });
    expect(Math.abs(result.pages[0]!.cleaned!.skew - -1.8)).toBeLessThanOrEqual(0.1);
    expect(result.lines.some((l) => /^Coach screws 8x100 {2,}350 {2,}340 {2,}12\.25 kg$/.test(l.text))).toBe(true);
  });

  itWith('tesseract-cli')('so is a scanned PDF page, and milder grain (8 grey levels) is filtered too', async () => {
    const scan = await scanLike(page.png, { angleDeg: 1.1, grain: 8, dustPerMpx: 1500, seed: 11 });
    const result = await runOcr(pdf(await makeImagePdf([scan], { dpi: 300 }), 'scan.pdf'), { engine: 'tesseract-cli' });
    expect(result.pages[0]!.source).toBe('ocr');
    // the page is one 300 DPI picture: its pixels are read as they are, not drawn again
    expect(result.pages[0]!.cleaned).toMatchObject({ denoised: true, pixels: 'picture' });
    expect(Math.abs(result.pages[0]!.cleaned!.skew - 1.1)).toBeLessThanOrEqual(0.15);
    expect(characterAccuracy(expected, result.text)).toBeGreaterThanOrEqual(0.97);
  });

  itWith('tesseract-cli')('a clean page is left as it is (no filter, no rotation)', async () => {
    const result = await runOcr(png(page.png), { engine: 'tesseract-cli' });
    expect(result.pages[0]!.cleaned).toMatchObject({ denoised: false, skew: 0 });
    expect(result.pages[0]!.cleaned!.noise).toBeLessThan(1);
    expect(characterAccuracy(expected, result.text)).toBeGreaterThanOrEqual(0.99);
  });
});

describe('progress', () => {
  it('arrives in order: received, opened, one event per page with increasing current, completed', async () => {
    const bytes = await makeTextPdf([1, 2, 3, 4].map((n) => [{ kind: 'paragraph', lines: [`This is page number ${n} of the document.`] } as Block]));
    const events: OcrProgress[] = [];
    const result = await runOcr(pdf(bytes, 'four.pdf'), { onProgress: (e) => events.push(e), concurrency: 2 });
    expect(events.map((e) => `${e.phase}/${e.sub_phase}`)).toEqual([
      'preparing/file_received',
      'preparing/document_opened',
      'processing/text_layer',
      'processing/text_layer',
      'processing/text_layer',
      'processing/text_layer',
      'completed/finished',
    ]);
    expect(events.map((e) => e.current)).toEqual([0, 0, 1, 2, 3, 4, 4]);
    expect(events.slice(1).every((e) => e.total === 4)).toBe(true);
    const pct = events.map((e) => e.percentage);
    expect([...pct].sort((a, b) => a - b)).toEqual(pct);
    expect(pct.at(-1)).toBe(100);
    expect(events.every((e) => e.details.filename === 'four.pdf' && e.details.bytes_downloaded === bytes.length)).toBe(true);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ event_type: 'success', message: `OCR completed successfully - ${result.text_length} characters extracted` });
    expect(last.details.text_length).toBe(result.text_length);
    expect(last.details.processing_time).toBeGreaterThan(0);
    const times = events.map((e) => e.details.processing_time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

describe('cancellation and limits', () => {
  itWith('tesseract-cli')('stops at the next page when aborted mid-document, and cleans up', async () => {
    const pages = [1, 2, 3, 4, 5, 6].map((n) => renderTextImage([`Page ${n} of a long scanned document.`], { width: 1000, fontSize: 28 }).png);
    const bytes = await makeImagePdf(pages);
    const before = quarryTempDirs();
    const controller = new AbortController();
    const events: OcrProgress[] = [];
    const started = Date.now();
    const err = await failure(
      runOcr(pdf(bytes, 'long.pdf'), {
        engine: 'tesseract-cli',
        concurrency: 1,
        signal: controller.signal,
        onProgress: (e) => {
          events.push(e);
          if (e.phase === 'processing') controller.abort();
        },
      }),
    );
    expect(err.name).toBe('AbortError');
    expect(err.code).toBe('ABORTED');
    expect(events.filter((e) => e.phase === 'processing')).toHaveLength(1);
    expect(events.some((e) => e.phase === 'completed')).toBe(false);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(quarryTempDirs()).toBe(before);
  });

  eachEngine(['tesseract-cli', 'tesseract-js'], 'shutdownOcr() stops a run in progress with a clear error (%s); OCR works again afterwards', async (engine) => {
    const image = renderTextImage(SCAN_ROWS, { width: 1300, fontSize: 30 });
    const bytes = await makeImagePdf([image.png, image.png, image.png]);
    const started = Date.now();
    const err = await failure(
      runOcr(pdf(bytes, 'three.pdf'), {
        engine,
        onProgress: (e) => {
          if (e.sub_phase === 'document_opened') setTimeout(() => void shutdownOcr(), 300);
        },
      }),
    );
    expect(err.code).toBe('ENGINE_UNAVAILABLE');
    expect(err.message).toBe('OCR was stopped because the server is shutting down.');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(tesseractJsPoolSize()).toBe(0);
    const again = await runOcr(png(image.png), { engine });
    expect(characterAccuracy(image.lines.join('\n'), again.text)).toBeGreaterThanOrEqual(0.95);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await failure(runOcr(png(renderTextImage(['x']).png), { signal: controller.signal }));
    expect(err.name).toBe('AbortError');
  });

  eachEngine(['tesseract-cli', 'tesseract-js'], 'never hangs (%s): a page over its time limit fails with TIMEOUT, and the engine still works afterwards', async (engine) => {
    const image = renderTextImage(SCAN_ROWS, { width: 1300, fontSize: 30 });
    const err = await failure(runOcr(png(image.png), { engine, pageTimeoutMs: 5 }));
    expect(err.code).toBe('TIMEOUT');
    expect(err.message).toMatch(/took longer than/);
    const ok = await runOcr(png(image.png), { engine });
    expect(characterAccuracy(image.lines.join('\n'), ok.text)).toBeGreaterThanOrEqual(0.95);
  });
});

describe('bad input gives typed, readable errors', () => {
  it('corrupt PDF', async () => {
    const err = await failure(runOcr(pdf(makeCorruptPdf(), 'broken.pdf')));
    expect(err.code).toBe('PDF_CORRUPT');
    expect(err.message).toMatch(/damaged or not a PDF/);
  });

  it('PDF label on something that is not a PDF', async () => {
    const err = await failure(runOcr(pdf(new Uint8Array(Buffer.from('just some text')), 'notes.pdf')));
    expect(err.code).toBe('PDF_CORRUPT');
  });

  it('encrypted PDF', async () => {
    const err = await failure(runOcr(pdf(makeEncryptedPdf(), 'secret.pdf')));
    expect(err.code).toBe('PDF_ENCRYPTED');
    expect(err.message).toMatch(/^The PDF is encrypted/);
  });

  it('PDF with no pages', async () => {
    const err = await failure(runOcr(pdf(await makeEmptyPdf(), 'blank.pdf')));
    expect(err.code).toBe('PDF_EMPTY');
    expect(err.message).toBe('The PDF blank.pdf has no pages.');
  });

  it('empty input', async () => {
    const err = await failure(runOcr(pdf(new Uint8Array(0), 'zero.pdf')));
    expect(err.code).toBe('EMPTY_INPUT');
    expect(err.message).toMatch(/empty \(0 bytes\)/);
  });

  eachEngine(['tesseract-cli', 'tesseract-js'], 'image that does not decode (%s)', async (engine) => {
    const err = await failure(runOcr(png(makeBrokenPng(), 'photo.png'), { engine }));
    expect(err.code).toBe('IMAGE_UNDECODABLE');
    expect(err.message).toBe('The image photo.png could not be decoded: the file is damaged or not a valid PNG image.');
  });

  it('image label on unknown bytes, and a type that is neither PDF nor image', async () => {
    expect((await failure(runOcr({ bytes: new Uint8Array(Buffer.from('abc')), mimeType: 'image/jpeg', filename: 'a.jpg' }))).code).toBe('IMAGE_UNDECODABLE');
    expect((await failure(runOcr({ bytes: new Uint8Array(Buffer.from('abc')), mimeType: 'text/plain', filename: 'a.txt' }))).code).toBe('UNSUPPORTED_TYPE');
  });

  it('asking for the CLI engine where it is missing says so', async () => {
    const saved = process.env.QUARRY_TESSERACT_CMD;
    process.env.QUARRY_TESSERACT_CMD = '/nonexistent/tesseract';
    try {
      const err = await failure(runOcr(png(renderTextImage(['x']).png), { engine: 'tesseract-cli' }));
      expect(err.code).toBe('ENGINE_UNAVAILABLE');
    } finally {
      if (saved === undefined) delete process.env.QUARRY_TESSERACT_CMD;
      else process.env.QUARRY_TESSERACT_CMD = saved;
    }
  });
});
