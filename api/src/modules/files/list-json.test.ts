// GET files/my-files is written by the database (listFilesJson): its answer must be, field for
// field and key for key, what the presenter (toFile + reviewed_at, through the route's
// serializer) writes from the same rows, for files in every state, every filter and page.
import { FileListResponseSchema } from '@quarry/shared/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import { datasetFiles, datasets, fileReviews, files, uploadSessions } from '../../db/schema';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { iso } from '../../lib/time';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { escapeLike } from '../../lib/list-query';
import { toFile } from './service';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const serialize = fastSerializerCompiler({ schema: FileListResponseSchema });

const base = { fileType: 'pdf', mimeType: 'application/pdf', estimatedPages: 2 };

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
  const db = t.app.database.db;
  const [session] = await db
    .insert(uploadSessions)
    .values({ userId: alice.id, fileCount: 1, expiresAt: new Date(Date.UTC(2027, 0, 1)) })
    .returning();
  const key = (n: string) => `u/${alice.id}/${n}`;
  const inserted = await db
    .insert(files)
    .values([
      { ...base, userId: alice.id, filename: 'valid.pdf', fileSize: 5_000_000_000, storageKey: key('a'), actualPages: 7, isValid: true, sha256: 'ab'.repeat(32), uploadSessionId: session!.id, validatedAt: new Date() },
      { ...base, userId: alice.id, filename: 'pending 100%_x.pdf', fileSize: 10, storageKey: key('b'), isValid: null },
      { ...base, userId: alice.id, filename: 'failed "quoted" \\ é 🙂.pdf', fileSize: 11, storageKey: key('c'), isValid: false, errorMessage: 'Bad\n"PDF"\t\u0001 ünïcode', validatedAt: new Date() },
      { ...base, userId: alice.id, filename: 'reviewed.pdf', fileSize: 12, storageKey: key('d'), actualPages: 1, isValid: true },
      { ...base, userId: alice.id, filename: 'in-dataset.pdf', fileSize: 13, storageKey: key('e'), actualPages: 3, isValid: true },
      { ...base, userId: alice.id, filename: 'old.pdf', fileSize: 14, storageKey: key('f'), isValid: true, actualPages: 2 },
      { ...base, userId: alice.id, filename: 'deleted.pdf', fileSize: 15, storageKey: key('g'), isValid: true },
      { ...base, userId: bob.id, filename: 'valid-bob.pdf', fileSize: 16, storageKey: `u/${bob.id}/a`, isValid: true },
    ])
    .returning();
  const id = (name: string) => inserted.find((f) => f.filename === name)!.id;
  // timestamps with microseconds (the API answers milliseconds, cut as a JS Date cuts them),
  // one before 1970, two files created at the same instant (ordered by id)
  const stamps: [string, string, string][] = [
    ['valid.pdf', '2026-03-01 10:00:00.123999+00', '2026-03-01 10:00:05.000001+00'],
    ['pending 100%_x.pdf', '2026-03-02 00:00:00.5+00', '2026-03-02 00:00:00.5+00'],
    ['failed "quoted" \\ é 🙂.pdf', '2026-03-03 23:59:59.999999+00', '2026-03-04 00:00:00+00'],
    ['reviewed.pdf', '2026-03-04 12:00:00.000500+00', '2026-03-04 12:00:00.0005+00'],
    ['in-dataset.pdf', '2026-03-04 12:00:00.000500+00', '2026-03-05 01:02:03.456789+02'],
    ['old.pdf', '1969-12-31 23:59:59.999500+00', '1970-01-01 00:00:00.000100+00'],
  ];
  for (const [name, created, updated] of stamps) {
    await db.execute(sql`update files set created_at = ${created}::timestamptz, updated_at = ${updated}::timestamptz where id = ${id(name)}`);
  }
  await db.execute(sql`update files set validated_at = '2026-03-01 10:00:01.777777+00' where id = ${id('valid.pdf')}`);
  await db.insert(fileReviews).values([
    { fileId: id('reviewed.pdf'), userId: alice.id, reviewedBy: alice.id, record: {}, baseVersion: 'v1' },
    { fileId: id('failed "quoted" \\ é 🙂.pdf'), userId: alice.id, reviewedBy: alice.id, record: {}, baseVersion: 'v1' },
    { fileId: id('valid-bob.pdf'), userId: bob.id, reviewedBy: bob.id, record: {}, baseVersion: 'v1' },
  ]);
  await db.execute(sql`update file_reviews set reviewed_at = '2026-03-06 08:00:00.654321+00' where file_id = ${id('reviewed.pdf')}`);
  const [ds] = await db.insert(datasets).values({ userId: alice.id, name: 'D' }).returning();
  const [ds2] = await db.insert(datasets).values({ userId: alice.id, name: 'E', status: 'archived' }).returning();
  await db.insert(datasetFiles).values([
    { datasetId: ds!.id, fileId: id('in-dataset.pdf') },
    { datasetId: ds2!.id, fileId: id('in-dataset.pdf') },
    { datasetId: ds!.id, fileId: id('reviewed.pdf') },
  ]);
  await db.delete(files).where(eq(files.id, id('deleted.pdf')));
});
afterAll(() => t.close());

