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
//   pdf_close  {}                                      -> {}   (the open document let go)
//   pdf_page   {page, minChars, dpi, maxPixels, outPath, readImages} -> {width, height, rotation, items, chars, rendered, images}
//              (images: a text-layer page's pictures that may hold text, rendered and cropped, with readImages)
//   image_decode {path, outPath, maxPixels, budgetPixels, checkOnly} -> {width, height, path, clean, scaled}
// An image above budgetPixels is drawn scaled down to it (Skia decodes while it scales, so the
// full-size pixels are never held: a 9,990 x 9,990 PNG stays under 300 MB here).
// Rendered pages and decoded images are written as 8-bit greyscale PGM (P5) files, which both
// tesseract engines read directly (no PNG encode/decode round trip), after page-clean.mjs has
// taken a scan's noise and skew out (`clean`: what it did; a clean render is left as it is).
/* global process, Buffer, URL, DecompressionStream, TransformStream */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import { cleanPage, textLineHeight, upscaleFor } from './page-clean.mjs';

const inflateWhole = promisify(inflate);
const NodeDecompressionStream = DecompressionStream;

/**
 * pdfjs inflates a FlateDecode picture through the web's DecompressionStream, which Node runs
 * through web streams in 16 KB pieces: about 1,600 of them for a 300 DPI A4 page in colour, whose
 * promises and garbage cost as much CPU as the inflating (objs.get of a scanned page: 130 -> 64 ms,
 * the same bytes). This one hands zlib the whole stream at once and gives one piece back. Both
 * are zlib's Inflate, so a damaged stream fails the same way (pdfjs then inflates it itself);
 * bytes after the stream's end (a PDF's stream length that counts the end-of-line) are ignored,
 * as Node 20's stream does and Node 22's no longer does. Other formats are Node's own.
 */
export class WholeDecompressionStream {
  constructor(format) {
    if (format !== 'deflate') return new NodeDecompressionStream(format);
    const input = [];
    const { readable, writable } = new TransformStream({
      transform(chunk) {
        input.push(chunk);
      },
      async flush(controller) {
        controller.enqueue(await inflateWhole(input.length === 1 ? input[0] : Buffer.concat(input), { chunkSize: 1 << 20 }));
      },
    });
    this.readable = readable;
    this.writable = writable;
  }
}
globalThis.DecompressionStream = WholeDecompressionStream;

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
  await pdfClose();
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

