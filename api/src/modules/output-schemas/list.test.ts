/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// GET /output-schemas/ as a sortable, paged list over real HTTP: sort/order by updated_at,
// created_at, name or usage_count (ties by id), total_count on every page, 422 for another
// column, and only the caller's schemas.
import { outputSchemas } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

// starting the app and its database is slow on a busy machine
jest.setTimeout(120_000);

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const at = (s: string) => new Date(`2026-03-0${s}T00:00:00.000Z`);
const definition = { type: 'object', properties: { total: { type: 'number' } } };

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
  const base = { schemaDefinition: definition, fieldCount: 1 };
  await t.app.database.db.insert(outputSchemas).values([
    { ...base, userId: alice.id, name: 'receipt', createdAt: at('1'), updatedAt: at('5'), jobUseCount: 3 },
    { ...base, userId: alice.id, name: 'Receipt', createdAt: at('2'), updatedAt: at('5'), jobUseCount: 3 },
    { ...base, userId: alice.id, name: 'Contract', createdAt: at('3'), updatedAt: at('4'), jobUseCount: 7 },
    { ...base, userId: alice.id, name: 'address', createdAt: at('4'), updatedAt: at('3') },
    { ...base, userId: bob.id, name: 'Bob only', createdAt: at('6'), updatedAt: at('9') },
  ]);
});
afterAll(() => t.close());

const list = (who: TestUser, query: string) => t.request('GET', `/api/v1/output-schemas/${query}`, { token: who.token });
const names = (res: { body: any }) => res.body.schemas.map((p: any) => p.name);
const ids = (res: { body: any }) => res.body.schemas.map((p: any) => p.id);

test('recently updated first by default; ties by id', async () => {
  const res = await list(alice, '');
  expect(res.status).toBe(200);
  expect(res.body.total_count).toBe(4);
  const [a, b] = res.body.schemas;
  expect(a.updated_at).toBe(b.updated_at);
  expect(a.id > b.id).toBe(true);
  expect(names(res).slice(2)).toEqual(['Contract', 'address']);
});

test('name (case-insensitive), created_at and usage_count either way', async () => {
  const asc = await list(alice, '?sort=name&order=asc');
  expect(names(asc).map((n: string) => n.toLowerCase())).toEqual(['address', 'contract', 'receipt', 'receipt']);
  expect(ids(await list(alice, '?sort=name&order=desc'))).toEqual([...ids(asc)].reverse());
  expect(names(await list(alice, '?sort=created_at&order=asc'))).toEqual(['receipt', 'Receipt', 'Contract', 'address']);
  const used = await list(alice, '?sort=usage_count&order=desc');
  expect(used.body.schemas.map((s: any) => s.usage_count)).toEqual([7, 3, 3, 0]);
});

test('pages of two put together are the whole list, each with the total', async () => {
  for (const sort of ['updated_at', 'created_at', 'name', 'usage_count']) {
    for (const order of ['asc', 'desc']) {
      const whole = ids(await list(alice, `?sort=${sort}&order=${order}`));
      const paged: string[] = [];
      for (let offset = 0; offset < 4; offset += 2) {
        const page = await list(alice, `?sort=${sort}&order=${order}&offset=${offset}&limit=2`);
        expect(page.body.total_count).toBe(4);
        paged.push(...ids(page));
      }
      expect(paged).toEqual(whole);
    }
  }
  expect((await list(alice, '?offset=10')).body).toEqual({ schemas: [], total_count: 4 });
});

test('another sort column or order answers 422 naming the allowed ones', async () => {
  const bad = await list(alice, '?sort=schema_definition');
  expect(bad.status).toBe(422);
  expect(JSON.stringify(bad.body.detail)).toContain('sort must be one of: updated_at, created_at, name, usage_count');
  expect((await list(alice, '?order=sideways')).status).toBe(422);
});

test('each user sees only their own schemas, searched and counted', async () => {
  expect((await list(bob, '?sort=name')).body.schemas.map((s: any) => s.name)).toEqual(['Bob only']);
  const found = await list(alice, '?search=receipt&sort=created_at&order=desc');
  expect(names(found)).toEqual(['Receipt', 'receipt']);
  expect(found.body.total_count).toBe(2);
  expect((await list(alice, '?search=Bob')).body.total_count).toBe(0);
});
