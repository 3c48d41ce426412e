// What are these bytes? Magic numbers decide; the stored MIME type and the file name only
// choose which error to give when the bytes are not recognisable.
import { OcrError } from './errors';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'webp' | 'pnm' | 'avif';
export type DetectedInput = { kind: 'pdf' } | { kind: 'image'; format: ImageFormat };

/** Formats Leptonica (inside both tesseract engines) reads itself; others are decoded to PGM first. */
export const ENGINE_NATIVE_FORMATS: ReadonlySet<ImageFormat> = new Set(['png', 'jpeg', 'gif', 'bmp', 'tiff', 'webp', 'pnm']);

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, sig: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);

export function sniffPdf(bytes: Uint8Array): boolean {
  // The header may follow some junk; PDF readers accept it within the first 1024 bytes.
  const head = ascii(bytes, 0, Math.min(bytes.length, 1024));
  return head.includes('%PDF-');
}

export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length > 26) return 'bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (/^P[1-6]\s/.test(ascii(bytes, 0, 3))) return 'pnm';
  if (ascii(bytes, 4, 4) === 'ftyp' && /^avi[fs]$/.test(ascii(bytes, 8, 4))) return 'avif';
  return null;
}

const formatMb = (n: number): string => `${(n / 1_048_576).toFixed(1)} MB`;

export function detectInput(input: { bytes: Uint8Array; mimeType: string; filename: string }): DetectedInput {
  const { bytes, filename } = input;
  const mime = (input.mimeType || '').toLowerCase().split(';')[0]!.trim();
  if (bytes.length === 0) throw new OcrError('EMPTY_INPUT', `The file ${filename} is empty (0 bytes): there is nothing to read.`);
  if (sniffPdf(bytes)) return { kind: 'pdf' };
  const format = sniffImage(bytes);
  if (format) return { kind: 'image', format };

  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (mime === 'application/pdf' || ext === 'pdf') {
    throw new OcrError('PDF_CORRUPT', `The file ${filename} is not a readable PDF: it has no PDF header (damaged or not a PDF, ${formatMb(bytes.length)}).`);
  }
  if (mime.startsWith('image/') || ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tif', 'tiff', 'webp', 'avif'].includes(ext)) {
    throw new OcrError('IMAGE_UNDECODABLE', `The image ${filename} could not be decoded: its contents are not a PNG, JPEG, GIF, BMP, TIFF or WebP image (damaged or mislabelled).`);
  }
  throw new OcrError('UNSUPPORTED_TYPE', `The file ${filename} (${mime || 'unknown type'}) cannot be OCR'd: only PDF files and images (PNG, JPEG, GIF, BMP, TIFF, WebP) are supported.`);
}

/**
 * Width and height from an image's header, without decoding it (PNG, GIF, BMP, JPEG; null for
 * the others or a header that cannot be read). Lets OCR refuse an image whose pixels would not
 * fit in memory before any decoder allocates them.
 */
export function imageSize(bytes: Uint8Array, format: ImageFormat): { width: number; height: number } | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (format === 'png') return b.length >= 24 && b.toString('latin1', 12, 16) === 'IHDR' ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
    if (format === 'gif' && b.length >= 10) return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
    if (format === 'bmp' && b.length >= 26) return { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
    if (format === 'jpeg') {
      let pos = 2;
      while (pos + 9 < b.length) {
        if (b[pos] !== 0xff) return null;
        const marker = b[pos + 1]!;
        if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
          pos += marker === 0xff ? 1 : 2;
          continue;
        }
        // SOF0-SOF15 except DHT (c4), JPG (c8), DAC (cc)
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { width: b.readUInt16BE(pos + 7), height: b.readUInt16BE(pos + 5) };
        }
        pos += 2 + b.readUInt16BE(pos + 2);
      }
    }
  } catch {
    return null;
  }
  return null;
}
