/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// The dataset list sorted by each column (ties by id), search by name, totals, a bad sort; and
// GET datasets/{id}: files, reviewed count, its jobs, exports and evaluation summary, scoped
// to the caller.
import { DATASET_SORT_COLUMNS, DatasetDetailSchema, DatasetListResponseSchema } from '@quarry/shared/schemas';
import { sql } from 'drizzle-orm';
import { datasetFiles, datasets, fileReviews, files, jobs } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
  const db = t.app.database.db;
  const base = { fileType: 'pdf', mimeType: 'application/pdf', estimatedPages: 1, isValid: true, fileSize: 10 };
  const f = await db
    .insert(files)
    .values([1, 2, 3].map((i) => ({ ...base, userId: alice.id, filename: `f${i}.pdf`, actualPages: i, storageKey: `u/${alice.id}/${i}` })))
    .returning();
  // two datasets share a name (case aside), a creation instant and a file count: the id decides
  const made = await db
    .insert(datasets)
    .values([
      { userId: alice.id, name: 'beta' },
      { userId: alice.id, name: 'Alpha' },
      { userId: alice.id, name: 'alpha', description: 'the receipts' },
      { userId: alice.id, name: 'Gamma' },
      { userId: bob.id, name: 'Alpha of bob' },
    ])
    .returning();
  for (const d of made) ids[d.name] = d.id;
  await db.insert(datasetFiles).values([
    { datasetId: ids.beta!, fileId: f[0]!.id },
    { datasetId: ids.beta!, fileId: f[1]!.id },
    { datasetId: ids.Alpha!, fileId: f[2]!.id },
    { datasetId: ids.alpha!, fileId: f[0]!.id },
  ]);
  const at: Record<string, string> = { beta: '2026-01-02', Alpha: '2026-01-01', alpha: '2026-01-02', Gamma: '2026-01-03' };
  for (const [name, when] of Object.entries(at)) await db.execute(sql`update datasets set created_at = ${when}::timestamptz where id = ${ids[name]!}`);
  await db.insert(fileReviews).values({ fileId: f[0]!.id, userId: alice.id, reviewedBy: alice.id, record: {}, baseVersion: 'v1' });
  await db.insert(jobs).values([
    // one statement gives both the same created_at: the times are set so "newest first" has one answer
    { userId: alice.id, jobType: 'full_pipeline', name: 'Pipeline on beta', status: 'completed', datasetId: ids.beta!, progressPercentage: 100, completedAt: new Date(), createdAt: new Date(Date.now() - 60_000) },
    { userId: alice.id, jobType: 'ocr', name: 'OCR on beta', status: 'running', datasetId: ids.beta!, progressPercentage: 40, createdAt: new Date() },
    { userId: alice.id, jobType: 'ocr', name: 'OCR on Alpha', status: 'queued', datasetId: ids.Alpha! },
  ]);
  // a pipeline's stage is not listed on its own
  const [parent] = await db.select().from(jobs).where(sql`name = 'Pipeline on beta'`);
  await db.insert(jobs).values({ userId: alice.id, jobType: 'ocr', name: 'stage', status: 'completed', datasetId: ids.beta!, parentId: parent!.id });
});
afterAll(() => t.close());

const get = (p: string, u: TestUser = alice) => t.request('GET', `/api/v1${p}`, { token: u.token });
const names = async (q: string) => {
  const res = await get(`/datasets/?include_files=false&${q}`);
  expect(res.status).toBe(200);
  return DatasetListResponseSchema.parse(res.body).datasets;
};

describe('sorted dataset list', () => {
  test.each(DATASET_SORT_COLUMNS.flatMap((c) => [`${c}:asc`, `${c}:desc`]))('%s: ordered by the column, then by id; pages of 1 add up', async (key) => {
    const [sort, order] = key.split(':') as [string, 'asc' | 'desc'];
    const list = await names(`sort=${sort}&order=${order}`);
    expect(list).toHaveLength(4);
    const value = (d: any) => (sort === 'name' ? d.name.toLowerCase() : sort === 'created_at' ? Date.parse(d.created_at) : d.file_count);
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1]!, list[i]!];
      const cmp = value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : a.id < b.id ? -1 : 1;
      expect(order === 'asc' ? cmp : -cmp).toBe(-1);
    }
    const paged: string[] = [];
    for (let offset = 0; offset < 5; offset++) {
      const res = await get(`/datasets/?include_files=false&sort=${sort}&order=${order}&limit=1&offset=${offset}`);
      expect(res.body.total_count).toBe(4);
      paged.push(...res.body.datasets.map((d: any) => d.id));
    }
    expect(paged).toEqual(list.map((d) => d.id));
  });

  test('default newest first; file_count counts members; search by name keeps the order', async () => {
    expect((await names('')).map((d) => d.name)[0]).toBe('Gamma');
    expect((await names('sort=file_count&order=desc'))[0]).toMatchObject({ name: 'beta', file_count: 2 });
    const found = await get('/datasets/?include_files=false&search=ALPHA&sort=name&order=desc');
    expect(found.body.total_count).toBe(2);
    expect(found.body.datasets.map((d: any) => d.name).sort()).toEqual(['Alpha', 'alpha']);
  });

  test('a bad sort answers 422 naming the columns', async () => {
    const res = await get('/datasets/?sort=updated');
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'sort'], msg: 'sort must be one of: created_at, name, file_count' });
  });
});

describe('GET datasets/{id}', () => {
  test('files, reviewed count, its top-level jobs newest first, exports and the evaluation summary', async () => {
    const res = await get(`/datasets/${ids.beta}`);
    expect(res.status).toBe(200);
    const d = DatasetDetailSchema.parse(res.body);
    expect(d).toMatchObject({ name: 'beta', file_count: 2, reviewed_count: 1, jobs_total: 2 });
    expect(d.files.map((f) => f.filename).sort()).toEqual(['f1.pdf', 'f2.pdf']);
    expect(d.jobs.map((j) => [j.name, j.status])).toEqual([
      ['OCR on beta', 'running'],
      ['Pipeline on beta', 'completed'],
    ]);
    expect(d.exports.map((e) => e.path)).toEqual(['json', 'csv', 'xlsx'].map((f) => `datasets/${ids.beta}/export?format=${f}`));
    expect(d.evaluation).toMatchObject({ reviewed_files: 1, total_files: 2, run: null, overall: null });
    expect(d.evaluation.message).toMatch(/No completed extraction run/);
    const empty = DatasetDetailSchema.parse((await get(`/datasets/${ids.Gamma}`)).body);
    expect(empty).toMatchObject({ file_count: 0, jobs: [], jobs_total: 0, evaluation: { reviewed_files: 0, total_files: 0 } });
  });

  test('another user\'s dataset is not found, and its jobs are not shown to them', async () => {
    expect((await get(`/datasets/${ids.beta}`, bob)).status).toBe(404);
    const own = DatasetDetailSchema.parse((await get(`/datasets/${ids['Alpha of bob']}`, bob)).body);
    expect(own.jobs).toEqual([]);
    expect((await get(`/datasets/${ids['Alpha of bob']}`)).status).toBe(404);
  });
});
