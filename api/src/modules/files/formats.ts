// Structural checks of image bytes, in pure TypeScript (safe to run in the API process):
// every length and offset is bounds-checked, so a truncated or damaged file is reported,
// never read past its end. Native pixel decoding happens afterwards in the media process.
import { createInflate, inflateSync } from 'node:zlib';

export type StructureCheck = { ok: true; width: number; height: number; pages: number } | { ok: false; message: string };

const fail = (message: string): StructureCheck => ({ ok: false, message });

// ------------------------------------------------------------------ PNG

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(buf: Uint8Array, start: number, end: number): number {
  let c = -1;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** refuse to inflate more than this (a "decompression bomb" is reported, not decoded) */
const MAX_RAW_BYTES = 512 * 1024 * 1024;

function pngRawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rowBytes = (w: number) => (w === 0 ? 0 : 1 + Math.ceil((w * bitsPerPixel) / 8));
  if (!interlaced) return height * rowBytes(width);
  // Adam7 passes: [x0, y0, dx, dy]
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * rowBytes(w);
  }
  return total;
}

type PngWalk = { ok: false; message: string } | { ok: true; width: number; height: number; raw: number; idat: Buffer[] };

const failWalk = (message: string): PngWalk => ({ ok: false, message });

function walkPng(buf: Buffer): PngWalk {
  let pos = 8;
  let width = 0;
  let height = 0;
  let raw = 0;
  let sawIend = false;
  const idat: Buffer[] = [];
  let first = true;
  while (pos < buf.length) {
    if (pos + 12 > buf.length) return failWalk('The PNG image is truncated (a chunk is cut off).');
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (length > 0x7fffffff || pos + 12 + length > buf.length) return failWalk('The PNG image is truncated (a chunk is cut off).');
    const dataStart = pos + 8;
    const dataEnd = dataStart + length;
    if (crc32(buf, pos + 4, dataEnd) !== buf.readUInt32BE(dataEnd)) return failWalk(`The PNG image is damaged (bad checksum in its ${type} chunk).`);
    if (first) {
      if (type !== 'IHDR' || length !== 13) return failWalk('The PNG image is damaged (its header chunk is missing).');
      width = buf.readUInt32BE(dataStart);
      height = buf.readUInt32BE(dataStart + 4);
      const bitDepth = buf[dataStart + 8]!;
      const colorType = buf[dataStart + 9]!;
      const interlace = buf[dataStart + 12]!;
      const channels = PNG_CHANNELS[colorType];
      if (!width || !height) return failWalk('The PNG image has no pixels (width or height is 0).');
      if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth)) return failWalk('The PNG image is damaged (unknown colour type or bit depth).');
      raw = pngRawSize(width, height, bitDepth * channels, interlace === 1);
      if (raw > MAX_RAW_BYTES) return failWalk(`The PNG image is too large to decode (${width} x ${height} pixels).`);
      first = false;
    } else if (type === 'IDAT') {
      idat.push(buf.subarray(dataStart, dataEnd));
    } else if (type === 'IEND') {
      sawIend = true;
      break;
    }
    pos = dataEnd + 4;
  }
  if (first) return failWalk('The PNG image is damaged (its header chunk is missing).');
  if (!sawIend) return failWalk('The PNG image is truncated (its end chunk is missing).');
  if (idat.length === 0) return failWalk('The PNG image has no image data.');
  return { ok: true, width, height, raw, idat };
}

export function checkPng(buf: Buffer): StructureCheck {
  const w = walkPng(buf);
  if (!w.ok) return w;
  let inflated: Buffer;
  try {
    inflated = inflateSync(Buffer.concat(w.idat), { maxOutputLength: w.raw + 1 });
  } catch {
    return fail('The PNG image data is damaged or incomplete (it does not decompress).');
  }
  if (inflated.length !== w.raw) return fail('The PNG image data is incomplete (fewer pixels than its size says).');
  return { ok: true, width: w.width, height: w.height, pages: 1 };
}

/**
 * checkPng without holding the pixels: the image data is inflated in 256 KB pieces and only
 * counted (a 100-megapixel PNG needs 100-400 MB inflated at once otherwise).
 */
