/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Files: list, get, datasets of a file, delete (bytes too; datasets guard; force), statistics,
// downloads through signed URLs, cleanup of what crashes leave, and cross-user 404s.
import { existsSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { FileListResponseSchema, FileSchema, FileStatisticsSchema } from '@quarry/shared/schemas';
import { eq } from 'drizzle-orm';
import { files, uploads } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { makeImage, makePdf, prepare, putBytes, uploadAll, uploadOne } from '../uploads/test-fixtures';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
});
afterAll(() => t.close());

const blobPath = (userId: string, id: string) => path.join(t.config.dataDir, 'files', 'u', userId, id);
const get = (p: string, u: TestUser = alice) => t.request('GET', `/api/v1${p}`, { token: u.token });
const pdfSpec = async (filename: string, pages = 1) => ({ filename, bytes: await makePdf(pages), mime_type: 'application/pdf' });

describe('my-files', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.registerUser();
    await uploadAll(t, user, [
      await pdfSpec('one.pdf', 1),
      await pdfSpec('two.pdf', 2),
      { filename: 'broken.pdf', bytes: Buffer.from('nope'), mime_type: 'application/pdf' },
      { filename: 'pic.png', bytes: makeImage('png'), mime_type: 'image/png' },
    ]);
  });

  test('lists newest first with totals; include_failed adds invalid files', async () => {
    const res = await get('/files/my-files', user);
    expect(res.status).toBe(200);
    const body = FileListResponseSchema.parse(res.body);
    expect(body.files.map((f) => f.filename).sort()).toEqual(['one.pdf', 'pic.png', 'two.pdf']);
    expect(body).toMatchObject({ total_count: 3, total_pages: 4, offset: 0, limit: 50 });
    const all = await get('/files/my-files?include_failed=true', user);
    expect(all.body.total_count).toBe(4);
    expect(all.body.total_pages).toBe(4);
    const broken = all.body.files.find((f: any) => f.filename === 'broken.pdf');
    expect(broken).toMatchObject({ is_valid: false, page_count: 0 });
    expect((await get('/files/my-files?include_failed=false', user)).body.total_count).toBe(3);
  });

  test('paging, search and bad parameters', async () => {
    const p1 = await get('/files/my-files?include_failed=true&limit=3&offset=0', user);
    const p2 = await get('/files/my-files?include_failed=true&limit=3&offset=3', user);
    expect(p1.body.files).toHaveLength(3);
    expect(p2.body.files).toHaveLength(1);
    expect(p2.body.total_count).toBe(4);
    expect(new Set([...p1.body.files, ...p2.body.files].map((f: any) => f.id)).size).toBe(4);
    const found = await get('/files/my-files?search=TWO', user);
    expect(found.body.files.map((f: any) => f.filename)).toEqual(['two.pdf']);
    expect((await get('/files/my-files?search=%25', user)).body.total_count).toBe(0);
    for (const q of ['limit=0', 'limit=501', 'offset=-1', 'include_failed=maybe', 'limit=abc']) {
      expect((await get(`/files/my-files?${q}`, user)).status).toBe(422);
    }
    expect((await get('/files/my-files', bob)).body.total_count).toBe(0);
  });
});

