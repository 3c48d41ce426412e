// Reading the corpus the way the product reads an upload: runOcr (api/src/processing/ocr).
//  - text: the PDF itself (its text layer, pdfjs, through the OCR library's media process);
//  - scan: every page rendered at 300 DPI (the resolution the OCR library renders PDF pages at), rotated by a small seeded angle (0.4-1.4 degrees),
//    grey noise and speckles added, saved as PNG and OCR'd by the real engine (tesseract).
// Results are cached in bench/out/ocr-cache/<content hash>-<variant>.json (gitignored): OCR
// runs once per document content, re-runs of the bench read the cache.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from './common.mjs';
import { runOcr } from '../../api/src/processing/ocr/index.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CACHE_DIR = join(HERE, '..', 'out', 'ocr-cache');
// v3: the OCR library cleans a scan (noise, skew) before recognition; v4: the tesseract command
// reads with the bundled tessdata_best model (engines/tessdata.ts); v5: an OCR line's cells are
// placed by the page's character width from the line start (layout.ts). Earlier readings are stale.
// a bench on a loaded machine waits for a reading rather than failing the run (an upload's limits are the library's defaults)
export const PATIENT = { readTimeoutMs: 600_000, pageTimeoutMs: 600_000 };
const SCAN_VERSION = 'scan-v5-300dpi-clean-best-anchored';

let canvasMod;
let pdfjs;
/** The scan of a PDF: one PNG per page (300 DPI, seeded rotation, shift, grey noise, specks). */
export async function rasterise(pdfBytes, seed) {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  // the @napi-rs/canvas pdfjs itself resolves: one canvas build per process
  canvasMod ??= createRequire(import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))('@napi-rs/canvas');
  const { createCanvas } = canvasMod;
  const standardFontDataUrl = join(dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json'))), 'standard_fonts') + '/';
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdfBytes), standardFontDataUrl, verbosity: 0 }).promise;
  const rand = mulberry32(seed);
  const images = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: 300 / 72 });
    const w = Math.ceil(viewport.width);
    const h = Math.ceil(viewport.height);
    const flat = createCanvas(w, h);
    const fctx = flat.getContext('2d');
    fctx.fillStyle = '#ffffff';
    fctx.fillRect(0, 0, w, h);
    await page.render({ canvasContext: fctx, canvas: flat, viewport, background: '#ffffff' }).promise;
    const angle = ((rand() < 0.5 ? -1 : 1) * (0.4 + rand())) * (Math.PI / 180);
    const out = createCanvas(w, h);
    const ctx = out.getContext('2d');
    ctx.fillStyle = '#f4f2ee';
    ctx.fillRect(0, 0, w, h);
    ctx.translate(w / 2, h / 2);
    ctx.rotate(angle);
    ctx.drawImage(flat, -w / 2 + (rand() - 0.5) * 30, -h / 2 + (rand() - 0.5) * 30);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const img = ctx.getImageData(0, 0, w, h);
    const px = img.data;
    for (let i = 0; i < px.length; i += 4) {
      const n = (rand() - 0.5) * 50;
      const speck = rand() < 0.0015 ? -140 : 0;
      for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, px[i + c] + n + speck));
    }
    ctx.putImageData(img, 0, 0);
    images.push(await out.encode('png'));
    page.cleanup();
  }
  await doc.destroy();
  return images;
}

export const scanSeed = (doc) => parseInt(doc.contentHash.slice(0, 8), 16);

async function cached(key, make) {
  const file = join(CACHE_DIR, `${key}.json`);
  try {
    return { ...JSON.parse(await readFile(file, 'utf8')), cached: true };
  } catch {
    const value = await make();
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(file, JSON.stringify(value));
    return { ...value, cached: false };
  }
}

/** { text, pages, seconds, engine } for the document as a text PDF or as a scan */
export async function readDocument(doc, variant) {
  return cached(`${doc.contentHash}-${variant === 'scan' ? SCAN_VERSION : 'text-v1'}`, async () => {
    const started = performance.now();
    if (variant === 'text') {
      const r = await runOcr({ bytes: doc.pdf, mimeType: 'application/pdf', filename: `${doc.id}.pdf` }, { concurrency: 1, ...PATIENT });
      return { text: r.text, pages: r.page_count, seconds: (performance.now() - started) / 1000, engine: r.engine };
    }
    const images = await rasterise(doc.pdf, scanSeed(doc));
    const texts = [];
    let engine = '';
    for (const [i, png] of images.entries()) {
      const r = await runOcr({ bytes: png, mimeType: 'image/png', filename: `${doc.id}-p${i + 1}.png` }, { concurrency: 1, ...PATIENT });
      texts.push(r.text);
      engine = r.engine;
    }
    return { text: texts.join('\n\f\n'), pages: images.length, seconds: (performance.now() - started) / 1000, engine };
  });
}
