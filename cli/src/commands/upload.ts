// quarry upload <files...>: the web app's three steps (prepare-upload, one signed PUT per
// file, complete), with a progress bar per file on a terminal.
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { apiError, ok, reachable } from '../client';
import { note, print, type Session } from '../context';
import { failure, usageError } from '../errors';
import { progressBar } from '../progress';

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

export interface UploadedFile {
  filename: string;
  file_id: string | null;
  is_valid: boolean;
  actual_pages: number | null;
  error_message: string | null;
}

export function localFile(file: string): { file: string; filename: string; size: number; mime_type: string } {
  let size: number;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new Error('not a file');
    size = st.size;
  } catch {
    throw usageError(`Cannot read ${file}`);
  }
  const filename = path.basename(file);
  return { file, filename, size, mime_type: MIME[path.extname(filename).toLowerCase()] ?? 'application/octet-stream' };
}

async function put(session: Session, url: string, headers: Record<string, string>, file: string, size: number, label: string) {
  const bar = progressBar(session.io.stderr, size, 'bytes', label);
  let sent = 0;
  const counted = Readable.toWeb(createReadStream(file)).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        bar.update(sent);
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    const res = await session.io.fetch(url, {
      method: 'PUT',
      headers: { ...headers, 'content-length': String(size) },
      body: counted as unknown as RequestInit['body'],
      duplex: 'half',
    } as RequestInit);
    if (!res.ok) throw apiError(res.status, await res.json().catch(() => null), `Upload of ${label}`);
  } finally {
    bar.stop();
  }
}

export async function uploadFiles(session: Session, files: string[]): Promise<UploadedFile[]> {
  const locals = files.map(localFile);
  const prepared = ok(
    await reachable(session.url, () =>
      session.api.POST('/api/v1/uploads/prepare-upload', {
        body: { files: locals.map(({ filename, size, mime_type }) => ({ filename, size, mime_type })) },
      }),
    ),
    'Upload refused',
  );
  for (const [i, upload] of prepared.uploads.entries()) {
    const local = locals[i]!;
    await reachable(session.url, () => put(session, upload.signed_url, upload.headers as Record<string, string>, local.file, local.size, local.filename));
  }
  const completed = ok(
    await reachable(session.url, () =>
      session.api.POST('/api/v1/uploads/complete', {
        body: { upload_session_id: prepared.upload_session_id, completed_uploads: prepared.uploads.map((u) => u.upload_id) },
      }),
    ),
    'Completing the upload failed',
  );
  return completed.results.map((r) => ({
    filename: r.filename,
    file_id: r.file_id ?? null,
    is_valid: r.is_valid === true,
    actual_pages: r.actual_pages ?? null,
    error_message: r.error_message ?? null,
  }));
}

export async function uploadCommand(session: Session, files: string[], opts: { json?: boolean }) {
  const results = await uploadFiles(session, files);
  if (opts.json) print(session.io, JSON.stringify(results, null, 2));
  else {
    for (const r of results) {
      print(
        session.io,
        r.is_valid
          ? `${r.file_id}\t${r.filename}\t${r.actual_pages ?? '?'} page(s)`
          : `invalid\t${r.filename}\t${r.error_message ?? 'invalid file'}`,
      );
    }
  }
  const invalid = results.filter((r) => !r.is_valid);
  if (invalid.length) {
    note(session.io, `${invalid.length} of ${results.length} file(s) invalid`);
    throw failure(`${invalid.length} file(s) were not accepted`);
  }
}
