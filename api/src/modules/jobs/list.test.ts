/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// GET /jobs/ as the one list of a user's jobs over real HTTP on the real database: filters
// (type, status, created date), search over job, file and dataset names, sorting with stable
// ties, totals, a 422 for an unknown sort column, and nothing of another user's.
import { eq, inArray } from 'drizzle-orm';
import { datasets, files, jobs } from '../../db/schema';
import { noopHandler, stepsHandler } from '../../jobs/testing/handlers';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { generousLimits } from './test-helpers';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const ids: Record<string, string> = {};

const list = async (query: string, user: TestUser = alice) => {
  const res = await t.request('GET', `/api/v1/jobs/?${query}`, { token: user.token });
  return res;
};
const names = (res: { body: any }) => (res.body.jobs as any[]).map((j) => j.name);

beforeAll(async () => {
  t = await startTestApp({ jobs: { inApiWorkers: 0 } });
  for (const h of [noopHandler, stepsHandler]) t.app.jobs.registry.register(h);
  await generousLimits(t);
  alice = await t.registerUser();
  bob = await t.registerUser();
  const db = t.app.database.db;
  const [file] = await db
    .insert(files)
    .values({ userId: alice.id, filename: 'walk_invoice_2024-03.pdf', fileType: 'pdf', mimeType: 'application/pdf', fileSize: 40_000, storageKey: `u/${alice.id}/walk`, estimatedPages: 1 })
    .returning();
  const [dataset] = await db.insert(datasets).values({ userId: alice.id, name: 'October receipts' }).returning();
  // five jobs of alice with known names, types and days; "Same day A/B" share one instant
  const make = async (user: TestUser, name: string, jobType: string) => {
    const res = await t.request('POST', '/api/v1/jobs/', { token: user.token, json: { job_type: jobType, name } });
    if (res.status !== 201) throw new Error(`create ${name}: ${res.status} ${res.text}`);
    return res.body.id as string;
  };
  ids.alpha = await make(alice, 'alpha report', 'noop');
  ids.bravo = await make(alice, 'Bravo', 'test_steps');
  ids.sameA = await make(alice, 'Same day A', 'noop');
  ids.sameB = await make(alice, 'Same day B', 'noop');
  ids.onFile = await make(alice, 'OCR run', 'noop');
  ids.onDataset = await make(alice, 'Pipeline run', 'test_steps');
  ids.bob = await make(bob, 'alpha of bob', 'noop');
  const at = (iso: string) => new Date(iso);
  const set = (id: string, values: Partial<typeof jobs.$inferInsert>) => db.update(jobs).set(values).where(eq(jobs.id, id));
  await set(ids.alpha!, { createdAt: at('2026-03-01T10:00:00Z') });
  await set(ids.bravo!, { createdAt: at('2026-03-02T10:00:00Z'), status: 'failed' });
  await set(ids.sameA!, { createdAt: at('2026-03-03T12:00:00Z') });
  await set(ids.sameB!, { createdAt: at('2026-03-03T12:00:00Z') });
  await set(ids.onFile!, { createdAt: at('2026-03-04T10:00:00Z'), fileId: file!.id, status: 'cancelled' });
  await set(ids.onDataset!, { createdAt: at('2026-03-05T23:59:59Z'), datasetId: dataset!.id });
  await set(ids.bob!, { createdAt: at('2026-03-06T10:00:00Z') });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /jobs/ as the jobs list', () => {
  it('lists only my jobs, newest first, with the total and the file or dataset name', async () => {
    const res = await list('limit=2');
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(6);
    expect(names(res)).toEqual(['Pipeline run', 'OCR run']);
    expect(res.body.jobs[0].dataset_name).toBe('October receipts');
    expect(res.body.jobs[1].single_file).toMatchObject({ filename: 'walk_invoice_2024-03.pdf' });
    expect(res.body.jobs[1].dataset_name).toBeNull();
    const bobs = await list('limit=100', bob);
    expect(names(bobs)).toEqual(['alpha of bob']);
    expect(bobs.body.total_count).toBe(1);
  });

  it('filters by type, status and created date (a day covers all of it)', async () => {
    const steps = await list('job_type=test_steps');
    expect(names(steps)).toEqual(['Pipeline run', 'Bravo']);
    expect(steps.body.total_count).toBe(2);
    expect(names(await list('status=failed'))).toEqual(['Bravo']);
    const range = await list('created_from=2026-03-02&created_to=2026-03-03');
    expect(names(range).sort()).toEqual(['Bravo', 'Same day A', 'Same day B']);
    expect(range.body.total_count).toBe(3);
    // the last second of a day is in it
    expect(names(await list('created_from=2026-03-05&created_to=2026-03-05'))).toEqual(['Pipeline run']);
    expect(names(await list('created_to=2026-03-01T10:00:00Z'))).toEqual(['alpha report']);
    expect((await list('created_from=yesterday')).status).toBe(422);
    expect((await list('created_to=2026-13-45')).status).toBe(422);
  });

  it('searches job names, file names and dataset names, case-insensitively, my jobs only', async () => {
    const byName = await list('search=ALPHA');
    expect(names(byName)).toEqual(['alpha report']);
    expect(byName.body.total_count).toBe(1);
    expect(names(await list('search=invoice_2024'))).toEqual(['OCR run']);
    expect(names(await list('search=october'))).toEqual(['Pipeline run']);
    // pattern characters are taken literally
    expect((await list('search=%25')).body.total_count).toBe(0);
    expect(names(await list('search=walk_'))).toEqual(['OCR run']);
    expect((await list('search=alpha', bob)).body.jobs.map((j: any) => j.name)).toEqual(['alpha of bob']);
  });

  it('sorts by name, status and type in both orders, ties by id, pages without repeats', async () => {
    expect(names(await list('sort=name&order=asc'))).toEqual(['alpha report', 'Bravo', 'OCR run', 'Pipeline run', 'Same day A', 'Same day B']);
    expect(names(await list('sort=name&order=desc'))[0]).toBe('Same day B');
    const byStatus = await list('sort=status&order=asc');
    expect((byStatus.body.jobs as any[]).map((j) => j.status)).toEqual(['cancelled', 'failed', 'pending', 'pending', 'pending', 'pending']);
    // the four pending jobs are ordered by id
    const pending = (byStatus.body.jobs as any[]).filter((j) => j.status === 'pending').map((j) => j.id);
    expect(pending).toEqual([...pending].sort());
    const byType = await list('sort=job_type&order=desc');
    expect((byType.body.jobs as any[]).map((j) => j.job_type)).toEqual(['test_steps', 'test_steps', 'noop', 'noop', 'noop', 'noop']);

    // two jobs created at the same instant keep one order across pages
    const seen: string[] = [];
    for (let offset = 0; offset < 6; offset += 2) {
      const page = await list(`sort=created_at&order=asc&limit=2&offset=${offset}`);
      expect(page.body.total_count).toBe(6);
      expect(page.body.offset).toBe(offset);
      seen.push(...names(page));
    }
    expect(seen).toEqual(['alpha report', 'Bravo', ...[ids.sameA!, ids.sameB!].sort().map((id) => (id === ids.sameA ? 'Same day A' : 'Same day B')), 'OCR run', 'Pipeline run']);
    expect(new Set(seen).size).toBe(6);
  });

  it('answers 422 naming the columns for an unknown sort, and for a bad order', async () => {
    const bad = await list('sort=password');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'sort']);
    expect(bad.body.detail[0].msg).toBe('sort must be one of: created_at, name, status, job_type');
    expect((await list('order=sideways')).status).toBe(422);
  });

  it('keeps other users out even when they search for my file or dataset', async () => {
    const res = await list('search=october&include_children=true', bob);
    expect(res.body.total_count).toBe(0);
    const db = t.app.database.db;
    const mine = await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, [ids.onFile!, ids.onDataset!]));
    expect(mine).toHaveLength(2);
  });
});
