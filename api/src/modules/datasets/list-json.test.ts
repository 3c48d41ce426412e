// GET datasets/ is written by the database (listDatasetsJson): its answer must be, key for key
// and in order, what the presenter (presentDataset, through the route's serializer) writes.
import { DatasetListResponseSchema } from '@quarry/shared/schemas';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { datasetFiles, datasets, fileReviews, files } from '../../db/schema';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { escapeLike } from '../../lib/list-query';
import { presentDataset } from './service';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const serialize = fastSerializerCompiler({ schema: DatasetListResponseSchema });

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
  const db = t.app.database.db;
  const base = { userId: alice.id, fileType: 'pdf', mimeType: 'application/pdf', estimatedPages: 2 };
  const f = await db
    .insert(files)
    .values([
      { ...base, filename: 'b.pdf', fileSize: 5_000_000_000, storageKey: `u/${alice.id}/1`, actualPages: 4, isValid: true, sha256: 'c'.repeat(64) },
      { ...base, filename: 'a "q" é.pdf', fileSize: 20, storageKey: `u/${alice.id}/2`, isValid: null },
      { ...base, filename: 'c.pdf', fileSize: 30, storageKey: `u/${alice.id}/3`, actualPages: 1, isValid: true },
    ])
    .returning();
  const [d1, d2, d3, d4, dEmpty] = await db
    .insert(datasets)
    .values([
      { userId: alice.id, name: 'Invoices 100%', description: 'line\n"two"' },
      { userId: alice.id, name: 'Archived', status: 'archived', archivedAt: new Date() },
      { userId: alice.id, name: 'Gone', status: 'deleted', deletedAt: new Date() },
      { userId: alice.id, name: 'Same time' },
      { userId: alice.id, name: 'Empty', description: 'nothing in it' },
    ])
    .returning();
  await db.insert(datasets).values({ userId: bob.id, name: 'Invoices of bob' });
  await db.insert(datasetFiles).values([
    { datasetId: d1!.id, fileId: f[0]!.id },
    { datasetId: d1!.id, fileId: f[1]!.id },
    { datasetId: d1!.id, fileId: f[2]!.id },
    { datasetId: d2!.id, fileId: f[0]!.id },
    { datasetId: d3!.id, fileId: f[2]!.id },
  ]);
  await db.insert(fileReviews).values({ fileId: f[0]!.id, userId: alice.id, reviewedBy: alice.id, record: {}, baseVersion: 'v1' });
  // microseconds, distinct added_at (the member order), two datasets changed at the same instant
  const stamp = (table: string, set: string, where: string) => db.execute(sql.raw(`update ${table} set ${set} where ${where}`));
  await stamp('datasets', `updated_at = '2026-05-01 00:00:00.123999+00', created_at = '1969-12-31 23:59:59.999500+00'`, `id = '${d1!.id}'`);
  await stamp('datasets', `updated_at = '2026-05-01 00:00:00.123999+00'`, `id = '${d4!.id}'`);
  await stamp('datasets', `updated_at = '2026-04-01 00:00:00.000001+00', archived_at = '2026-04-01 00:00:00.000999+00'`, `id = '${d2!.id}'`);
  await stamp('datasets', `updated_at = '2026-03-01 00:00:00+00'`, `id = '${dEmpty!.id}'`);
  for (const [i, file] of f.entries()) {
    await stamp('dataset_files', `added_at = '2026-01-0${3 - i} 00:00:00.5+00'`, `file_id = '${file.id}'`);
  }
  await stamp('files', `created_at = '2026-01-01 01:02:03.456789+00', validated_at = '2026-01-01 01:02:04.000999+00'`, `id = '${f[0]!.id}'`);
  await stamp('file_reviews', `reviewed_at = '2026-06-01 00:00:00.999999+00'`, `file_id = '${f[0]!.id}'`);
});
afterAll(() => t.close());

