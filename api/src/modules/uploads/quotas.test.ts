/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Quotas (max_file_count, max_pages, storage_used): counted from real rows and bytes,
// reported by users/me/resource-limits, enforced before any byte is stored.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { complete, makePdf, makeTiff, prepare, putBytes, uploadAll } from './test-fixtures';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createSuperuser();
});
afterAll(() => t.close());

async function setLimit(name: string, limit: number) {
  const types = await t.request('GET', '/api/v1/admin/resource-types', { token: admin.token });
  const type = types.body.resource_types.find((r: any) => r.name === name);
  const res = await t.request('PUT', `/api/v1/admin/resource-types/${type.id}`, { token: admin.token, json: { default_limit: limit } });
  expect(res.status).toBe(200);
}

const usage = async (u: TestUser) => {
  const res = await t.request('GET', '/api/v1/users/me/resource-limits', { token: u.token });
  const of = (name: string) => res.body.resource_limits.find((r: any) => r.name === name).current_usage;
  return { files: of('max_file_count'), pages: of('max_pages'), storage: of('storage_used') };
};
const userBlobs = (u: TestUser) => {
  const dir = path.join(t.config.dataDir, 'files', 'u', u.id);
  return existsSync(dir) ? readdirSync(dir) : [];
};

afterEach(async () => {
  await setLimit('max_file_count', 50);
  await setLimit('max_pages', 500);
  await setLimit('storage_used', 1024);
});

test('resource-limits counts real files, pages and bytes', async () => {
  const u = await t.registerUser();
  expect(await usage(u)).toEqual({ files: 0, pages: 0, storage: 0 });
  const pdf = await makePdf(3);
  const tiff = makeTiff(2);
  await uploadAll(t, u, [
    { filename: 'a.pdf', bytes: pdf, mime_type: 'application/pdf' },
    { filename: 'b.tiff', bytes: tiff, mime_type: 'image/tiff' },
    { filename: 'bad.pdf', bytes: Buffer.from('not a pdf at all'), mime_type: 'application/pdf' },
  ]);
  const now = await usage(u);
  // invalid files still take a file slot and storage, but no pages
  expect(now.files).toBe(3);
  expect(now.pages).toBe(5);
  expect(now.storage).toBe(Math.ceil(((pdf.length + tiff.length + 16) / 1_048_576) * 100) / 100);
});

test('max_file_count: a batch that would pass the limit is refused before anything is stored', async () => {
  await setLimit('max_file_count', 3);
  const u = await t.registerUser();
  const pdf = await makePdf(1);
  const spec = (n: number) => ({ filename: `f${n}.pdf`, bytes: pdf, mime_type: 'application/pdf' });
  await uploadAll(t, u, [spec(1), spec(2)]);
  const refused = await prepare(t, u, [spec(3), spec(4)]);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ success: false, quota_info: { current_file_count: 2, max_file_count: 3, requested_file_count: 2 } });
  expect(refused.body.detail).toBe('Quota exceeded (max_file_count): you have 2 files and this batch adds 2; the limit is 3 files.');
  expect(refused.body.error_message).toBe(refused.body.detail);
  expect(userBlobs(u)).toHaveLength(2);
  // one more fits; uploads in flight hold their slot
  const one = await prepare(t, u, [spec(3)]);
  expect(one.status).toBe(200);
  const another = await prepare(t, u, [spec(4)]);
  expect(another.status).toBe(403);
  expect(another.body.detail).toMatch(/you have 3 files \(1 of them in uploads not completed yet\)/);
  // a failed upload gives its slot back
  await complete(t, u, one.body.upload_session_id, [one.body.uploads[0].upload_id]);
  expect((await prepare(t, u, [spec(4)])).status).toBe(200);
});

test('concurrent prepares cannot overshoot the limit together', async () => {
  await setLimit('max_file_count', 5);
  const u = await t.registerUser();
  const pdf = await makePdf(1);
  const batch = [1, 2].map((n) => ({ filename: `c${n}.pdf`, bytes: pdf, mime_type: 'application/pdf' }));
  const answers = await Promise.all([1, 2, 3, 4].map(() => prepare(t, u, batch)));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
  expect(answers.filter((a) => a.status === 403)).toHaveLength(2);
});

test('max_pages: estimated pages count before upload (PDF: ceil(size / 100000))', async () => {
  await setLimit('max_pages', 10);
  const u = await t.registerUser();
  const res = await t.request('POST', '/api/v1/uploads/prepare-upload', {
    token: u.token,
    json: { files: [{ filename: 'big.pdf', size: 950_001, mime_type: 'application/pdf' }, { filename: 'x.png', size: 10, mime_type: 'image/png' }] },
  });
  expect(res.status).toBe(403);
  expect(res.body.detail).toBe('Quota exceeded (max_pages): you have 0 pages and this batch adds an estimated 11; the limit is 10 pages.');
  expect(res.body.quota_info).toMatchObject({ max_page_count: 10, requested_page_count: 11 });
});

test('max_pages: a file with more real pages than estimated is invalid when it would pass the limit', async () => {
  await setLimit('max_pages', 4);
  const u = await t.registerUser();
  const pdf = await makePdf(3);
  await uploadAll(t, u, [{ filename: 'three.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
  const { results } = await uploadAll(t, u, [{ filename: 'five-page fax.tiff', bytes: makeTiff(5), mime_type: 'image/tiff' }]);
  expect(results[0]).toMatchObject({ is_valid: false, actual_pages: null });
  expect(results[0].error_message).toBe(
    'Quota exceeded (max_pages): this file has 5 pages and you already have 3; the limit is 4 pages. Delete files or ask an administrator for a higher limit.',
  );
  expect((await usage(u)).pages).toBe(3);
});

test('storage_used: the announced bytes count against the MB limit', async () => {
  await setLimit('storage_used', 1);
  const u = await t.registerUser();
  const res = await t.request('POST', '/api/v1/uploads/prepare-upload', {
    token: u.token,
    json: { files: [{ filename: 'a.png', size: 700_000, mime_type: 'image/png' }, { filename: 'b.png', size: 400_000, mime_type: 'image/png' }] },
  });
  expect(res.status).toBe(403);
  expect(res.body.detail).toBe('Quota exceeded (storage_used): you use 0.0 MB and this batch adds 1.0 MB; the limit is 1.0 MB.');
});

test('a deleted resource type means no limit', async () => {
  const types = await t.request('GET', '/api/v1/admin/resource-types', { token: admin.token });
  const files = types.body.resource_types.find((r: any) => r.name === 'max_file_count');
  await setLimit('max_file_count', 0);
  const u = await t.registerUser();
  const pdf = await makePdf(1);
  expect((await prepare(t, u, [{ filename: 'a.pdf', bytes: pdf, mime_type: 'application/pdf' }])).status).toBe(403);
  // other users' files count against it, so the delete needs force (a plain delete answers 409)
  expect((await t.request('DELETE', `/api/v1/admin/resource-types/${files.id}`, { token: admin.token })).status).toBe(409);
  expect((await t.request('DELETE', `/api/v1/admin/resource-types/${files.id}?force=true`, { token: admin.token })).status).toBe(204);
  const ok = await prepare(t, u, [{ filename: 'a.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
  expect(ok.status).toBe(200);
  expect(ok.body.quota_info.max_file_count).toBeNull();
  await putBytes(t, ok.body.uploads[0].signed_url, pdf, 'application/pdf');
  await t.request('POST', '/api/v1/admin/seed-resources', { token: admin.token, json: { overwrite_existing: true } });
});