export async function checkPngStreaming(buf: Buffer): Promise<StructureCheck> {
  const w = walkPng(buf);
  if (!w.ok) return w;
  const counted = await new Promise<number | null>((resolve) => {
    const z = createInflate({ chunkSize: 256 * 1024 });
    let n = 0;
    let settled = false;
    const done = (v: number | null) => {
      if (settled) return;
      settled = true;
      resolve(v);
    };
    z.on('data', (c: Buffer) => {
      n += c.length;
      if (n > w.raw) {
        done(n);
        z.destroy();
      }
    });
    z.on('end', () => done(n));
    z.on('error', () => done(null));
    z.end(Buffer.concat(w.idat));
  });
  if (counted === null) return fail('The PNG image data is damaged or incomplete (it does not decompress).');
  if (counted !== w.raw) return fail('The PNG image data is incomplete (fewer pixels than its size says).');
  return { ok: true, width: w.width, height: w.height, pages: 1 };
}

// ------------------------------------------------------------------ JPEG

export function checkJpeg(buf: Buffer): StructureCheck {
  let pos = 2;
  let width = 0;
  let height = 0;
  let sosAt = -1;
  while (pos < buf.length) {
    if (buf[pos] !== 0xff) return fail('The JPEG image is damaged (bad segment marker).');
    let marker = buf[pos + 1];
    while (marker === 0xff) {
      pos += 1;
      marker = buf[pos + 1];
    }
    if (marker === undefined) return fail('The JPEG image is truncated.');
    if (marker === 0xd9) return fail('The JPEG image has no image data.');
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    if (pos + 4 > buf.length) return fail('The JPEG image is truncated.');
    const length = buf.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > buf.length) return fail('The JPEG image is truncated (a segment is cut off).');
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (length < 8) return fail('The JPEG image is damaged (short frame header).');
      height = buf.readUInt16BE(pos + 5);
      width = buf.readUInt16BE(pos + 7);
    }
    if (marker === 0xda) {
      sosAt = pos + 2 + length;
      break;
    }
    pos += 2 + length;
  }
  if (sosAt < 0) return fail('The JPEG image is truncated (no image data).');
  if (!width || !height) return fail('The JPEG image has no frame header with a size.');
  // the entropy-coded data ends with the EOI marker (FF D9); a cut-off file has none
  let eoi = -1;
  for (let i = buf.length - 2; i >= sosAt; i--) {
    if (buf[i] === 0xff && buf[i + 1] === 0xd9) {
      eoi = i;
      break;
    }
  }
  if (eoi < 0) return fail('The JPEG image is truncated (its end marker is missing).');
  return { ok: true, width, height, pages: 1 };
}

// ------------------------------------------------------------------ GIF

export function checkGif(buf: Buffer): StructureCheck {
  if (buf.length < 13) return fail('The GIF image is truncated.');
  const width = buf.readUInt16LE(6);
  const height = buf.readUInt16LE(8);
  if (!width || !height) return fail('The GIF image has no pixels (width or height is 0).');
  let pos = 13;
  const flags = buf[10]!;
  if (flags & 0x80) pos += 3 * (1 << ((flags & 0x07) + 1));
  const skipSubBlocks = (): boolean => {
    for (;;) {
      if (pos >= buf.length) return false;
      const size = buf[pos]!;
      pos += 1;
      if (size === 0) return true;
      pos += size;
    }
  };
  let frames = 0;
  for (;;) {
    if (pos >= buf.length) return fail('The GIF image is truncated (its trailer is missing).');
    const block = buf[pos]!;
    if (block === 0x3b) break;
    if (block === 0x21) {
      pos += 2;
      if (!skipSubBlocks()) return fail('The GIF image is truncated.');
    } else if (block === 0x2c) {
      if (pos + 10 > buf.length) return fail('The GIF image is truncated.');
      const local = buf[pos + 9]!;
      pos += 10;
      if (local & 0x80) pos += 3 * (1 << ((local & 0x07) + 1));
      pos += 1; // LZW minimum code size
      if (!skipSubBlocks()) return fail('The GIF image is truncated (image data is cut off).');
      frames += 1;
    } else {
      return fail('The GIF image is damaged (unknown block).');
    }
  }
  if (frames === 0) return fail('The GIF image has no image data.');
  return { ok: true, width, height, pages: 1 };
}

// ------------------------------------------------------------------ BMP

