// The upload helper with jsdom's real XMLHttpRequest against a local HTTP server.
import { startFakeApi, type FakeApi } from '../testing/fakeApi';
import { uploadFailedMessage, uploadToSignedUrl } from './upload';

let server: FakeApi;
beforeAll(async () => {
  server = await startFakeApi((req) => {
    if (req.path === '/put/ok') return { status: 200 };
    if (req.path === '/put/created') return { status: 201, statusText: 'Created' };
    if (req.path === '/put/boom') return { status: 500, statusText: 'Internal Server Error', raw: 'boom' };
    if (req.path === '/put/expired') return { status: 403, raw: '' };
    return { destroy: true };
  });
});
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

const file = () => new Blob(['%PDF-1.7 '.repeat(20_000)], { type: 'application/pdf' });

it('PUTs the raw file with its Content-Type to the signed URL and reports progress up to 100', async () => {
  const progress: number[] = [];
  await uploadToSignedUrl(`${server.origin}/put/ok?sig=abc`, file(), { onProgress: (p) => progress.push(p.percent) });
  const req = server.requests.find((r) => r.path === '/put/ok')!;
  expect(req.method).toBe('PUT');
  expect(req.headers['content-type']).toBe('application/pdf');
  expect(req.query.get('sig')).toBe('abc');
  expect(req.body.length).toBe(file().size);
  expect(req.headers.authorization).toBeUndefined();
  expect(progress.at(-1)).toBe(100);
  expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
});

it('uses the given content type over the blob type', async () => {
  await uploadToSignedUrl(`${server.origin}/put/ok?n=2`, new Blob(['x']), { contentType: 'image/png' });
  expect(server.requests.at(-1)!.headers['content-type']).toBe('image/png');
});

it('succeeds only on HTTP 200: 201 fails', async () => {
  await expect(uploadToSignedUrl(`${server.origin}/put/created`, file())).rejects.toMatchObject({ message: 'Upload failed: Created', status: 201 });
});

it("a failed answer gives 'Upload failed: {status text}' or 'Upload failed'", async () => {
  await expect(uploadToSignedUrl(`${server.origin}/put/boom`, file())).rejects.toMatchObject({
    message: 'Upload failed: Internal Server Error',
    kind: 'system',
    retryable: true,
  });
  await expect(uploadToSignedUrl(`${server.origin}/put/expired`, file())).rejects.toMatchObject({
    message: 'Upload failed: Forbidden',
    kind: 'authorization',
    status: 403,
  });
  // HTTP/2 answers carry no status text.
  expect(uploadFailedMessage('')).toBe('Upload failed');
  expect(uploadFailedMessage(undefined)).toBe('Upload failed');
});

it("a network failure gives 'Upload failed' as a network error", async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom logs the hang-up
  await expect(uploadToSignedUrl(`${server.origin}/put/drop`, file())).rejects.toMatchObject({ message: 'Upload failed', kind: 'network' });
});

it('can be aborted', async () => {
  const controller = new AbortController();
  controller.abort();
  await expect(uploadToSignedUrl(`${server.origin}/put/ok`, file(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
});
