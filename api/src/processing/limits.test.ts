// Files built to explode: each is stopped by a limit, fails its own file or job with a clear
// message, and leaves the API answering. Real app, real OCR (media process + tesseract), the
// database of the run (PGlite, or PostgreSQL with TEST_DATABASE_URL).
//   - a 9,990 x 9,990 PNG of ~120 KB: uploaded, checked and read with the process tree (this
//     process - the API - and its children) staying under 1 GB;
//   - a PDF whose one content stream inflates to 300 MB: refused at upload, and its OCR fails;
//   - a 10,000-page PDF: refused at upload, and its OCR fails without opening the pages;
//   - a PNG that claims 50,000 x 50,000 pixels: its OCR fails before any pixel is decoded.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeflate, deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { FileValidator } from '../modules/files/validation';
import { generousLimits, runOcrJob, storeFileDirect } from '../modules/jobs/test-helpers';
import { uploadOne } from '../modules/uploads/test-fixtures';
import { poolWorkerFile } from '../pool';
import { startTestApp, type TestApp, type TestUser } from '../testing/helpers';
import { shutdownOcr } from './ocr';

jest.setTimeout(240_000);

/**
 * What reading the image may add to the process tree (the API inside this test process, its
 * OCR and media children). Measured as growth over the tree before the upload: the test
 * process's own size depends on how much the suite ran before this file (about 570 MB alone,
 * 900 MB late in a whole in-band run). Before the pixel budget the same image added about
 * 925 MB; with it, 340-380 MB.
 */
const GROWTH_CEILING_MB = 600;

/** RSS of a process and all its descendants, from /proc. */
function treeRss(pid: number): number {
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const kids = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        if (kids) stack.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      // gone
    }
  }
  return total;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer): number => {
  let x = 0xffffffff;
  for (const b of buf) x = crcTable[(x ^ b) & 0xff]! ^ (x >>> 8);
  return (x ^ 0xffffffff) >>> 0;
};
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
const ihdr = (w: number, h: number) => {
  const b = Buffer.alloc(13);
  b.writeUInt32BE(w, 0);
  b.writeUInt32BE(h, 4);
  b[8] = 8; // 8-bit grey
  return b;
};
const png = (w: number, h: number, idat: Buffer) =>
  Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', ihdr(w, h)), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);

