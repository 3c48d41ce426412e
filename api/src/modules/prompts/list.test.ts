/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// GET /prompts/ as a sortable, paged list over real HTTP: sort/order by updated_at, created_at
// or name (ties by id, so pages never repeat or skip a row), total_count on every page, 422 for
// another column, and only the caller's prompts.
import { prompts } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';

// starting the app and its database is slow on a busy machine
jest.setTimeout(120_000);

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const at = (s: string) => new Date(`2026-03-0${s}T00:00:00.000Z`);

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
  const base = { type: 'text', template: 'Read {{ text_chunk }}', variables: ['text_chunk'] };
  // two share an updated_at, two share a name but for its case: ties the id must break
  await t.app.database.db.insert(prompts).values([
    { ...base, userId: alice.id, name: 'invoice', createdAt: at('1'), updatedAt: at('5') },
    { ...base, userId: alice.id, name: 'Invoice', createdAt: at('2'), updatedAt: at('5') },
    { ...base, userId: alice.id, name: 'Address', createdAt: at('3'), updatedAt: at('4'), description: 'street and city' },
    { ...base, userId: alice.id, name: 'Zebra', createdAt: at('4'), updatedAt: at('3') },
    { ...base, userId: alice.id, name: 'bank', createdAt: at('5'), updatedAt: at('2') },
    { ...base, userId: bob.id, name: 'Bob only', createdAt: at('6'), updatedAt: at('9') },
  ]);
});
afterAll(() => t.close());

const list = (who: TestUser, query: string) => t.request('GET', `/api/v1/prompts/${query}`, { token: who.token });
const names = (res: { body: any }) => res.body.prompts.map((p: any) => p.name);

test('recently updated first by default; ties by id', async () => {
  const res = await list(alice, '');
  expect(res.status).toBe(200);
  expect(res.body.total_count).toBe(5);
  const [a, b] = res.body.prompts;
  expect([a.updated_at, b.updated_at]).toEqual([at('5').toISOString(), at('5').toISOString()]);
  expect(a.id > b.id).toBe(true);
  expect(names(res).slice(2)).toEqual(['Address', 'Zebra', 'bank']);
});

test('sort by name either way, case-insensitively, ties by id in the same direction', async () => {
  const asc = await list(alice, '?sort=name&order=asc');
  expect(names(asc).map((n: string) => n.toLowerCase())).toEqual(['address', 'bank', 'invoice', 'invoice', 'zebra']);
  const ids = asc.body.prompts.slice(2, 4).map((p: any) => p.id);
  expect(ids[0] < ids[1]).toBe(true);
  const desc = await list(alice, '?sort=name&order=desc');
  expect(desc.body.prompts.map((p: any) => p.id)).toEqual([...asc.body.prompts].reverse().map((p: any) => p.id));
  expect(names(await list(alice, '?sort=created_at&order=asc'))).toEqual(['invoice', 'Invoice', 'Address', 'Zebra', 'bank']);
});

test('pages of two put together are the whole list, each with the total', async () => {
  for (const sort of ['updated_at', 'created_at', 'name']) {
    for (const order of ['asc', 'desc']) {
      const whole = (await list(alice, `?sort=${sort}&order=${order}`)).body.prompts.map((p: any) => p.id);
      const paged: string[] = [];
      for (let offset = 0; offset < 6; offset += 2) {
        const page = await list(alice, `?sort=${sort}&order=${order}&offset=${offset}&limit=2`);
        expect(page.body.total_count).toBe(5);
        paged.push(...page.body.prompts.map((p: any) => p.id));
      }
      expect(paged).toEqual(whole);
    }
  }
  const past = await list(alice, '?offset=40&limit=2');
  expect(past.body).toEqual({ prompts: [], total_count: 5 });
});

test('a search keeps the sort and counts only what it matches', async () => {
  const res = await list(alice, '?search=INVOICE&sort=created_at&order=desc');
  expect(names(res)).toEqual(['Invoice', 'invoice']);
  expect(res.body.total_count).toBe(2);
  expect((await list(alice, '?search=nothing-like-it')).body).toEqual({ prompts: [], total_count: 0 });
});

test('another sort column or order answers 422 naming the allowed ones', async () => {
  const bad = await list(alice, '?sort=template');
  expect(bad.status).toBe(422);
  expect(JSON.stringify(bad.body.detail)).toContain('sort must be one of: updated_at, created_at, name');
  expect((await list(alice, '?sort=name&order=up')).status).toBe(422);
});

test("each user sees only their own prompts, sorted and counted", async () => {
  const res = await list(bob, '?sort=name&order=asc');
  expect(names(res)).toEqual(['Bob only']);
  expect(res.body.total_count).toBe(1);
  expect(names(await list(alice, '?search=Bob'))).toEqual([]);
});
