// S3-compatible driver (AWS S3, MinIO, R2, ...): S3_BUCKET plus S3_REGION / S3_ENDPOINT /
// S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY / S3_FORCE_PATH_STYLE / S3_PREFIX.
// Clients PUT straight to a presigned URL whose signature covers Content-Type and
// Content-Length, so the bucket itself refuses a body of another size or type; the API
// checks the stored size again (HEAD) when the upload is completed.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config';
import { meteredStream } from './metered';
import { orWhenMissing } from './when-missing';
import {
  assertKey,
  BlobNotFoundError,
  BlobSizeMismatchError,
  BlobTooLargeError,
  type BlobInfo,
  type BlobStore,
  type PutOptions,
  type PutResult,
  type SignedDownloadRequest,
  type SignedUploadRequest,
  type SignedUrl,
} from './types';

type S3Settings = NonNullable<StorageConfig['s3']>;

const isMissing = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

const contentDisposition = (disposition: 'attachment' | 'inline', filename: string): string => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ? `${settings.prefix}/` : '';
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // presigned PUTs from browsers cannot add the SDK's default checksum headers
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<PutResult> {
    if (options.expectedBytes === undefined) {
      throw new Error('S3 uploads through the API need the size up front (expectedBytes)');
    }
    const expected = options.expectedBytes;
    if (expected > options.maxBytes) throw new BlobTooLargeError(options.maxBytes);
    const counter = meteredStream(expected, options.onFirstByte);
    const pass = new PassThrough();
    const piping = pipeline(body, counter.stream, pass);
    try {
      await Promise.all([
        piping,
        this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: this.objectKey(key),
            Body: pass,
            ContentLength: expected,
            ContentType: options.contentType ?? 'application/octet-stream',
          }),
        ),
      ]);
    } catch (err) {
      await this.delete(key).catch(() => undefined);
      if (counter.size() !== expected && !(err instanceof BlobTooLargeError)) throw new BlobSizeMismatchError(expected, counter.size());
      throw err;
    }
    const size = counter.size();
    if (size !== expected) {
      await this.delete(key).catch(() => undefined);
      throw new BlobSizeMismatchError(expected, size);
    }
    return { size, sha256: counter.sha256() };
  }

  async get(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return out.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await orWhenMissing(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })), isMissing, undefined);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    const out = await orWhenMissing(this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })), isMissing, null);
    return out ? (out.ContentLength ?? 0) : null;
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
      );
      for (const o of out.Contents ?? []) {
        if (!o.Key) continue;
        yield { key: o.Key.slice(this.prefix.length), size: o.Size ?? 0, lastModified: o.LastModified ?? null };
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  async withLocalFile<T>(key: string, fn: (p: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(tmpdir(), 'quarry-s3-'));
    const p = path.join(dir, randomUUID());
    try {
      await pipeline(await this.get(key), createWriteStream(p));
      return await fn(p);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async signedUploadUrl(r: SignedUploadRequest): Promise<SignedUrl> {
    const expiresIn = Math.max(1, Math.floor((r.expiresAt.getTime() - Date.now()) / 1000));
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(r.key), ContentType: r.contentType, ContentLength: r.size }),
      { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    return { url, headers: { 'Content-Type': r.contentType } };
  }

  async signedDownloadUrl(r: SignedDownloadRequest): Promise<SignedUrl> {
    const expiresIn = Math.max(1, Math.floor((r.expiresAt.getTime() - Date.now()) / 1000));
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(r.key),
        ResponseContentType: r.contentType,
        ResponseContentDisposition: contentDisposition(r.disposition ?? 'attachment', r.filename),
      }),
      { expiresIn },
    );
    return { url, headers: {} };
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

export { contentDisposition };