/** Lets the open document go: a process kept warm between documents holds none of them. */
async function pdfClose() {
  const open = doc;
  doc = null;
  await open?.destroy();
  return {};
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

/** Cleaned (page-clean.mjs) and written as PGM; returns what the cleaning did. */
async function writeCleanPgm(outPath, grey, width, height) {
  const cleaned = cleanPage(grey, width, height);
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  // written one after the other: joining them first would copy the page once more
  await writeFile(outPath, [header, cleaned.data]);
  return { noise: cleaned.noise, denoised: cleaned.denoised, skew: cleaned.skew };
}

/** pdfjs' decoded image kinds (ImageKind) */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/** 8-bit grey of a decoded image (pdfjs' ImageKind layouts), composited onto white; null for a layout not known here. */
function imageToGrey(img) {
  const { width, height, kind, data } = img;
  if (!data || !width || !height) return null;
  const grey = new Uint8Array(width * height);
  if (kind === RGB_24BPP) {
    if (data.length < width * height * 3) return null;
    for (let i = 0, o = 0; o < grey.length; i += 3, o++) grey[o] = (77 * data[i] + 150 * data[i + 1] + 29 * data[i + 2] + 128) >> 8;
    return grey;
  }
  if (kind === RGBA_32BPP) {
    if (data.length < width * height * 4) return null;
    for (let i = 0, o = 0; o < grey.length; i += 4, o++) {
      const a = data[i + 3];
      const luma = (77 * data[i] + 150 * data[i + 1] + 29 * data[i + 2] + 128) >> 8;
      grey[o] = (luma * a + 255 * (255 - a) + 127) / 255;
    }
    return grey;
  }
  if (kind === GRAYSCALE_1BPP) {
    // one bit a pixel, rows padded to whole bytes, 1 = white (pdfjs has applied /Decode)
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return null;
    for (let y = 0; y < height; y++) {
      const row = y * rowBytes;
      const out = y * width;
      for (let x = 0; x < width; x++) grey[out + x] = (data[row + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    return grey;
  }
  return null;
}

/**
 * An operator list walked with its current transformation matrix (`ctm`): save, restore and
 * transform are applied here, every other operator is yielded as [fn, args].
 */
class MatrixWalk {
  ctm = [1, 0, 0, 1, 0, 0];
  #stack = [];

  constructor(pdfjs) {
    this.OPS = pdfjs.OPS;
    this.Util = pdfjs.Util;
  }

  *walk(opList) {
    const { OPS } = this;
    for (let i = 0; i < opList.fnArray.length; i++) {
      const fn = opList.fnArray[i];
      const args = opList.argsArray[i];
      if (fn === OPS.save) this.begin(null);
      else if (fn === OPS.restore) this.end();
      else if (fn === OPS.transform) this.ctm = this.Util.transform(this.ctm, args);
      else yield [fn, args];
    }
  }

  /** Saves the matrix, then applies `m` when one is given (a form XObject's own matrix). */
  begin(m) {
    this.#stack.push(this.ctm);
    if (m) this.ctm = this.Util.transform(this.ctm, m);
  }

  /** Back to the matrix of the matching save. */
  end() {
    this.ctm = this.#stack.pop() ?? this.ctm;
  }
}

/**
 * A page that paints one picture over the whole of it, upright and unscaled against the page's
 * own drawing (a scanner's or a fax's PDF): that picture's pixels in grey, at its own
 * resolution, so the page is not drawn again through the canvas (about as long as recognising
 * it). Null for anything else (several images, vector text or lines, a rotated or partial
 * picture, a resolution under 90 % of `dpi` or over `maxPixels`): that page is rendered.
 */
async function wholePageImage(pdfjs, page, base, dpi, maxPixels) {
  const { OPS, Util } = pdfjs;
  const opList = await page.getOperatorList();
  const matrix = new MatrixWalk(pdfjs);
  let image = null;
  for (const [fn, args] of matrix.walk(opList)) {
    if (fn === OPS.dependency) continue;
    if (fn === OPS.paintImageXObject && !image && typeof args?.[0] === 'string') image = { id: args[0], m: Util.transform(base.transform, matrix.ctm) };
    else return null;
  }
  if (!image) return null;
  const [a, b, c, d, e, f] = image.m;
  // upright: x grows with the image's columns, y with its rows (image row 0 at the page's top)
  if (Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6 || a <= 0 || d >= 0) return null;
  const left = e;
  const top = f + d;
  const tol = 0.02;
  if (Math.abs(left) > base.width * tol || Math.abs(top) > base.height * tol) return null;
  if (Math.abs(a - base.width) > base.width * tol || Math.abs(-d - base.height) > base.height * tol) return null;
  const objs = image.id.startsWith('g_') ? page.commonObjs : page.objs;
  const img = await new Promise((resolve) => objs.get(image.id, resolve));
  if (!img || img.bitmap || !img.width || !img.height) return null;
  const imageDpi = (img.width / base.width) * 72;
  if (imageDpi < dpi * 0.9 || img.width * img.height > maxPixels) return null;
  const grey = imageToGrey(img);
  return grey ? { grey, width: img.width, height: img.height, dpi: Math.round(imageDpi) } : null;
}

function fitScale(width, height, scale, maxPixels) {
  const px = width * scale * height * scale;
  if (px <= maxPixels) return scale;
  return Math.sqrt(maxPixels / (width * height));
}

/** The page drawn on white at `dpi` (smaller when that would pass `maxPixels`): its 2D context, size in pixels and scale. */
async function renderOnWhite(page, base, dpi, maxPixels) {
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
  return { ctx, width, height, scale };
}

/** An image is read when it is at least this large on the page (points): smaller ones are icons and rules. */
const MIN_IMAGE_WIDTH = 60;
const MIN_IMAGE_HEIGHT = 14;
/** ... and when the text layer has fewer characters than this over it (a searchable scan carries its own text). */
const COVERED_CHARS = 12;

/**
 * Where a text-layer page paints images that may hold text of their own (a letterhead, a
 * scanned page inside a generated PDF): the operator list is walked with its transformation
 * matrix; each image paints the unit square of its matrix. Boxes in points, top-left origin.
 */
function imageRegions(pdfjs, base, opList, items) {
  const { OPS, Util } = pdfjs;
  const matrix = new MatrixWalk(pdfjs);
  const boxes = [];
  for (const [fn, args] of matrix.walk(opList)) {
    if (fn === OPS.paintFormXObjectBegin) matrix.begin(Array.isArray(args?.[0]) && args[0].length === 6 ? args[0] : null);
    else if (fn === OPS.paintFormXObjectEnd) matrix.end();
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) {
      const m = Util.transform(base.transform, matrix.ctm);
      const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]];
      const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
      const box = {
        left: Math.max(0, Math.min(...xs)),
        right: Math.min(base.width, Math.max(...xs)),
        top: Math.max(0, Math.min(...ys)),
        bottom: Math.min(base.height, Math.max(...ys)),
      };
      if (box.right - box.left < MIN_IMAGE_WIDTH || box.bottom - box.top < MIN_IMAGE_HEIGHT) continue;
      // the same image painted twice (a repeated letterhead layer) is read once
      if (boxes.some((b) => Math.abs(b.left - box.left) < 1 && Math.abs(b.top - box.top) < 1 && Math.abs(b.right - box.right) < 1)) continue;
      const covered = items
        .filter((it) => it.x >= box.left - 2 && it.x <= box.right + 2 && it.y >= box.top - 2 && it.y <= box.bottom + 2)
        .reduce((n, it) => n + it.str.replace(/\s+/g, '').length, 0);
      if (covered < COVERED_CHARS) boxes.push(box);
    }
  }
  return boxes;
}

async function pdfPage({ page: pageNumber, minChars, dpi, maxPixels, outPath, readImages }) {
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
    let images = [];
    if (chars >= minChars && readImages) {
      const regions = imageRegions(pdfjs, base, await page.getOperatorList(), items);
      if (regions.length > 0) {
        const { ctx, width, height, scale } = await renderOnWhite(page, base, dpi, maxPixels);
        let k = 0;
        for (const r of regions) {
          const x0 = Math.max(0, Math.floor(r.left * scale));
          const y0 = Math.max(0, Math.floor(r.top * scale));
          const x1 = Math.min(width, Math.ceil(r.right * scale));
          const y1 = Math.min(height, Math.ceil(r.bottom * scale));
          if (x1 - x0 < 16 || y1 - y0 < 16) continue;
          const rgba = ctx.getImageData(x0, y0, x1 - x0, y1 - y0).data;
          const imagePath = outPath.replace(/\.pgm$/, `-image-${++k}.pgm`);
          await writeCleanPgm(imagePath, toGrey(rgba), x1 - x0, y1 - y0);
          // where the crop sits on the page, in points, and how many points a pixel is
          images.push({ path: imagePath, left: x0 / scale, top: y0 / scale, pointsPerPixel: 1 / scale, dpi: Math.round(scale * 72) });
        }
      }
    }
    if (chars < minChars) {
      // a scanned page is usually one picture over the whole page: its pixels are read as they are
      const whole = await wholePageImage(pdfjs, page, base, dpi, maxPixels);
      if (whole) {
        const clean = { ...(await writeCleanPgm(outPath, whole.grey, whole.width, whole.height)), pixels: 'picture' };
        rendered = { path: outPath, width: whole.width, height: whole.height, dpi: whole.dpi, clean };
        return { width: base.width, height: base.height, rotation: page.rotate, items, chars, rendered, images };
      }
      const { ctx, width, height, scale } = await renderOnWhite(page, base, dpi, maxPixels);
      const rgba = ctx.getImageData(0, 0, width, height).data;
      const clean = { ...(await writeCleanPgm(outPath, toGrey(rgba), width, height)), pixels: 'render' };
      rendered = { path: outPath, width, height, dpi: Math.round(scale * 72), clean };
    }
    return { width: base.width, height: base.height, rotation: page.rotate, items, chars, rendered, images };
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
  const over = budgetPixels && img.width * img.height > budgetPixels;
  let scale = over ? Math.sqrt(budgetPixels / (img.width * img.height)) : 1;
  const draw = (s) => {
    const width = Math.max(1, Math.floor(img.width * s));
    const height = Math.max(1, Math.floor(img.height * s));
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (s !== 1) ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(img, 0, 0, width, height);
    return { width, height, ctx };
  };
  let { width, height, ctx } = draw(scale);
  // an upload check only needs the decode to succeed: no grey copy, clean-up or file
  if (checkOnly) return { width, height, path: null, clean: null, scaled: scale < 1 ? { from: [img.width, img.height], scale } : null };
  let grey = toGrey(ctx.getImageData(0, 0, width, height).data);
  // A low-resolution scan or a small photo (a receipt at 150 DPI: lines of 14 px) is read far
  // better drawn larger: tesseract loses the decimal points and thin strokes of small text, and
  // the clean-up's median would erase strokes one pixel wide. Within the pixel budget.
  const up = over ? 1 : Math.min(upscaleFor(textLineHeight(grey, width, height)), budgetPixels ? Math.sqrt(budgetPixels / (width * height)) : Infinity);
  if (up > 1.05) {
    scale = up;
    ({ width, height, ctx } = draw(scale));
    grey = toGrey(ctx.getImageData(0, 0, width, height).data);
  }
  const clean = await writeCleanPgm(outPath, grey, width, height);
  return { width, height, path: outPath, clean, scaled: scale !== 1 ? { from: [img.width, img.height], scale } : null };
}

const ops = { pdf_open: pdfOpen, pdf_page: pdfPage, pdf_close: pdfClose, image_decode: imageDecode };

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
