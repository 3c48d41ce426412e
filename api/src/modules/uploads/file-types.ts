// File types an upload may announce (docs/product/files-and-datasets.md, Uploads): by name and MIME type, the Content-Type a
// PUT may carry, and the page estimate a reservation counts.
import { PDF_BYTES_PER_ESTIMATED_PAGE } from '@quarry/shared/constants';
import type { FileType } from '@quarry/shared/schemas';
import type { UploadRow } from '../../db/schema';

interface TypeInfo {
  exts: string[];
  mimes: string[];
  canonical: string;
}

export const FILE_TYPE_INFO: Record<FileType, TypeInfo> = {
  pdf: { exts: ['pdf'], mimes: ['application/pdf', 'application/x-pdf', 'application/acrobat'], canonical: 'application/pdf' },
  jpeg: { exts: ['jpg', 'jpeg'], mimes: ['image/jpeg', 'image/jpg', 'image/pjpeg'], canonical: 'image/jpeg' },
  png: { exts: ['png'], mimes: ['image/png', 'image/x-png'], canonical: 'image/png' },
  gif: { exts: ['gif'], mimes: ['image/gif'], canonical: 'image/gif' },
  bmp: { exts: ['bmp'], mimes: ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp'], canonical: 'image/bmp' },
  // the product lists "tiff"; ".tif" is the same format
  tiff: { exts: ['tiff', 'tif'], mimes: ['image/tiff', 'image/tif', 'image/x-tiff'], canonical: 'image/tiff' },
};
const GENERIC_MIMES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
const TYPES = Object.keys(FILE_TYPE_INFO) as FileType[];

const typeByExt = (ext: string): FileType | null => TYPES.find((t) => FILE_TYPE_INFO[t].exts.includes(ext)) ?? null;
const typeByMime = (mime: string): FileType | null => TYPES.find((t) => FILE_TYPE_INFO[t].mimes.includes(mime)) ?? null;
export const bareMime = (m: string | undefined): string => (m ?? '').split(';')[0]!.trim().toLowerCase();

export type Classification =
  | { kind: 'ok'; fileType: FileType; mimeType: string; contentType: string }
  | { kind: 'unsupported' }
  | { kind: 'mismatch'; extType: FileType; mime: string };

/** The type of an announced file, from its name and MIME type. */
export function classify(filename: string, mimeType: string): Classification {
  const mime = bareMime(mimeType);
  const dot = filename.lastIndexOf('.');
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  const extType = ext ? typeByExt(ext) : null;
  const mimeType_ = GENERIC_MIMES.has(mime) ? null : typeByMime(mime);
  const contentType = GENERIC_MIMES.has(mime) ? 'application/octet-stream' : mime;
  if (ext && !extType) return { kind: 'unsupported' };
  if (!extType) {
    // no extension: the MIME type decides
    if (!mimeType_) return { kind: 'unsupported' };
    return { kind: 'ok', fileType: mimeType_, mimeType: FILE_TYPE_INFO[mimeType_].canonical, contentType };
  }
  if (!GENERIC_MIMES.has(mime) && mimeType_ !== extType) return { kind: 'mismatch', extType, mime };
  return { kind: 'ok', fileType: extType, mimeType: FILE_TYPE_INFO[extType].canonical, contentType };
}

/** May a PUT with this Content-Type deliver this upload? */
export function contentTypeAccepted(upload: Pick<UploadRow, 'fileType' | 'contentType'>, header: string | undefined): boolean {
  const sent = bareMime(header);
  if (sent === upload.contentType) return true;
  if (GENERIC_MIMES.has(sent) && sent !== '') return GENERIC_MIMES.has(upload.contentType);
  return FILE_TYPE_INFO[upload.fileType as FileType]?.mimes.includes(sent) ?? false;
}

/** PDFs max(1, ceil(size / 100000)); images 1. */
export const estimatePages = (fileType: FileType, size: number): number =>
  fileType === 'pdf' ? Math.max(1, Math.ceil(size / PDF_BYTES_PER_ESTIMATED_PAGE)) : 1;