/** The answer as the presenter wrote it before: drizzle rows, toFile, the route's serializer. */
async function reference(userId: string, q: { offset: number; limit: number; include_failed: boolean; search?: string }) {
  const db = t.app.database.db;
  const rows = await db
    .select({ file: files, reviewedAt: fileReviews.reviewedAt })
    .from(files)
    .leftJoin(fileReviews, and(eq(fileReviews.fileId, files.id), eq(fileReviews.userId, userId)))
    .where(
      and(
        eq(files.userId, userId),
        q.include_failed ? undefined : sql`${files.isValid} is not false`,
        q.search ? sql`${files.filename} ilike ${`%${escapeLike(q.search)}%`}` : undefined,
      ),
    )
    .orderBy(desc(files.createdAt), desc(files.id));
  const page = rows.slice(q.offset, q.offset + q.limit);
  return serialize({
    files: page.map((r) => ({ ...toFile(r.file), reviewed_at: iso(r.reviewedAt) })),
    total_count: rows.length,
    total_pages: rows.reduce((n, r) => n + toFile(r.file).page_count, 0),
    reviewed_count: rows.filter((r) => r.reviewedAt).length,
    offset: q.offset,
    limit: q.limit,
  });
}

const cases: { path: string; q: { offset: number; limit: number; include_failed: boolean; search?: string } }[] = [
  { path: '', q: { offset: 0, limit: 50, include_failed: false } },
  { path: '?include_failed=true', q: { offset: 0, limit: 50, include_failed: true } },
  { path: '?include_failed=true&offset=1&limit=2', q: { offset: 1, limit: 2, include_failed: true } },
  { path: '?include_failed=true&offset=4&limit=2', q: { offset: 4, limit: 2, include_failed: true } },
  { path: '?offset=50', q: { offset: 50, limit: 50, include_failed: false } },
  { path: '?search=%25_', q: { offset: 0, limit: 50, include_failed: false, search: '%_' } },
  { path: '?search=QUOTED&include_failed=true', q: { offset: 0, limit: 50, include_failed: true, search: 'QUOTED' } },
  { path: '?search=QUOTED', q: { offset: 0, limit: 50, include_failed: false, search: 'QUOTED' } },
  { path: '?search=.pdf&limit=1&offset=1', q: { offset: 1, limit: 1, include_failed: false, search: '.pdf' } },
  { path: '?search=nothing', q: { offset: 0, limit: 50, include_failed: false, search: 'nothing' } },
];

test.each(cases)('my-files$path equals the presenter, field for field and in order', async ({ path, q }) => {
  const res = await t.request('GET', `/api/v1/files/my-files${path}`, { token: alice.token });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const expected = JSON.parse(await reference(alice.id, q));
  expect(res.body).toEqual(expected);
  // the same keys in the same order, in the answer and in each file
  expect(Object.keys(res.body)).toEqual(Object.keys(expected));
  res.body.files.forEach((f: object, i: number) => expect(Object.keys(f)).toEqual(Object.keys(expected.files[i])));
  expect(FileListResponseSchema.parse(res.body)).toEqual(res.body);
});

test('every state is listed as the API always wrote it (literal values)', async () => {
  const res = await t.request('GET', '/api/v1/files/my-files?include_failed=true', { token: alice.token });
  const byName = Object.fromEntries(res.body.files.map((f: { filename: string }) => [f.filename, f]));
  // reviewed.pdf and in-dataset.pdf were created at the same instant: the greater id first
  const tie = ['in-dataset.pdf', 'reviewed.pdf'].sort((x, y) => (byName[x].id < byName[y].id ? 1 : -1));
  expect(res.body.files.map((f: { filename: string }) => f.filename)).toEqual([
    ...tie,
    'failed "quoted" \\ é 🙂.pdf',
    'pending 100%_x.pdf',
    'valid.pdf',
    'old.pdf',
  ]);
  expect(byName['valid.pdf']).toMatchObject({
    file_size: 5_000_000_000,
    actual_pages: 7,
    page_count: 7,
    is_valid: true,
    sha256: 'ab'.repeat(32),
    upload_session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    created_at: '2026-03-01T10:00:00.123Z',
    updated_at: '2026-03-01T10:00:05.000Z',
    validated_at: '2026-03-01T10:00:01.777Z',
    reviewed_at: null,
  });
  expect(byName['reviewed.pdf']).toMatchObject({ reviewed_at: '2026-03-06T08:00:00.654Z', created_at: '2026-03-04T12:00:00.000Z' });
  expect(byName['in-dataset.pdf']).toMatchObject({ updated_at: '2026-03-04T23:02:03.456Z', reviewed_at: null });
  expect(byName['failed "quoted" \\ é 🙂.pdf']).toMatchObject({
    is_valid: false,
    page_count: 0,
    error_message: 'Bad\n"PDF"\t\u0001 ünïcode',
    created_at: '2026-03-03T23:59:59.999Z',
    reviewed_at: expect.any(String),
  });
  expect(byName['pending 100%_x.pdf']).toMatchObject({ is_valid: null, page_count: 2, validated_at: null, actual_pages: null, sha256: null, upload_session_id: null });
  expect(byName['old.pdf']).toMatchObject({ created_at: '1969-12-31T23:59:59.999Z', updated_at: '1970-01-01T00:00:00.000Z' });
  expect(byName['deleted.pdf']).toBeUndefined();
  expect(res.body).toMatchObject({ total_count: 6, total_pages: 7 + 2 + 0 + 1 + 3 + 2, reviewed_count: 2, offset: 0, limit: expect.any(Number) });

  const other = await t.request('GET', '/api/v1/files/my-files', { token: bob.token });
  expect(other.body.files.map((f: { filename: string }) => f.filename)).toEqual(['valid-bob.pdf']);
  expect(other.body.reviewed_count).toBe(1);
});