test('GET files/{id} and files/{id}/datasets', async () => {
  const r = await uploadOne(t, alice, await pdfSpec('detail.pdf', 2));
  const res = await get(`/files/${r.file_id}`);
  expect(res.status).toBe(200);
  const file = FileSchema.parse(res.body);
  expect(file).toMatchObject({ id: r.file_id, filename: 'detail.pdf', actual_pages: 2, is_valid: true, file_type: 'pdf' });
  const none = await get(`/files/${r.file_id}/datasets`);
  expect(none.body).toEqual({ file_id: r.file_id, datasets: [], total_count: 0 });
  const ds = await t.request('POST', '/api/v1/datasets/', { token: alice.token, json: { name: 'Invoices', file_ids: [r.file_id] } });
  const withDs = await get(`/files/${r.file_id}/datasets`);
  expect(withDs.body.datasets).toEqual([{ id: ds.body.id, name: 'Invoices', status: 'active', added_at: expect.any(String) }]);
  expect((await get('/files/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  expect((await get('/files/not-a-uuid')).status).toBe(422);
});

describe('DELETE files/{id}', () => {
  test('deletes the row and the stored bytes', async () => {
    const r = await uploadOne(t, alice, await pdfSpec('gone.pdf'));
    expect(existsSync(blobPath(alice.id, r.file_id))).toBe(true);
    const res = await t.request('DELETE', `/api/v1/files/${r.file_id}`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'File "gone.pdf" deleted', file_id: r.file_id, removed_from_datasets: [] });
    expect(existsSync(blobPath(alice.id, r.file_id))).toBe(false);
    expect((await get(`/files/${r.file_id}`)).status).toBe(404);
    expect((await t.request('DELETE', `/api/v1/files/${r.file_id}`, { token: alice.token })).status).toBe(404);
  });

  test('a file in a dataset is refused with a message naming the datasets; force removes it from them', async () => {
    const r = await uploadOne(t, alice, await pdfSpec('kept.pdf', 2));
    const other = await uploadOne(t, alice, await pdfSpec('other.pdf'));
    const a = await t.request('POST', '/api/v1/datasets/', { token: alice.token, json: { name: 'Alpha', file_ids: [r.file_id, other.file_id] } });
    const b = await t.request('POST', '/api/v1/datasets/', { token: alice.token, json: { name: 'Beta', file_ids: [r.file_id] } });
    expect(a.body.total_pages).toBe(3);
    const refused = await t.request('DELETE', `/api/v1/files/${r.file_id}`, { token: alice.token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'File "kept.pdf" is in 2 datasets "Alpha", "Beta". Remove it from the datasets first, or delete it with force=true to remove it from all datasets.',
    );
    expect(refused.body.detail).toMatch(/datasets/);
    expect(existsSync(blobPath(alice.id, r.file_id))).toBe(true);
    const forced = await t.request('DELETE', `/api/v1/files/${r.file_id}?force=true`, { token: alice.token });
    expect(forced.status).toBe(200);
    expect(forced.body.removed_from_datasets.map((d: any) => d.name)).toEqual(['Alpha', 'Beta']);
    expect(forced.body.message).toBe('File "kept.pdf" deleted and removed from 2 datasets');
    expect(existsSync(blobPath(alice.id, r.file_id))).toBe(false);
    const alpha = await get(`/datasets/${a.body.id}`);
    expect(alpha.body).toMatchObject({ file_count: 1, total_pages: 1 });
    expect((await get(`/datasets/${b.body.id}`)).body).toMatchObject({ file_count: 0, total_pages: 0 });
  });

  test('a deleted dataset does not hold its files', async () => {
    const r = await uploadOne(t, alice, await pdfSpec('free.pdf'));
    const ds = await t.request('POST', '/api/v1/datasets/', { token: alice.token, json: { name: 'Old', file_ids: [r.file_id] } });
    await t.request('DELETE', `/api/v1/datasets/${ds.body.id}`, { token: alice.token });
    expect((await t.request('DELETE', `/api/v1/files/${r.file_id}`, { token: alice.token })).status).toBe(200);
  });

  test('concurrent deletes: one succeeds, the others answer 404, never 500', async () => {
    const r = await uploadOne(t, alice, await pdfSpec('race.pdf'));
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.request('DELETE', `/api/v1/files/${r.file_id}`, { token: alice.token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404]);
    expect(existsSync(blobPath(alice.id, r.file_id))).toBe(false);
  });

  test('concurrent delete and add-to-dataset never leave a dataset pointing at nothing', async () => {
    const r = await uploadOne(t, alice, await pdfSpec('contended.pdf'));
    const ds = await t.request('POST', '/api/v1/datasets/', { token: alice.token, json: { name: 'Contended', file_ids: [(await uploadOne(t, alice, await pdfSpec('anchor.pdf'))).file_id] } });
    const [del, add] = await Promise.all([
      t.request('DELETE', `/api/v1/files/${r.file_id}`, { token: alice.token }),
      t.request('POST', `/api/v1/datasets/${ds.body.id}/files`, { token: alice.token, json: { file_ids: [r.file_id] } }),
    ]);
    expect([200, 409]).toContain(del.status);
    expect([200, 404]).toContain(add.status);
    const after = await get(`/datasets/${ds.body.id}`);
    const fileStillThere = (await get(`/files/${r.file_id}`)).status === 200;
    expect(after.body.files.some((f: any) => f.id === r.file_id)).toBe(fileStillThere && add.status === 200);
    expect(existsSync(blobPath(alice.id, r.file_id))).toBe(fileStillThere);
  });
});

test('a burst of forced deletes and dataset changes on shared datasets never answers 500', async () => {
  const u = await t.registerUser();
  const pdf = await makePdf(1);
  const { results } = await uploadAll(t, u, [1, 2, 3, 4, 5, 6].map((n) => ({ filename: `s${n}.pdf`, bytes: pdf, mime_type: 'application/pdf' })));
  const ids = results.map((r) => r.file_id as string);
  const d1 = (await t.request('POST', '/api/v1/datasets/', { token: u.token, json: { name: 'D1', file_ids: ids } })).body;
  const d2 = (await t.request('POST', '/api/v1/datasets/', { token: u.token, json: { name: 'D2', file_ids: ids.slice(0, 3) } })).body;
  const answers = await Promise.all([
    ...ids.slice(0, 3).map((id) => t.request('DELETE', `/api/v1/files/${id}?force=true`, { token: u.token })),
    t.request('POST', `/api/v1/datasets/${d2.id}/files`, { token: u.token, json: { file_ids: ids.slice(3) } }),
    t.request('DELETE', `/api/v1/datasets/${d1.id}/files`, { token: u.token, json: { file_ids: ids.slice(4) } }),
    t.request('POST', `/api/v1/datasets/${d2.id}/files`, { token: u.token, json: { file_ids: ids.slice(2, 4) } }),
  ]);
  for (const a of answers) expect(a.status).toBeLessThan(500);
  expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
  const left = new Set(ids.slice(3));
  for (const d of [d1, d2]) {
    const now = (await t.request('GET', `/api/v1/datasets/${d.id}`, { token: u.token })).body;
    expect(now.files.every((f: any) => left.has(f.id))).toBe(true);
    expect(now.file_count).toBe(now.files.length);
  }
});

test('statistics/summary', async () => {
  const u = await t.registerUser();
  const empty = FileStatisticsSchema.parse((await get('/files/statistics/summary', u)).body);
  expect(empty).toMatchObject({ total_files: 0, total_pages: 0, total_size_bytes: 0, oldest_file_at: null, by_type: {} });
  const pdf = await makePdf(3);
  const png = makeImage('png');
  const { results } = await uploadAll(t, u, [
    { filename: 'a.pdf', bytes: pdf, mime_type: 'application/pdf' },
    { filename: 'b.png', bytes: png, mime_type: 'image/png' },
    { filename: 'c.pdf', bytes: Buffer.from('xx'), mime_type: 'application/pdf' },
  ]);
  await t.request('POST', '/api/v1/datasets/', { token: u.token, json: { name: 'S', file_ids: [results[0].file_id] } });
  await prepare(t, u, [{ filename: 'later.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
  const s = (await get('/files/statistics/summary', u)).body;
  expect(s).toMatchObject({
    total_files: 3,
    valid_files: 2,
    invalid_files: 1,
    pending_files: 0,
    total_pages: 4,
    total_size_bytes: pdf.length + png.length + 2,
    files_in_datasets: 1,
    pending_uploads: 1,
    by_type: { pdf: { count: 2, size_bytes: pdf.length + 2, pages: 3 }, png: { count: 1, size_bytes: png.length, pages: 1 } },
  });
});

describe('downloads', () => {
  test('a signed URL serves the bytes; a changed or expired one is refused', async () => {
    const pdf = await makePdf(1);
    const r = await uploadOne(t, alice, { filename: 'réport 2024.pdf', bytes: pdf, mime_type: 'application/pdf' });
    const link = await get(`/files/${r.file_id}/download-url`);
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`^${t.baseUrl}/api/v1/files/${r.file_id}/content\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const res = await fetch(link.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="r_port 2024.pdf"; filename*=UTF-8''r%C3%A9port%202024.pdf`);
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    const inline = await get(`/files/${r.file_id}/download-url?disposition=inline`);
    expect((await fetch(inline.body.url)).headers.get('content-disposition')).toMatch(/^inline;/);
    const tampered = link.body.url.replace(/signature=./, (m: string) => (m.endsWith('a') ? 'signature=b' : 'signature=a'));
    expect((await fetch(tampered)).status).toBe(403);
    const asInline = `${link.body.url}&disposition=inline`;
    expect((await fetch(asInline)).status).toBe(403);
    const stale = link.body.url.replace(/expires=\d+/, 'expires=1000');
    expect((await fetch(stale)).status).toBe(403);
    expect((await fetch(`${t.baseUrl}/api/v1/files/${r.file_id}/content`)).status).toBe(422);
  });
});

describe('cleanup-orphaned', () => {
  test('dry run (the default) reports; a real run repairs', async () => {
    const u = await t.registerUser();
    const keep = await uploadOne(t, u, await pdfSpec('keep.pdf'));
    const lost = await uploadOne(t, u, await pdfSpec('lost.pdf'));
    await t.request('POST', '/api/v1/datasets/', { token: u.token, json: { name: 'Has lost', file_ids: [lost.file_id, keep.file_id] } });
    // a blob a crash left behind (no row refers to it)
    const orphanId = randomUUID();
    mkdirSync(path.dirname(blobPath(u.id, orphanId)), { recursive: true });
    writeFileSync(blobPath(u.id, orphanId), 'orphan bytes');
    // bytes that vanished under a row
    unlinkSync(blobPath(u.id, lost.file_id));
    // an upload that was received long ago and never completed
    const pdf = await makePdf(1);
    const stale = await prepare(t, u, [{ filename: 'stale.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
    const staleId = stale.body.uploads[0].upload_id;
    await putBytes(t, stale.body.uploads[0].signed_url, pdf, 'application/pdf');
    await t.app.database.db.update(uploads).set({ expiresAt: new Date(Date.now() - 48 * 3600 * 1000) }).where(eq(uploads.id, staleId));
    // a live upload in progress must not be touched
    const live = await prepare(t, u, [{ filename: 'live.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
    await putBytes(t, live.body.uploads[0].signed_url, pdf, 'application/pdf');
    // a file whose validation was interrupted (is_valid still null)
    const unchecked = await uploadOne(t, u, await pdfSpec('unchecked.pdf', 2));
    await t.app.database.db
      .update(files)
      .set({ isValid: null, actualPages: null, createdAt: new Date(Date.now() - 3600 * 1000) })
      .where(eq(files.id, unchecked.file_id));

    const dry = await t.request('POST', '/api/v1/files/cleanup-orphaned', { token: u.token });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      dry_run: true,
      orphaned_blobs: [{ key: `u/${u.id}/${orphanId}`, size: 12, last_modified: expect.any(String) }],
      orphaned_bytes: 12,
      missing_files: [{ id: lost.file_id, filename: 'lost.pdf' }],
      expired_uploads: [{ id: staleId, filename: 'stale.pdf' }],
      revalidated_files: [{ id: unchecked.file_id, filename: 'unchecked.pdf', is_valid: null }],
    });
    expect(dry.body.message).toMatch(/^Dry run: found 1 orphaned blob \(12 bytes\), 1 file without bytes, 1 expired upload, 1 unchecked file\. Nothing was changed\.$/);
    expect(existsSync(blobPath(u.id, orphanId))).toBe(true);
    expect((await get(`/files/${lost.file_id}`, u)).status).toBe(200);

    const real = await t.request('POST', '/api/v1/files/cleanup-orphaned?dry_run=false', { token: u.token });
    expect(real.body.dry_run).toBe(false);
    expect(real.body.revalidated_files).toEqual([{ id: unchecked.file_id, filename: 'unchecked.pdf', is_valid: true }]);
    expect(existsSync(blobPath(u.id, orphanId))).toBe(false);
    expect(existsSync(blobPath(u.id, staleId))).toBe(false);
    expect(existsSync(blobPath(u.id, live.body.uploads[0].upload_id))).toBe(true);
    expect(existsSync(blobPath(u.id, keep.file_id))).toBe(true);
    expect((await get(`/files/${lost.file_id}`, u)).status).toBe(404);
    expect((await get(`/files/${unchecked.file_id}`, u)).body).toMatchObject({ is_valid: true, actual_pages: 2 });
    const [row] = await t.app.database.db.select().from(uploads).where(eq(uploads.id, staleId));
    expect(row!.status).toBe('expired');
    // the live upload still completes
    const done = await t.request('POST', '/api/v1/uploads/complete', {
      token: u.token,
      json: { upload_session_id: live.body.upload_session_id, completed_uploads: [live.body.uploads[0].upload_id] },
    });
    expect(done.body.results[0].is_valid).toBe(true);
    // nothing left to do; the JSON body form works too
    const again = await t.request('POST', '/api/v1/files/cleanup-orphaned', { token: u.token, json: { dry_run: false } });
    expect(again.body).toMatchObject({ dry_run: false, orphaned_blobs: [], missing_files: [], expired_uploads: [], revalidated_files: [] });
    expect((await t.request('POST', '/api/v1/files/cleanup-orphaned?dry_run=perhaps', { token: u.token })).status).toBe(422);
  });

  test('only looks at the caller\'s storage', async () => {
    const before = existsSync(path.join(t.config.dataDir, 'files', 'u', alice.id));
    const res = await t.request('POST', '/api/v1/files/cleanup-orphaned?dry_run=false', { token: bob.token });
    expect(res.body.orphaned_blobs).toEqual([]);
    expect(existsSync(path.join(t.config.dataDir, 'files', 'u', alice.id))).toBe(before);
  });
});

test('another user\'s file answers 404 on every route', async () => {
  const r = await uploadOne(t, alice, await pdfSpec('private.pdf'));
  for (const [method, p] of [
    ['GET', `/files/${r.file_id}`],
    ['GET', `/files/${r.file_id}/datasets`],
    ['GET', `/files/${r.file_id}/download-url`],
    ['DELETE', `/files/${r.file_id}`],
    ['DELETE', `/files/${r.file_id}?force=true`],
  ] as const) {
    const res = await t.request(method, `/api/v1${p}`, { token: bob.token });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('File not found');
  }
  const ds = await t.request('POST', '/api/v1/datasets/', { token: bob.token, json: { name: 'Steal', file_ids: [r.file_id] } });
  expect(ds.status).toBe(404);
  expect((await get(`/files/${r.file_id}`)).status).toBe(200);
  for (const p of ['/files/my-files', `/files/${r.file_id}`, '/files/statistics/summary']) {
    expect((await t.request('GET', `/api/v1${p}`)).status).toBe(401);
  }
});

test('the document routes are in the OpenAPI document', async () => {
  const json = await t.request('GET', '/api/docs/json');
  expect(json.status).toBe(200);
  const paths = Object.keys(json.body.paths);
  for (const p of [
    '/api/v1/uploads/prepare-upload',
    '/api/v1/uploads/blob/{uploadId}',
    '/api/v1/uploads/complete',
    '/api/v1/files/my-files',
    '/api/v1/files/{id}',
    '/api/v1/files/{id}/datasets',
    '/api/v1/files/{id}/download-url',
    '/api/v1/files/{id}/content',
    '/api/v1/files/statistics/summary',
    '/api/v1/files/cleanup-orphaned',
    '/api/v1/datasets/',
    '/api/v1/datasets/{id}/files',
    '/api/v1/datasets/{id}/archive',
    '/api/v1/datasets/{id}/unarchive',
    '/api/v1/prompts/',
    '/api/v1/prompts/validate',
    '/api/v1/prompts/statistics/summary',
    '/api/v1/examples/',
    '/api/v1/examples/{id}/validate',
    '/api/v1/examples/by-prompt/{id}',
    '/api/v1/examples/by-schema/{id}',
    '/api/v1/output-schemas/',
    '/api/v1/output-schemas/validate',
    '/api/v1/output-schemas/{id}/validate-data',
    '/api/v1/output-schemas/statistics/summary',
    '/api/v1/output-schemas/{id}/llm-format',
  ]) {
    expect(paths).toContain(p);
  }
  expect(JSON.stringify(json.body.paths['/api/v1/uploads/prepare-upload'].post.requestBody)).toContain('estimated_pages');
});
