/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Test fixtures for the document modules, made at run time: PDFs (pdf-lib), PNG/JPEG
// (@napi-rs/canvas), hand-written GIF, BMP and TIFF, and the upload flow as a client does it.
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { TestApp, TestResponse, TestUser } from '../../testing/helpers';

/** A PDF with `pages` pages of text (optionally padded with an uncompressed stream to about `minBytes`). */
export async function makePdf(pages: number, opts: { minBytes?: number; title?: string } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`${opts.title ?? 'Quarry test document'}: page ${i + 1} of ${pages}`, { x: 72, y: 700, size: 14, font });
  }
  if (opts.minBytes) {
    // incompressible padding in a metadata stream keeps the file valid
    const filler = Buffer.alloc(opts.minBytes);
    for (let i = 0; i < filler.length; i++) filler[i] = 33 + ((i * 7919 + (i >> 7)) % 90);
    doc.catalog.set(PDFName.of('QuarryPadding'), doc.context.register(doc.context.stream(filler)));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A real PNG (or JPEG) drawn with canvas. */
export function makeImage(kind: 'png' | 'jpeg', width = 120, height = 80): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#203040';
  ctx.fillRect(10, 10, Math.max(1, width / 2), Math.max(1, height / 2));
  return kind === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg');
}

/** A 2 x 2 24-bit BMP. */
export function makeBmp(): Buffer {
  const rowSize = 8; // 2 px * 3 bytes = 6, padded to 8
  const pixels = rowSize * 2;
  const b = Buffer.alloc(54 + pixels);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(2, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(0, 30);
  b.writeUInt32LE(pixels, 34);
  b.fill(0xff, 54);
  return b;
}

/** A 1 x 1 GIF89a. */
export function makeGif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
}

/** An uncompressed greyscale TIFF with `pages` pages of 2 x 2 pixels. */
export function makeTiff(pages = 1): Buffer {
  const entriesPerIfd = 9;
  const ifdSize = 2 + entriesPerIfd * 12 + 4;
  const dataSize = 4;
  const pageSize = ifdSize + dataSize;
  const b = Buffer.alloc(8 + pages * pageSize);
  b.write('II', 0, 'latin1');
  b.writeUInt16LE(42, 2);
  b.writeUInt32LE(8, 4);
  for (let p = 0; p < pages; p++) {
    const ifd = 8 + p * pageSize;
    const data = ifd + ifdSize;
    const entries: [number, number, number, number][] = [
      [256, 3, 1, 2],
      [257, 3, 1, 2],
      [258, 3, 1, 8],
      [259, 3, 1, 1],
      [262, 3, 1, 1],
      [273, 4, 1, data],
      [277, 3, 1, 1],
      [278, 3, 1, 2],
      [279, 4, 1, dataSize],
    ];
    b.writeUInt16LE(entries.length, ifd);
    entries.forEach(([tag, type, n, value], i) => {
      const e = ifd + 2 + i * 12;
      b.writeUInt16LE(tag, e);
      b.writeUInt16LE(type, e + 2);
      b.writeUInt32LE(n, e + 4);
      if (type === 3) b.writeUInt16LE(value, e + 8);
      else b.writeUInt32LE(value, e + 8);
    });
    b.writeUInt32LE(p + 1 < pages ? 8 + (p + 1) * pageSize : 0, ifd + 2 + entries.length * 12);
    b.fill(0x80, data, data + dataSize);
  }
  return b;
}

export interface UploadSpec {
  filename: string;
  bytes: Buffer | Uint8Array;
  mime_type: string;
  /** announce another size than the bytes have */
  size?: number;
}

/** PUT raw bytes to a signed URL (absolute or relative to the API). */
export async function putBytes(t: TestApp, url: string, bytes: Buffer | Uint8Array, contentType: string | null, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extraHeaders };
  if (contentType !== null) headers['content-type'] = contentType;
  const res = await fetch(url.startsWith('http') ? url : t.baseUrl + url, { method: 'PUT', headers, body: bytes, duplex: 'half' } as RequestInit);
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

export async function prepare(t: TestApp, user: TestUser, specs: UploadSpec[]): Promise<TestResponse> {
  return t.request('POST', '/api/v1/uploads/prepare-upload', {
    token: user.token,
    json: { files: specs.map((s) => ({ filename: s.filename, size: s.size ?? s.bytes.length, mime_type: s.mime_type })) },
  });
}

export async function complete(t: TestApp, user: TestUser, sessionId: string, ids: string[]): Promise<TestResponse> {
  return t.request('POST', '/api/v1/uploads/complete', { token: user.token, json: { upload_session_id: sessionId, completed_uploads: ids } });
}

/** The whole client flow: prepare, PUT each file, complete. Throws when prepare or a PUT fails. */
export async function uploadAll(t: TestApp, user: TestUser, specs: UploadSpec[]) {
  const prep = await prepare(t, user, specs);
  if (prep.status !== 200) throw new Error(`prepare failed: ${prep.status} ${prep.text}`);
  for (const [i, u] of (prep.body.uploads as any[]).entries()) {
    const put = await putBytes(t, u.signed_url, specs[i]!.bytes, u.headers['Content-Type']);
    if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${put.text}`);
  }
  const done = await complete(t, user, prep.body.upload_session_id, prep.body.uploads.map((u: any) => u.upload_id));
  if (done.status !== 200) throw new Error(`complete failed: ${done.status} ${done.text}`);
  return { prepare: prep.body, complete: done.body, results: done.body.results as any[] };
}

/** Uploads one file and returns its result (file_id, is_valid, ...). */
export async function uploadOne(t: TestApp, user: TestUser, spec: UploadSpec) {
  const { results } = await uploadAll(t, user, [spec]);
  return results[0];
}
