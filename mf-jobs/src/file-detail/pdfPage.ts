// pdf.js, loaded only when a PDF page is shown (dynamic import from DocumentPageView): about
// 400 KB that must stay out of the remote's entry. The legacy build runs in every browser we
// support; its worker is emitted as an asset next to this chunk and found through import.meta.url.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfDocument = PDFDocumentProxy;

let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null = null;

function loadPdfjs() {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).toString();
    return lib;
  });
  return pdfjs;
}

export async function openPdf(bytes: Blob): Promise<PdfDocument> {
  const lib = await loadPdfjs();
  const data = new Uint8Array(await bytes.arrayBuffer());
  return lib.getDocument({ data, isEvalSupported: false }).promise;
}

/** Draws page `pageNumber` (1-based) into the canvas at `cssWidth` CSS pixels wide. */
export async function renderPdfPage(doc: PdfDocument, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<() => void> {
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const scale = cssWidth / base.width;
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  const task = page.render({ canvas, viewport });
  await task.promise;
  return () => task.cancel();
}

export interface PageBox {
  /** CSS pixels from the page's top-left corner, at the width the page is drawn */
  x: number;
  y: number;
  w: number;
  h: number;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Where the given text lines sit on a PDF page (so a value's source is shown on the page):
 * the page's text items grouped into lines by their baseline, and the groups whose text is one
 * of `lines` (or contains it / is contained in it) boxed. Pages without a text layer (scans)
 * give no boxes: the OCR text beside them shows the lines instead.
 */
export async function findLineBoxes(doc: PdfDocument, pageNumber: number, cssWidth: number, lines: string[]): Promise<PageBox[]> {
  const wanted = lines.map(norm).filter((l) => l.length > 0);
  if (wanted.length === 0) return [];
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale: cssWidth / page.getViewport({ scale: 1 }).width });
  const content = await page.getTextContent();
  const groups = new Map<number, { text: string[]; x0: number; y0: number; x1: number; y1: number }>();
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const [x0, y0, x1, y1] = viewport.convertToViewportRectangle([item.transform[4], item.transform[5], item.transform[4] + item.width, item.transform[5] + (item.height || Math.abs(item.transform[3]))]);
    const key = Math.round(item.transform[5]);
    const g = groups.get(key) ?? { text: [], x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    g.text.push(item.str);
    g.x0 = Math.min(g.x0, x0, x1);
    g.x1 = Math.max(g.x1, x0, x1);
    g.y0 = Math.min(g.y0, y0, y1);
    g.y1 = Math.max(g.y1, y0, y1);
    groups.set(key, g);
  }
  const boxes: PageBox[] = [];
  for (const g of groups.values()) {
    const text = norm(g.text.join(' '));
    const compact = text.replace(/ /g, '');
    const hit = wanted.some((w) => w === text || w.replace(/ /g, '') === compact || (w.length >= 6 && (text.includes(w) || w.includes(text)) && Math.min(w.length, text.length) / Math.max(w.length, text.length) > 0.6));
    if (hit) boxes.push({ x: g.x0 - 2, y: g.y0 - 2, w: g.x1 - g.x0 + 4, h: g.y1 - g.y0 + 4 });
  }
  return boxes;
}