type Q = { offset: number; limit: number; status?: 'active' | 'archived' | 'deleted'; search?: string; include_files: boolean };

/** The answer as the presenter wrote it before: drizzle rows, presentDataset, the route's serializer. */
async function reference(userId: string, q: Q) {
  const db = t.app.database.db;
  const like = q.search ? `%${escapeLike(q.search)}%` : null;
  const where = and(
    eq(datasets.userId, userId),
    q.status ? eq(datasets.status, q.status) : ne(datasets.status, 'deleted'),
    like ? or(sql`${datasets.name} ilike ${like}`, sql`coalesce(${datasets.description}, '') ilike ${like}`) : undefined,
  );
  const rows = await db.select().from(datasets).where(where).orderBy(desc(datasets.createdAt), desc(datasets.id));
  const page = [];
  for (const row of rows.slice(q.offset, q.offset + q.limit)) {
    const d = await presentDataset(db, row);
    page.push(q.include_files ? d : { ...d, files: [] });
  }
  return serialize({ datasets: page, total_count: rows.length });
}

const cases: { path: string; q: Q }[] = [
  { path: '', q: { offset: 0, limit: 50, include_files: true } },
  { path: '?include_files=false', q: { offset: 0, limit: 50, include_files: false } },
  { path: '?status=deleted', q: { offset: 0, limit: 50, status: 'deleted', include_files: true } },
  { path: '?status=archived&include_files=false', q: { offset: 0, limit: 50, status: 'archived', include_files: false } },
  { path: '?search=%25', q: { offset: 0, limit: 50, search: '%', include_files: true } },
  { path: '?search=TWO', q: { offset: 0, limit: 50, search: 'TWO', include_files: true } },
  { path: '?offset=1&limit=2', q: { offset: 1, limit: 2, include_files: true } },
  { path: '?offset=10', q: { offset: 10, limit: 50, include_files: true } },
];

test.each(cases)('datasets/$path equals the presenter, key for key and in order', async ({ path, q }) => {
  const res = await t.request('GET', `/api/v1/datasets/${path}`, { token: alice.token });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const expected = JSON.parse(await reference(alice.id, q));
  expect(res.body).toEqual(expected);
  expect(JSON.stringify(res.body)).toBe(JSON.stringify(expected)); // the same keys in the same order, at every depth
  expect(DatasetListResponseSchema.parse(res.body)).toEqual(res.body);
});

test('counts, members and timestamps as the API always wrote them (literal values)', async () => {
  const res = await t.request('GET', '/api/v1/datasets/', { token: alice.token });
  const inv = res.body.datasets.find((d: { name: string }) => d.name === 'Invoices 100%');
  expect(inv).toMatchObject({
    description: 'line\n"two"',
    file_count: 3,
    total_pages: 4 + 2 + 1,
    total_size: 5_000_000_050,
    reviewed_count: 1,
    created_at: '1969-12-31T23:59:59.999Z',
    updated_at: '2026-05-01T00:00:00.123Z',
  });
  expect(inv.files.map((x: { filename: string }) => x.filename)).toEqual(['c.pdf', 'a "q" é.pdf', 'b.pdf']);
  expect(inv.files[2]).toMatchObject({ created_at: '2026-01-01T01:02:03.456Z', validated_at: '2026-01-01T01:02:04.000Z', reviewed_at: '2026-06-01T00:00:00.999Z' });
  expect(res.body.datasets.map((d: { name: string }) => d.name)).not.toContain('Gone');
  expect(res.body.datasets.find((d: { name: string }) => d.name === 'Empty')).toMatchObject({ files: [], file_count: 0, total_pages: 0, total_size: 0, reviewed_count: 0 });
  expect(res.body.total_count).toBe(4);
  expect((await t.request('GET', '/api/v1/datasets/', { token: bob.token })).body.datasets.map((d: { name: string }) => d.name)).toEqual(['Invoices of bob']);
});
