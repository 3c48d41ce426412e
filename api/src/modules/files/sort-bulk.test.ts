/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// The file list sorted by each column (ties by id, so pages are stable), totals, a bad sort,
// and POST files/bulk: delete and add to dataset, scoped to the caller (another user's id
// changes nothing and is refused as not found).
import { FileBulkResponseSchema, FileListResponseSchema, FILE_SORT_COLUMNS } from '@quarry/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { datasetFiles, files } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { makePdf, uploadAll } from '../uploads/test-fixtures';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
});
afterAll(() => t.close());

const api = (method: string, p: string, u: TestUser, json?: unknown) => t.request(method, `/api/v1${p}`, { token: u.token, json });

describe('sorted file list', () => {
  let user: TestUser;
  let names: Map<string, string>;
  beforeAll(async () => {
    user = await t.registerUser();
    const db = t.app.database.db;
    const base = { userId: user.id, fileType: 'pdf', mimeType: 'application/pdf', estimatedPages: 1, isValid: true };
    // equal sizes, pages and instants on purpose: the id decides between them
    const rows = await db
      .insert(files)
      .values([
        { ...base, filename: 'b.pdf', fileSize: 300, actualPages: 2, storageKey: `u/${user.id}/1` },
        { ...base, filename: 'A.pdf', fileSize: 100, actualPages: 5, storageKey: `u/${user.id}/2` },
        { ...base, filename: 'c.pdf', fileSize: 100, actualPages: 2, storageKey: `u/${user.id}/3` },
        { ...base, filename: 'a.pdf', fileSize: 40_000, actualPages: 1, storageKey: `u/${user.id}/4` },
        { ...base, filename: 'D.pdf', fileSize: 300, actualPages: 2, storageKey: `u/${user.id}/5` },
      ])
      .returning();
    names = new Map(rows.map((r) => [r.id, r.filename]));
    const at = ['2026-01-02', '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-01'];
    for (const [i, r] of rows.entries()) await db.execute(sql`update files set created_at = ${at[i]}::timestamptz where id = ${r.id}`);
  });

  const all = async (q: string) => {
    const res = await api('GET', `/files/my-files?limit=500&${q}`, user);
    expect(res.status).toBe(200);
    return FileListResponseSchema.parse(res.body).files;
  };

  test.each(FILE_SORT_COLUMNS.flatMap((c) => [`${c}:asc`, `${c}:desc`]))('%s: ordered by the column, then by id; pages of 2 add up to the list', async (key) => {
    const [sort, order] = key.split(':') as [string, 'asc' | 'desc'];
    const list = await all(`sort=${sort}&order=${order}`);
    expect(list).toHaveLength(5);
    const value = (f: any) => (sort === 'filename' ? f.filename.toLowerCase() : sort === 'created_at' ? Date.parse(f.created_at) : f[sort]);
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1]!, list[i]!];
      const cmp = value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : a.id < b.id ? -1 : 1;
      expect(order === 'asc' ? cmp : -cmp).toBe(-1);
    }
    const paged: string[] = [];
    for (let offset = 0; offset < 6; offset += 2) {
      const res = await api('GET', `/files/my-files?sort=${sort}&order=${order}&limit=2&offset=${offset}`, user);
      expect(res.body).toMatchObject({ total_count: 5, total_pages: 12, offset, limit: 2 });
      paged.push(...res.body.files.map((f: any) => f.id));
    }
    expect(paged).toEqual(list.map((f) => f.id));
  });

  test('names sort without case; the default is newest first', async () => {
    expect((await all('sort=filename&order=asc')).map((f) => f.filename).slice(0, 2).sort()).toEqual(['A.pdf', 'a.pdf']);
    expect((await all('sort=filename&order=asc')).map((f) => f.filename).slice(2)).toEqual(['b.pdf', 'c.pdf', 'D.pdf']);
    expect((await all('')).map((f) => f.id)).toEqual((await all('sort=created_at&order=desc')).map((f) => f.id));
    expect(names.get((await all(''))[0]!.id)).toBe('a.pdf');
    expect((await all('sort=file_size&order=desc'))[0]!.filename).toBe('a.pdf');
  });

  test('search keeps the order and the totals of what matched', async () => {
    const res = await api('GET', '/files/my-files?search=.PDF&sort=page_count&order=desc&limit=1', user);
    expect(res.body).toMatchObject({ total_count: 5, total_pages: 12 });
    expect(res.body.files.map((f: any) => f.filename)).toEqual(['A.pdf']);
  });

  test('a bad sort or order answers 422 naming the allowed values', async () => {
    const bad = await api('GET', '/files/my-files?sort=owner', user);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['query', 'sort'], msg: 'sort must be one of: created_at, filename, file_size, page_count' });
    const order = await api('GET', '/files/my-files?order=up', user);
    expect(order.status).toBe(422);
    expect(order.body.detail[0]).toMatchObject({ loc: ['query', 'order'], msg: 'order must be asc or desc' });
  });
});

