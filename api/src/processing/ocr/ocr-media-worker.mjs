// Quarry OCR media worker: the child process that does every native/ESM-only step of OCR.
//
// Plain ESM on purpose. The API runs as CommonJS under jest (swc), as ESM under tsx and as an
// esbuild ESM bundle; pdfjs-dist ships ESM only, so it is loaded here, in a process Node starts
// natively (`child_process.fork`), never through the caller's module system.
// A separate process (not a worker thread) because @napi-rs/canvas aborts the whole process
// (SIGSEGV / Skia assert) on some corrupt inputs: a crash here fails one document, not the API.
//
// Protocol (IPC, advanced serialization): request {id, op, ...args} -> reply {id, ok, result}
// or {id, ok: false, error: {code, message}}. Ops:
//   pdf_open   {path}                                  -> {pageCount}
//   pdf_page   {page, minChars, dpi, maxPixels, outPath} -> {width, height, rotation, items, chars, rendered}
//   image_decode {path, outPath, maxPixels, budgetPixels, checkOnly} -> {width, height, path, clean, scaled}
// An image above budgetPixels is drawn scaled down to it (Skia decodes while it scales, so the
// full-size pixels are never held: a 9,990 x 9,990 PNG stays under 300 MB here).
// Rendered pages and decoded images are written as 8-bit greyscale PGM (P5) files, which both
// tesseract engines read directly (no PNG encode/decode round trip), after page-clean.mjs has
// taken a scan's noise and skew out (`clean`: what it did; a clean render is left as it is).
/* global process, Buffer, URL */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cleanPage } from './page-clean.mjs';

const PDFJS_URL = import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs');
const PDFJS_ROOT = new URL('../../', PDFJS_URL);

let pdfjsPromise = null;
let canvasModulePromise = null;
/** @type {any} */
let doc = null;

function loadPdfjs() {
  pdfjsPromise ??= import(PDFJS_URL).then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdf.worker.mjs', PDFJS_URL).href;
    return pdfjs;
  });
  return pdfjsPromise;
}

function loadCanvas() {
  // Resolved from pdfjs-dist's own location, exactly as pdfjs does: one @napi-rs/canvas per process.
  canvasModulePromise ??= Promise.resolve().then(() => createRequire(PDFJS_URL)('@napi-rs/canvas'));
  return canvasModulePromise;
}

const reason = (err) => String(err?.message || err || 'unknown error').replace(/\.+$/, '');

class WorkerError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function dirUrl(sub) {
  // pdfjs' Node factories read these with fs: they must be plain paths ending in a slash.
  return decodeURIComponent(new URL(sub, PDFJS_ROOT).pathname);
}

async function pdfOpen({ path }) {
  const pdfjs = await loadPdfjs();
  const data = new Uint8Array(await readFile(path));
  const task = pdfjs.getDocument({
    data,
    standardFontDataUrl: dirUrl('standard_fonts/'),
    cMapUrl: dirUrl('cmaps/'),
    cMapPacked: true,
    wasmUrl: dirUrl('wasm/'),
    iccUrl: dirUrl('iccs/'),
    isEvalSupported: false,
    // an embedded image above this is not decoded (pdfjs skips it): bounds a page's memory
    maxImageSize: 100_000_000,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    doc = await task.promise;
  } catch (err) {
    const name = err?.name ?? '';
    if (name === 'PasswordException') {
      throw new WorkerError('PDF_ENCRYPTED', 'The PDF is encrypted and needs a password to open. Remove the password and upload it again.');
    }
    if (name === 'InvalidPDFException') {
      throw new WorkerError('PDF_CORRUPT', `The PDF is damaged or not a PDF: ${reason(err)}.`);
    }
    throw new WorkerError('PDF_CORRUPT', `The PDF could not be read: ${reason(err)}.`);
  }
  return { pageCount: doc.numPages };
}

function toGrey(rgba) {
  const grey = new Uint8Array(rgba.length / 4);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o++) {
    const a = rgba[i + 3];
    // Composite onto white (transparent pixels become paper, not ink), then luma.
    const r = rgba[i] * a + 255 * (255 - a);
    const g = rgba[i + 1] * a + 255 * (255 - a);
    const b = rgba[i + 2] * a + 255 * (255 - a);
    grey[o] = Math.round((0.299 * r + 0.587 * g + 0.114 * b) / 255);
  }
  return grey;
}

/** Grey, cleaned (page-clean.mjs) and written as PGM; returns what the cleaning did. */
async function writeCleanPgm(outPath, rgba, width, height) {
  const cleaned = cleanPage(toGrey(rgba), width, height);
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  await writeFile(outPath, Buffer.concat([header, cleaned.data]));
  return { noise: cleaned.noise, denoised: cleaned.denoised, skew: cleaned.skew };
}