/** A white w x h grey PNG with a few black bars, deflated row by row (never whole in memory). */
async function sparsePng(w: number, h: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  const white = Buffer.alloc(w + 1, 255);
  white[0] = 0;
  const bar = Buffer.from(white);
  bar.fill(0, 1000, 3000);
  for (let y = 0; y < h; y++) {
    if (!deflate.write(y % 200 === 100 ? bar : white)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return png(w, h, Buffer.concat(parts));
}

/** A one-page PDF whose content stream inflates to `mb` MB of spaces. */
async function streamBombPdf(mb: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  const block = Buffer.alloc(1 << 20, 0x20);
  for (let i = 0; i < mb; i++) if (!deflate.write(block)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  const data = Buffer.concat(parts);
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let at = chunks[0]!.length;
  const push = (b: Buffer) => {
    chunks.push(b);
    at += b.length;
  };
  objs.forEach((o, i) => {
    offsets.push(at);
    push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`));
  });
  offsets.push(at);
  push(Buffer.from(`4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`));
  push(data);
  push(Buffer.from('\nendstream\nendobj\n'));
  const xref = at;
  push(Buffer.from(`xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

async function manyPagePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe('limits that stop crafted files', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    await poolWorkerFile();
    t = await startTestApp({ jobs: { inApiWorkers: 2, pollIntervalMs: 100 } });
    await generousLimits(t);
    u = await t.registerUser();
  });
  afterAll(async () => {
    await t?.close();
    await shutdownOcr();
  });

  const healthy = async () => expect((await fetch(`${t.baseUrl}/api/v1/health`)).status).toBe(200);

  it(`a 9,990 x 9,990 PNG is checked and read with the process tree growing less than ${GROWTH_CEILING_MB} MB`, async () => {
    const bytes = await sparsePng(9990, 9990);
    expect(bytes.length).toBeLessThan(300_000);
    let peak = treeRss(process.pid);
    const idle = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeRss(process.pid));
    }, 25);
    try {
      const up = await uploadOne(t, u, { filename: 'huge.png', bytes, mime_type: 'image/png' });
      expect(up).toMatchObject({ is_valid: true });
      const job = await runOcrJob(t, u, up.file_id, 180_000);
      expect(job.status).toBe('completed');
    } finally {
      clearInterval(sampler);
    }
    const mb = (n: number) => Math.round(n / 1048576);
    console.log(`9,990 x 9,990 PNG: process tree RSS ${mb(idle)} MB before, peak ${mb(peak)} MB (growth ceiling ${GROWTH_CEILING_MB} MB)`);
    expect(mb(peak - idle)).toBeLessThan(GROWTH_CEILING_MB);
    await healthy();
  });

  it('a PDF whose stream inflates to 300 MB is refused at upload, and its OCR fails with the reason', async () => {
    const bytes = await streamBombPdf(300);
    expect(bytes.length).toBeLessThan(1_000_000);
    const file = path.join(tmpdir(), `quarry-limits-${process.pid}-bomb.pdf`);
    writeFileSync(file, bytes);
    const validator = new FileValidator({ concurrency: 1, timeoutMs: 60_000, pdf: { maxPages: 2000, streams: { maxStreamBytes: 256 << 20, maxTotalBytes: 1024 << 20 } } });
    try {
      await expect(validator.validate({ path: file, fileType: 'pdf', filename: 'bomb.pdf', size: bytes.length })).resolves.toEqual({
        status: 'invalid',
        errorMessage: 'The PDF holds a compressed stream that expands to more than 256 MB; it is not processed.',
      });
    } finally {
      await validator.close();
      rmSync(file, { force: true });
    }
    const id = await storeFileDirect(t, u.id, bytes, 'bomb.pdf', 'application/pdf');
    const job = await runOcrJob(t, u, id, 120_000);
    expect(job).toMatchObject({ status: 'failed', error_message: 'The PDF holds a compressed stream that expands to more than 256 MB; it is not processed.' });
    await healthy();
  });

  it('a 10,000-page PDF is refused at upload, and its OCR fails before reading pages', async () => {
    const bytes = await manyPagePdf(10_000);
    const file = path.join(tmpdir(), `quarry-limits-${process.pid}-pages.pdf`);
    writeFileSync(file, bytes);
    const validator = new FileValidator({ concurrency: 1, timeoutMs: 60_000, pdf: { maxPages: 2000, streams: { maxStreamBytes: 256 << 20, maxTotalBytes: 1024 << 20 } } });
    try {
      await expect(validator.validate({ path: file, fileType: 'pdf', filename: 'long.pdf', size: bytes.length })).resolves.toEqual({
        status: 'invalid',
        errorMessage: 'The PDF has 10000 pages; at most 2000 can be processed. Split it and upload the parts.',
      });
    } finally {
      await validator.close();
      rmSync(file, { force: true });
    }
    const id = await storeFileDirect(t, u.id, bytes, 'long.pdf', 'application/pdf');
    const job = await runOcrJob(t, u, id, 120_000);
    expect(job).toMatchObject({ status: 'failed', error_message: 'The PDF long.pdf has 10000 pages; at most 2000 are processed. Split it and upload the parts.' });
    await healthy();
  });

  it('a PNG claiming 50,000 x 50,000 pixels fails its OCR before decoding', async () => {
    const row = Buffer.alloc(50_001, 255);
    row[0] = 0;
    const bytes = png(50_000, 50_000, deflateSync(Buffer.concat([row, row])));
    const id = await storeFileDirect(t, u.id, bytes, 'claims.png', 'image/png');
    const job = await runOcrJob(t, u, id, 120_000);
    expect(job).toMatchObject({ status: 'failed', error_message: 'The image is too large to recognise (50000 x 50000 pixels; at most 100 megapixels).' });
    await healthy();
  });
});