describe('POST files/bulk', () => {
  const pdfs = async (u: TestUser, ...names: string[]) =>
    (await uploadAll(t, u, await Promise.all(names.map(async (filename) => ({ filename, bytes: await makePdf(1), mime_type: 'application/pdf' })))))
      .results.map((r: any) => r.file_id as string);

  test('delete: the caller\'s files go, another user\'s id and a file in a dataset are refused with reasons', async () => {
    const [one, two, kept] = await pdfs(alice, 'bulk-1.pdf', 'bulk-2.pdf', 'bulk-kept.pdf');
    const [bobs] = await pdfs(bob, 'bob.pdf');
    const ds = await api('POST', '/datasets/', alice, { name: 'Keep', file_ids: [kept] });
    const res = await api('POST', '/files/bulk', alice, { action: 'delete', file_ids: [one, bobs, two, kept, one] });
    expect(res.status).toBe(200);
    const body = FileBulkResponseSchema.parse(res.body);
    expect(body.done).toEqual([one, two]);
    expect(body.refused).toEqual([
      { id: bobs, reason: 'File not found' },
      { id: kept, reason: expect.stringContaining('is in dataset "Keep"') },
    ]);
    expect(body.message).toBe('2 files deleted; 2 files were left unchanged');
    expect((await api('GET', `/files/${one}`, alice)).status).toBe(404);
    expect((await api('GET', `/files/${two}`, alice)).status).toBe(404);
    expect((await api('GET', `/files/${bobs}`, bob)).status).toBe(200);
    expect((await api('GET', `/files/${kept}`, alice)).status).toBe(200);
    const forced = await api('POST', '/files/bulk', alice, { action: 'delete', file_ids: [kept], force: true });
    expect(forced.body).toMatchObject({ done: [kept], refused: [], message: '1 file deleted' });
    expect((await api('GET', `/datasets/${ds.body.id}`, alice)).body.file_count).toBe(0);
  });

  test('add_to_dataset: adds the caller\'s files; foreign, invalid and present ones are refused', async () => {
    const [a, b, c] = await pdfs(alice, 'add-a.pdf', 'add-b.pdf', 'add-c.pdf');
    const [bobs] = await pdfs(bob, 'bob-add.pdf');
    const bad = (await uploadAll(t, alice, [{ filename: 'bad.pdf', bytes: Buffer.from('nope'), mime_type: 'application/pdf' }])).results[0].file_id;
    const ds = await api('POST', '/datasets/', alice, { name: 'Target', file_ids: [a] });
    const res = await api('POST', '/files/bulk', alice, { action: 'add_to_dataset', dataset_id: ds.body.id, file_ids: [a, b, bobs, bad, c] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      action: 'add_to_dataset',
      done: [b, c],
      refused: [
        { id: a, reason: '"add-a.pdf" is already in dataset "Target"' },
        { id: bobs, reason: 'File not found' },
        { id: bad, reason: '"bad.pdf" is invalid and cannot be added to a dataset' },
      ],
      message: '2 files added to "Target"; 3 files were left unchanged',
    });
    const db = t.app.database.db;
    const members = await db.select().from(datasetFiles).where(eq(datasetFiles.datasetId, ds.body.id));
    expect(members.map((m) => m.fileId).sort()).toEqual([a, b, c].sort());
    expect(await db.select().from(datasetFiles).where(eq(datasetFiles.fileId, bobs!))).toEqual([]);
    // another user's dataset: 404, nothing added
    const theirs = await api('POST', '/files/bulk', bob, { action: 'add_to_dataset', dataset_id: ds.body.id, file_ids: [bobs] });
    expect(theirs.status).toBe(404);
    await api('POST', `/datasets/${ds.body.id}/archive`, alice);
    expect((await api('POST', '/files/bulk', alice, { action: 'add_to_dataset', dataset_id: ds.body.id, file_ids: [b] })).status).toBe(409);
  });

  test('bad bodies answer 422', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const cases: [unknown, string][] = [
      [{ action: 'delete', file_ids: [] }, 'Select at least one file'],
      [{ action: 'delete', file_ids: Array.from({ length: 101 }, () => id) }, 'At most 100 files at a time'],
      [{ action: 'add_to_dataset', file_ids: [id] }, 'dataset_id is required to add files to a dataset'],
      [{ action: 'rename', file_ids: [id] }, 'action must be delete or add_to_dataset'],
    ];
    for (const [json, msg] of cases) {
      const res = await api('POST', '/files/bulk', alice, json);
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toBe(msg);
    }
  });
});