function fitScale(width, height, scale, maxPixels) {
  const px = width * scale * height * scale;
  if (px <= maxPixels) return scale;
  return Math.sqrt(maxPixels / (width * height));
}

async function pdfPage({ page: pageNumber, minChars, dpi, maxPixels, outPath }) {
  if (!doc) throw new WorkerError('INTERNAL', 'No PDF is open.');
  const pdfjs = await loadPdfjs();
  let page;
  try {
    page = await doc.getPage(pageNumber);
  } catch (err) {
    throw new WorkerError('PDF_CORRUPT', `Page ${pageNumber} of the PDF could not be read: ${reason(err)}.`);
  }
  try {
    const base = page.getViewport({ scale: 1 });
    let content;
    try {
      content = await page.getTextContent({ includeMarkedContent: false, disableNormalization: false });
    } catch {
      content = { items: [] };
    }
    const items = [];
    let chars = 0;
    for (const it of content.items) {
      if (typeof it.str !== 'string' || it.str.trim() === '') continue;
      // Item matrix in top-left-origin page coordinates (points at scale 1).
      const m = pdfjs.Util.transform(base.transform, it.transform);
      const fontHeight = Math.hypot(m[2], m[3]) || it.height || 1;
      const angle = Math.atan2(m[1], m[0]);
      items.push({
        str: it.str,
        x: m[4],
        y: m[5],
        width: it.width,
        fontHeight,
        angle,
      });
      chars += it.str.replace(/\s+/g, '').length;
    }
    let rendered = null;
    if (chars < minChars) {
      const scale = fitScale(base.width, base.height, dpi / 72, maxPixels);
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.floor(viewport.width));
      const height = Math.max(1, Math.floor(viewport.height));
      const { createCanvas } = await loadCanvas();
      const canvas = createCanvas(width, height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      await page.render({ canvasContext: ctx, canvas, viewport, background: '#ffffff' }).promise;
      const rgba = ctx.getImageData(0, 0, width, height).data;
      const clean = await writeCleanPgm(outPath, rgba, width, height);
      rendered = { path: outPath, width, height, dpi: Math.round(scale * 72), clean };
    }
    return { width: base.width, height: base.height, rotation: page.rotate, items, chars, rendered };
  } finally {
    page.cleanup();
  }
}

async function imageDecode({ path, outPath, maxPixels, budgetPixels, checkOnly }) {
  const { createCanvas, loadImage } = await loadCanvas();
  let img;
  try {
    img = await loadImage(await readFile(path));
  } catch (err) {
    throw new WorkerError('IMAGE_UNDECODABLE', `The image could not be decoded: ${reason(err)}.`);
  }
  if (!img.width || !img.height) throw new WorkerError('IMAGE_UNDECODABLE', 'The image could not be decoded: it has no pixels.');
  if (img.width * img.height > maxPixels) {
    throw new WorkerError('IMAGE_TOO_LARGE', `The image is too large to recognise (${img.width} x ${img.height} pixels; at most ${Math.round(maxPixels / 1e6)} megapixels).`);
  }
  const scale = budgetPixels && img.width * img.height > budgetPixels ? Math.sqrt(budgetPixels / (img.width * img.height)) : 1;
  const width = Math.max(1, Math.floor(img.width * scale));
  const height = Math.max(1, Math.floor(img.height * scale));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (scale < 1) ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, width, height);
  // an upload check only needs the decode to succeed: no grey copy, clean-up or file
  if (checkOnly) return { width, height, path: null, clean: null, scaled: scale < 1 ? { from: [img.width, img.height], scale } : null };
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const clean = await writeCleanPgm(outPath, rgba, width, height);
  return { width, height, path: outPath, clean, scaled: scale < 1 ? { from: [img.width, img.height], scale } : null };
}

const ops = { pdf_open: pdfOpen, pdf_page: pdfPage, image_decode: imageDecode };

// Requests are handled one at a time, in arrival order (pdfjs page work is not re-entrant-safe
// for our purposes and the caller pipelines requests anyway).
let chain = Promise.resolve();
process.on('message', (msg) => {
  chain = chain.then(async () => {
    const { id, op, ...args } = msg ?? {};
    try {
      const fn = ops[op];
      if (!fn) throw new WorkerError('INTERNAL', `Unknown op ${op}`);
      const result = await fn(args);
      process.send?.({ id, ok: true, result });
    } catch (err) {
      const code = err instanceof WorkerError ? err.code : 'INTERNAL';
      process.send?.({ id, ok: false, error: { code, message: err?.message || String(err) } });
    }
  });
});
// The parent owns this process: when it goes away (or closes the channel), stop.
process.on('disconnect', () => process.exit(0));
process.send?.({ id: 0, ok: true, result: { ready: true } });
