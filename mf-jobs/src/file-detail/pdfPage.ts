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
