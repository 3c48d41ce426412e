// The file of a multipart POST /extract, through the upload flow's own steps (types, quotas,
// reservation, bytes, validation) so it is the same file an upload through the UI makes:
// the part is streamed to a temporary file first (the flow needs its size before the bytes).
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError, validationError } from '../../lib/errors';
import { completeUpload } from '../uploads/complete';
import type { UploadDeps } from '../uploads/deps';
import { prepareUpload } from '../uploads/prepare';
import { receiveBlob } from '../uploads/receive';

export interface SpooledFile {
  path: string;
  filename: string;
  mimetype: string;
  size: number;
  truncated: boolean;
}

/** onFile of @fastify/multipart: the part goes to a temporary file; the body gets its description. */
export async function spoolPart(part: MultipartFile): Promise<SpooledFile> {
  const target = path.join(tmpdir(), `quarry-extract-${randomUUID()}`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(part.file, counter, createWriteStream(target));
  return { path: target, filename: part.filename, mimetype: part.mimetype, size, truncated: part.file.truncated };
}

export const removeSpooled = (f: SpooledFile | undefined): Promise<void> => (f ? rm(f.path, { force: true }) : Promise.resolve());

/** Prepare, store and complete one upload of the spooled bytes; answers the new file's id. */
export async function uploadSpooled(deps: UploadDeps, userId: string, f: SpooledFile, baseUrl: string): Promise<string> {
  if (f.truncated) throw new HttpError(413, `File too large: the largest file accepted is ${Math.round(deps.maxUploadBytes / 1024 / 1024)} MB`);
  if (f.size === 0) throw validationError(['body', 'file'], 'The file is empty');
  const prepared = await prepareUpload(deps, userId, [{ filename: f.filename, size: f.size, mime_type: f.mimetype }], baseUrl);
  if (!prepared.ok) throw new HttpError(prepared.status, prepared.message);
  const { upload_session_id: sessionId, uploads } = prepared.response;
  const upload = uploads[0]!;
  await receiveBlob(deps, () => true, {
    uploadId: upload.upload_id,
    expires: Math.floor(Date.now() / 1000) + 3600,
    signature: '',
    contentType: upload.headers?.['Content-Type'],
    contentLength: f.size,
    body: createReadStream(f.path),
  });
  const done = await completeUpload(deps, userId, sessionId, [upload.upload_id]);
  const result = done.results[0];
  if (!result?.file_id) throw validationError(['body', 'file'], result?.error_message ?? 'The upload could not be completed');
  if (result.is_valid === false) throw validationError(['body', 'file'], `The file is not usable: ${result.error_message ?? 'invalid'}`);
  return result.file_id;
}
