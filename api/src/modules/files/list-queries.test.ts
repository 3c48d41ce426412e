// GET files/my-files costs one database round trip whatever the number of files: the page,
// its totals and its Reviewed marks come in one query, past the end too, and the caller's
// row comes from the session cache (counted at the driver).
import { files, fileReviews } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

let t: TestApp;
let alice: TestUser;
let queries = 0;

beforeAll(async () => {
  // what computing the list costs: without the list cache, which answers a repeated request with no query
  t = await startTestApp({ listCacheMb: 0 });
  alice = await t.registerUser();
  const rows = Array.from({ length: 200 }, (_, i) => ({
    userId: alice.id,
    filename: `doc-${String(i).padStart(3, '0')}.pdf`,
    fileType: 'pdf',
    mimeType: 'application/pdf',
    fileSize: 1000 + i,
    storageKey: `u/${alice.id}/seed-${i}`,
    estimatedPages: 2,
    actualPages: i % 2 === 0 ? 3 : null,
    isValid: i === 7 ? false : true,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
  }));
  const inserted = await t.app.database.db.insert(files).values(rows).returning({ id: files.id, filename: files.filename });
  const reviewed = inserted.filter((f) => ['doc-199.pdf', 'doc-150.pdf', 'doc-010.pdf'].includes(f.filename));
  await t.app.database.db
    .insert(fileReviews)
    .values(reviewed.map((f) => ({ fileId: f.id, userId: alice.id, reviewedBy: alice.id, record: {}, baseVersion: 'v1' })));
  // every statement the API sends, whichever driver
  const client = (t.app.database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    queries += 1;
    return query(...args);
  };
});
afterAll(() => t.close());

async function counted(path: string) {
  await t.request('GET', path, { token: alice.token }); // warm: the session check (and a list's user row) is cached after this
  queries = 0;
  const res = await t.request('GET', path, { token: alice.token });
  return { res, queries };
}

test('the list of 200 files costs one query, as users/me does, and its totals and marks are those of all 200', async () => {
  const me = await counted('/api/v1/users/me');
  expect(me.res.status).toBe(200);
  expect(me.queries).toBe(1); // its user row, read fresh
  const list = await counted('/api/v1/files/my-files?limit=50');
  expect(list.res.status).toBe(200);
  expect(list.queries).toBe(1);

  const body = list.res.body;
  expect(body.files).toHaveLength(50);
  expect(body.total_count).toBe(199); // the invalid one is left out
  expect(body.total_pages).toBe(100 * 3 + 99 * 2); // 100 even (3 actual pages) + 99 odd valid ones (2 estimated)
  expect(body.reviewed_count).toBe(3);
  expect(body.files[0].filename).toBe('doc-199.pdf');
  expect(body.files[0].reviewed_at).toEqual(expect.any(String));
  expect(body.files[1].reviewed_at ?? null).toBeNull();
  expect(body.files.find((f: { filename: string }) => f.filename === 'doc-150.pdf').reviewed_at).toEqual(expect.any(String));
});

test('a page past the end still reports the totals, in the same one query', async () => {
  const { res, queries: n } = await counted('/api/v1/files/my-files?offset=400&limit=50');
  expect(res.body.files).toEqual([]);
  expect([res.body.total_count, res.body.reviewed_count]).toEqual([199, 3]);
  expect(n).toBe(1);
  const search = await counted('/api/v1/files/my-files?search=doc-15&include_failed=true');
  expect(search.res.body.total_count).toBe(10); // doc-150 .. doc-159
  expect(search.res.body.reviewed_count).toBe(1);
});
