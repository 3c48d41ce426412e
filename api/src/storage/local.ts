// Local disk driver. Layout under the root (DATA_DIR/files by default):
//   u/<user id>/<file id>   the blobs
//   .tmp/<random>           bodies being received
// A body is written to .tmp, fsync'ed, then renamed into place (and the directory fsync'ed):
// a crash leaves either nothing or a complete blob under the key, never half a file.
// Signed URLs point back at the API (routes in modules/uploads and modules/files).
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDiskGuard, type DiskGuard } from './disk-space';
import { orWhenMissing } from './when-missing';
import { meteredStream } from './metered';
import { downloadSignatureParts, uploadSignatureParts, type UrlSigner } from './signing';
import {
  assertKey,
  BlobNotFoundError,
  BlobSizeMismatchError,
  type BlobInfo,
  type BlobStore,
  type PutOptions,
  type PutResult,
  type SignedDownloadRequest,
  type SignedUploadRequest,
  type SignedUrl,
} from './types';

const isNotFound = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

async function fsyncDir(dir: string): Promise<void> {
  let fh;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    // some file systems refuse fsync on directories; the rename itself is still atomic
  } finally {
    await fh?.close().catch(() => undefined);
  }
}

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  private readonly tmpDir: string;

  private readonly space: DiskGuard | null;

  constructor(
    readonly root: string,
    private readonly signer: UrlSigner,
    options: { reserveBytes?: number } = {},
  ) {
    this.tmpDir = path.join(root, '.tmp');
    this.space = options.reserveBytes !== undefined ? createDiskGuard([root], options.reserveBytes) : null;
  }

  /** The file a body is written to before it is renamed into place (a test puts a full disk here). */
  protected openTemporary(file: string) {
    return open(file, 'wx', 0o600);
  }

  /** Absolute path of a key (keys are validated: no traversal possible). */
  pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
    const finalPath = this.pathOf(key);
    await mkdir(this.tmpDir, { recursive: true });
    // refused before a byte is written when the body would leave less than the reserve free
    // (a full disk also fails the write itself: ENOSPC, answered 507 by lib/errors.ts)
    await this.space?.ensure(options.expectedBytes ?? 0);
    const tmp = path.join(this.tmpDir, `${randomUUID()}.part`);
    const limit = options.expectedBytes !== undefined ? Math.min(options.maxBytes, options.expectedBytes) : options.maxBytes;
    const counter = meteredStream(limit, options.onFirstByte);
    // opened before streaming: the file exists from here on, so the cleanup below always finds it
    const fh = await this.openTemporary(tmp);
    let renamed = false;
    try {
      // flush: the data is fsync'ed before the stream closes (and closes the handle)
      await pipeline(body, counter.stream, fh.createWriteStream({ flush: true }));
      const size = counter.size();
      if (options.expectedBytes !== undefined && size !== options.expectedBytes) {
        throw new BlobSizeMismatchError(options.expectedBytes, size);
      }
      await mkdir(path.dirname(finalPath), { recursive: true });
      await rename(tmp, finalPath);
      renamed = true;
      await fsyncDir(path.dirname(finalPath));
      return { size, sha256: counter.sha256() };
    } finally {
      await fh.close().catch(() => undefined);
      if (!renamed) await unlink(tmp).catch(() => undefined);
    }
  }

  async get(key: string): Promise<Readable> {
    const p = this.pathOf(key);
    // open first so a missing blob is reported here, not as a stream error later
    let fh;
    try {
      fh = await open(p, 'r');
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      throw err;
    }
    return fh.createReadStream();
  }

  async delete(key: string): Promise<void> {
    await orWhenMissing(unlink(this.pathOf(key)), isNotFound, undefined);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    const s = await orWhenMissing(stat(this.pathOf(key)), isNotFound, null);
    return s?.isFile() ? s.size : null;
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    // prefixes are directory-shaped here ("u/<id>/" or "u/")
    const relDir = prefix.replace(/\/+$/, '');
    if (relDir.includes('..') || relDir.startsWith('.')) throw new Error(`Invalid prefix ${prefix}`);
    const start = path.join(this.root, ...relDir.split('/').filter(Boolean));
    const walk = async function* (dir: string, rel: string): AsyncGenerator<BlobInfo> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      for (const e of entries) {
        if (e.name.startsWith('.')) continue;
        const childRel = rel ? `${rel}/${e.name}` : e.name;
        const full = path.join(dir, e.name);
        if (e.isDirectory()) yield* walk(full, childRel);
        else if (e.isFile()) {
          try {
            const s = await stat(full);
            yield { key: childRel, size: s.size, lastModified: s.mtime };
          } catch (err) {
            if (!isNotFound(err)) throw err; // deleted meanwhile
          }
        }
      }
    };
    yield* walk(start, relDir);
  }

  async withLocalFile<T>(key: string, fn: (p: string) => Promise<T>): Promise<T> {
    const p = this.pathOf(key);
    if ((await this.size(key)) === null) throw new BlobNotFoundError(key);
    return fn(p);
  }

  async signedUploadUrl(r: SignedUploadRequest): Promise<SignedUrl> {
    const expires = Math.floor(r.expiresAt.getTime() / 1000);
    const signature = this.signer.sign(
      uploadSignatureParts({ uploadId: r.uploadId, key: r.key, size: r.size, contentType: r.contentType, expires }),
    );
    return {
      url: `${r.baseUrl}/api/v1/uploads/blob/${r.uploadId}?expires=${expires}&signature=${signature}`,
      headers: { 'Content-Type': r.contentType },
    };
  }

  async signedDownloadUrl(r: SignedDownloadRequest): Promise<SignedUrl> {
    const expires = Math.floor(r.expiresAt.getTime() / 1000);
    const disposition = r.disposition ?? 'attachment';
    const signature = this.signer.sign(downloadSignatureParts({ fileId: r.fileId, key: r.key, expires, disposition }));
    const d = disposition === 'inline' ? '&disposition=inline' : '';
    return { url: `${r.baseUrl}/api/v1/files/${r.fileId}/content?expires=${expires}&signature=${signature}${d}`, headers: {} };
  }

  /** Removes bodies left in .tmp by a crash (older than `olderThanMs`). */
  async sweepTemporary(olderThanMs: number): Promise<number> {
    let removed = 0;
    const names = await orWhenMissing(readdir(this.tmpDir), isNotFound, null);
    if (!names) return 0;
    const cutoff = Date.now() - olderThanMs;
    for (const name of names) {
      const p = path.join(this.tmpDir, name);
      try {
        const s = await stat(p);
        if (s.mtimeMs < cutoff) {
          await rm(p, { force: true });
          removed += 1;
        }
      } catch {
        /* gone meanwhile */
      }
    }
    return removed;
  }
}
