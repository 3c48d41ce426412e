/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// The blob stores. Local: atomic writes, limits, listing, key safety, crash leftovers.
// S3: the same client flow (prepare -> PUT to the presigned URL -> complete -> download)
// against a small fake S3 endpoint (path-style; it records what the signed URLs carry).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startTestApp, type TestApp } from '../testing/helpers';
import { complete, makeImage, makePdf, prepare, putBytes } from '../modules/uploads/test-fixtures';
import { blobKey, BlobNotFoundError, BlobSizeMismatchError, BlobTooLargeError, LocalBlobStore, S3BlobStore, UrlSigner } from './index';

const collect = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('LocalBlobStore', () => {
  let root: string;
  let store: LocalBlobStore;
  const user = randomUUID();
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'quarry-blobs-'));
    store = new LocalBlobStore(root, new UrlSigner('x'.repeat(32)));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('put, size, get, list, delete', async () => {
    const key = blobKey(user, randomUUID());
    const res = await store.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), { maxBytes: 100, expectedBytes: 11 });
    expect(res).toEqual({ size: 11, sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9' });
    expect(await store.size(key)).toBe(11);
    expect(await store.exists(key)).toBe(true);
    expect((await collect(await store.get(key))).toString()).toBe('hello world');
    const listed = [];
    for await (const b of store.list(`u/${user}/`)) listed.push(b);
    expect(listed.map((b) => ({ key: b.key, size: b.size }))).toEqual([{ key, size: 11 }]);
    expect(Math.abs(listed[0]!.lastModified!.getTime() - Date.now())).toBeLessThan(60_000);
    await store.delete(key);
    await store.delete(key); // absent: no error
    expect(await store.size(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  test('a body of the wrong size leaves nothing behind, not even a temporary file', async () => {
    const key = blobKey(user, randomUUID());
    await expect(store.put(key, Readable.from([Buffer.alloc(10)]), { maxBytes: 100, expectedBytes: 11 })).rejects.toBeInstanceOf(BlobSizeMismatchError);
    await expect(store.put(key, Readable.from([Buffer.alloc(5), Buffer.alloc(7)]), { maxBytes: 100, expectedBytes: 11 })).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(store.put(key, Readable.from([Buffer.alloc(101)]), { maxBytes: 100 })).rejects.toBeInstanceOf(BlobTooLargeError);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(4));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(key, failing, { maxBytes: 100, expectedBytes: 11 })).rejects.toThrow('client went away');
    expect(await store.size(key)).toBeNull();
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  test('a failed replacement keeps the previous bytes intact', async () => {
    const key = blobKey(user, randomUUID());
    await store.put(key, Readable.from([Buffer.from('first')]), { maxBytes: 100, expectedBytes: 5 });
    await expect(store.put(key, Readable.from([Buffer.from('sec')]), { maxBytes: 100, expectedBytes: 5 })).rejects.toBeInstanceOf(BlobSizeMismatchError);
    expect((await collect(await store.get(key))).toString()).toBe('first');
  });

  test('keys are validated: no traversal, no arbitrary paths', async () => {
    for (const key of ['../etc/passwd', `u/${user}/../../x`, 'u/x/y', `/abs/${user}`, `u/${user}/${randomUUID()}/extra`]) {
      await expect(store.size(key)).rejects.toThrow(/Invalid storage key/);
      await expect(store.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow(/Invalid storage key/);
    }
  });

  test('sweepTemporary removes interrupted bodies older than the cutoff only', async () => {
    mkdirSync(path.join(root, '.tmp'), { recursive: true });
    writeFileSync(path.join(root, '.tmp', 'old.part'), 'x');
    writeFileSync(path.join(root, '.tmp', 'new.part'), 'x');
    const old = new Date(Date.now() - 7 * 3600 * 1000);
    utimesSync(path.join(root, '.tmp', 'old.part'), old, old);
    expect(await store.sweepTemporary(3600 * 1000)).toBe(1);
    expect(readdirSync(path.join(root, '.tmp'))).toEqual(['new.part']);
  });

  test('signed URLs carry expiry and signature, and only the same parameters verify', async () => {
    const signer = new UrlSigner('y'.repeat(32));
    const s = new LocalBlobStore(root, signer);
    const id = randomUUID();
    const { url, headers } = await s.signedUploadUrl({ key: blobKey(user, id), uploadId: id, contentType: 'application/pdf', size: 5, expiresAt: new Date(2_000_000_000_000), baseUrl: 'https://q.example' });
    expect(headers).toEqual({ 'Content-Type': 'application/pdf' });
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe(`https://q.example/api/v1/uploads/blob/${id}`);
    expect(u.searchParams.get('expires')).toBe('2000000000');
    const parts = ['PUT', id, blobKey(user, id), 5, 'application/pdf', 2_000_000_000];
    expect(signer.verify(parts, u.searchParams.get('signature')!)).toBe(true);
    expect(signer.verify(['PUT', id, blobKey(user, id), 6, 'application/pdf', 2_000_000_000], u.searchParams.get('signature')!)).toBe(false);
    expect(new UrlSigner('z'.repeat(32)).verify(parts, u.searchParams.get('signature')!)).toBe(false);
    expect(signer.verify(parts, 'nothex')).toBe(false);
  });
});

// ------------------------------------------------------------------ S3 flow

interface FakeObject {
  body: Buffer;
  contentType: string | undefined;
  modified: Date;
}

function fakeS3(): Promise<{ server: Server; url: string; objects: Map<string, FakeObject>; requests: { method: string; url: string; headers: Record<string, unknown> }[] }> {
  const objects = new Map<string, FakeObject>();
  const requests: { method: string; url: string; headers: Record<string, unknown> }[] = [];
  const server = createServer(async (req, res) => {
    const u = new URL(req.url!, 'http://fake');
    requests.push({ method: req.method!, url: req.url!, headers: req.headers });
    const [, bucket, ...rest] = u.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    if (bucket !== 'quarry') {
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'GET' && !key && u.searchParams.get('list-type') === '2') {
      const prefix = u.searchParams.get('prefix') ?? '';
      const items = [...objects.entries()].filter(([k]) => k.startsWith(prefix));
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Name>quarry</Name><Prefix>${prefix}</Prefix><KeyCount>${items.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>` +
        items.map(([k, o]) => `<Contents><Key>${k}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>"e"</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`).join('') +
        '</ListBucketResult>';
      res.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
      return;
    }
    const obj = objects.get(key);
    if (req.method === 'PUT') {
      const declared = Number(req.headers['content-length']);
      if (declared !== body.length) {
        res.writeHead(400).end('<Error><Code>IncompleteBody</Code></Error>');
        return;
      }
      objects.set(key, { body, contentType: req.headers['content-type'], modified: new Date() });
      res.writeHead(200, { etag: '"e"' }).end();
    } else if (req.method === 'HEAD' || req.method === 'GET') {
      if (!obj) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end(req.method === 'GET' ? '<Error><Code>NoSuchKey</Code><Message>none</Message></Error>' : undefined);
        return;
      }
      const disposition = u.searchParams.get('response-content-disposition');
      res.writeHead(200, {
        'content-length': String(obj.body.length),
        'content-type': u.searchParams.get('response-content-type') ?? obj.contentType ?? 'application/octet-stream',
        'last-modified': obj.modified.toUTCString(),
        ...(disposition ? { 'content-disposition': disposition } : {}),
      });
      res.end(req.method === 'GET' ? obj.body : undefined);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const addr = server.address() as { port: number };
    resolve({ server, url: `http://127.0.0.1:${addr.port}`, objects, requests });
  }));
}

describe('S3BlobStore: the same client flow through presigned URLs', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await fakeS3();
    t = await startTestApp({
      storage: {
        driver: 's3',
        s3: { bucket: 'quarry', region: 'us-east-1', endpoint: s3.url, accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', forcePathStyle: true, prefix: 'tenant-a' },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => s3.server.close(r));
  });

  test('prepare -> PUT to the bucket -> complete -> download -> delete', async () => {
    const user = await t.registerUser();
    const pdf = await makePdf(2);
    const png = makeImage('png');
    const prep = await prepare(t, user, [
      { filename: 'doc.pdf', bytes: pdf, mime_type: 'application/pdf' },
      { filename: 'img.png', bytes: png, mime_type: 'image/png' },
    ]);
    expect(prep.status).toBe(200);
    const [a, b] = prep.body.uploads;
    const signed = new URL(a.signed_url);
    expect(signed.origin).toBe(s3.url);
    expect(signed.pathname).toBe(`/quarry/tenant-a/u/${user.id}/${a.upload_id}`);
    expect(signed.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(signed.searchParams.get('X-Amz-SignedHeaders')!.split(';').sort()).toEqual(['content-length', 'content-type', 'host']);
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(3500);
    // nothing in the bucket before the PUT
    expect(s3.objects.size).toBe(0);
    expect((await putBytes(t, a.signed_url, pdf, a.headers['Content-Type'])).status).toBe(200);
    expect((await putBytes(t, b.signed_url, png, b.headers['Content-Type'])).status).toBe(200);
    expect(s3.objects.get(`tenant-a/u/${user.id}/${a.upload_id}`)!.contentType).toBe('application/pdf');

    const done = await complete(t, user, prep.body.upload_session_id, [a.upload_id, b.upload_id]);
    expect(done.status).toBe(200);
    expect(done.body.results.map((r: any) => [r.filename, r.is_valid, r.actual_pages])).toEqual([
      ['doc.pdf', true, 2],
      ['img.png', true, 1],
    ]);

    const link = await t.request('GET', `/api/v1/files/${a.upload_id}/download-url`, { token: user.token });
    expect(new URL(link.body.url).origin).toBe(s3.url);
    const dl = await fetch(link.body.url);
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="doc.pdf"; filename*=UTF-8''doc.pdf`);
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);

    // the local PUT route is not used with S3
    const local = await putBytes(t, `/api/v1/uploads/blob/${a.upload_id}?expires=9999999999&signature=${'a'.repeat(64)}`, pdf, 'application/pdf');
    expect(local.status).toBe(404);

    expect((await t.request('DELETE', `/api/v1/files/${b.upload_id}`, { token: user.token })).status).toBe(200);
    expect(s3.objects.has(`tenant-a/u/${user.id}/${b.upload_id}`)).toBe(false);

    // cleanup lists the bucket under the user's prefix
    s3.objects.set(`tenant-a/u/${user.id}/${randomUUID()}`, { body: Buffer.from('orphan'), contentType: undefined, modified: new Date() });
    const dry = await t.request('POST', '/api/v1/files/cleanup-orphaned', { token: user.token });
    expect(dry.body.orphaned_blobs).toHaveLength(1);
    expect(dry.body.missing_files).toEqual([]);
    await t.request('POST', '/api/v1/files/cleanup-orphaned?dry_run=false', { token: user.token });
    expect([...s3.objects.keys()].filter((k) => k.includes(user.id))).toEqual([`tenant-a/u/${user.id}/${a.upload_id}`]);
  });

  test('a lie about the size is caught at complete (HEAD), and the object is removed', async () => {
    const user = await t.registerUser();
    const pdf = await makePdf(1);
    const prep = await prepare(t, user, [{ filename: 'short.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
    const u = prep.body.uploads[0];
    // a bucket that did not enforce the signed length: bytes of another size land there
    s3.objects.set(`tenant-a/u/${user.id}/${u.upload_id}`, { body: pdf.subarray(0, 100), contentType: 'application/pdf', modified: new Date() });
    const done = await complete(t, user, prep.body.upload_session_id, [u.upload_id]);
    expect(done.body.results[0]).toMatchObject({ is_valid: false, file_id: null });
    expect(done.body.results[0].error_message).toBe(`The stored file has 100 bytes but ${pdf.length} were announced`);
    expect(s3.objects.has(`tenant-a/u/${user.id}/${u.upload_id}`)).toBe(false);
  });

  test('S3BlobStore.put streams with the declared length', async () => {
    const store = new S3BlobStore({ bucket: 'quarry', region: 'us-east-1', endpoint: s3.url, accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true, prefix: '' });
    const key = blobKey(randomUUID(), randomUUID());
    const res = await store.put(key, Readable.from([Buffer.from('abc')]), { maxBytes: 10, expectedBytes: 3 });
    expect(res.size).toBe(3);
    expect(await store.size(key)).toBe(3);
    expect(existsSync(key)).toBe(false);
    await expect(store.put(blobKey(randomUUID(), randomUUID()), Readable.from([Buffer.from('abcd')]), { maxBytes: 10, expectedBytes: 3 })).rejects.toBeInstanceOf(BlobTooLargeError);
    await store.delete(key);
    expect(await store.size(key)).toBeNull();
    await store.close();
  });
});