export function checkBmp(buf: Buffer): StructureCheck {
  if (buf.length < 26) return fail('The BMP image is truncated.');
  const dataOffset = buf.readUInt32LE(10);
  const dibSize = buf.readUInt32LE(14);
  let width: number;
  let height: number;
  let bpp: number;
  let compression = 0;
  if (dibSize === 12) {
    width = buf.readUInt16LE(18);
    height = buf.readUInt16LE(20);
    bpp = buf.readUInt16LE(24);
  } else if (dibSize >= 40 && buf.length >= 34) {
    width = buf.readInt32LE(18);
    height = Math.abs(buf.readInt32LE(22));
    bpp = buf.readUInt16LE(28);
    compression = buf.readUInt32LE(30);
  } else {
    return fail('The BMP image is damaged (unknown header).');
  }
  if (width <= 0 || height <= 0) return fail('The BMP image has no pixels (width or height is 0).');
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) return fail('The BMP image is damaged (unknown bit depth).');
  if (dataOffset < 14 + dibSize || dataOffset >= buf.length) return fail('The BMP image is truncated (no pixel data).');
  if (compression === 0 || compression === 3 || compression === 6) {
    const rowSize = Math.floor((bpp * width + 31) / 32) * 4;
    if (dataOffset + rowSize * height > buf.length) return fail('The BMP image is truncated (pixel data is cut off).');
  }
  return { ok: true, width, height, pages: 1 };
}

// ------------------------------------------------------------------ TIFF

const TIFF_TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 16: 8 };

/** TIFF: every IFD (page) is walked, and its strips/tiles must lie inside the file. Pages = IFDs. */
export function checkTiff(buf: Buffer): StructureCheck {
  if (buf.length < 8) return fail('The TIFF image is truncated.');
  const le = buf[0] === 0x49;
  const u16 = (o: number) => (le ? buf.readUInt16LE(o) : buf.readUInt16BE(o));
  const u32 = (o: number) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  let ifd = u32(4);
  const seen = new Set<number>();
  let pages = 0;
  let firstWidth = 0;
  let firstHeight = 0;
  while (ifd !== 0) {
    if (seen.has(ifd)) return fail('The TIFF image is damaged (its pages form a loop).');
    seen.add(ifd);
    if (pages >= 10_000) return fail('The TIFF image has too many pages.');
    if (ifd + 2 > buf.length) return fail('The TIFF image is truncated (a page directory is cut off).');
    const count = u16(ifd);
    const end = ifd + 2 + count * 12;
    if (end + 4 > buf.length) return fail('The TIFF image is truncated (a page directory is cut off).');
    const tags = new Map<number, number[]>();
    for (let i = 0; i < count; i++) {
      const e = ifd + 2 + i * 12;
      const tag = u16(e);
      const type = u16(e + 2);
      const n = u32(e + 4);
      const size = TIFF_TYPE_SIZE[type];
      if (!size) continue;
      if (![256, 257, 273, 279, 324, 325].includes(tag)) continue;
      if (n > 1_000_000) return fail('The TIFF image is damaged (absurd directory entry).');
      const inline = n * size <= 4;
      const at = inline ? e + 8 : u32(e + 8);
      if (at + n * size > buf.length) return fail('The TIFF image is truncated (a directory entry points past the end).');
      const values: number[] = [];
      for (let k = 0; k < n; k++) values.push(size === 2 ? u16(at + k * 2) : size === 4 ? u32(at + k * 4) : buf[at + k]!);
      tags.set(tag, values);
    }
    const width = tags.get(256)?.[0] ?? 0;
    const height = tags.get(257)?.[0] ?? 0;
    if (!width || !height) return fail(`The TIFF image is damaged (page ${pages + 1} has no size).`);
    const offsets = tags.get(273) ?? tags.get(324);
    const counts = tags.get(279) ?? tags.get(325);
    if (!offsets || !counts || offsets.length !== counts.length || offsets.length === 0) {
      return fail(`The TIFF image is damaged (page ${pages + 1} has no image data).`);
    }
    for (let k = 0; k < offsets.length; k++) {
      if (offsets[k]! + counts[k]! > buf.length) return fail(`The TIFF image is truncated (page ${pages + 1} is cut off).`);
    }
    if (pages === 0) {
      firstWidth = width;
      firstHeight = height;
    }
    pages += 1;
    ifd = u32(end);
  }
  if (pages === 0) return fail('The TIFF image has no pages.');
  return { ok: true, width: firstWidth, height: firstHeight, pages };
}
