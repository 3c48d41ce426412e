/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Datasets: CRUD, file membership, counts that follow the files, status transitions,
// validation messages (docs/product/files-and-datasets.md) and cross-user 404s.
import { DatasetListResponseSchema, DatasetSchema } from '@quarry/shared/schemas';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { makeImage, makePdf, makeTiff, uploadAll, uploadOne } from '../uploads/test-fixtures';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let pdf3: string;
let pdf1: string;
let png: string;
let invalid: string;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
  const { results } = await uploadAll(t, alice, [
    { filename: 'three.pdf', bytes: await makePdf(3), mime_type: 'application/pdf' },
    { filename: 'one.pdf', bytes: await makePdf(1), mime_type: 'application/pdf' },
    { filename: 'pic.png', bytes: makeImage('png'), mime_type: 'image/png' },
    { filename: 'bad.pdf', bytes: Buffer.from('not a pdf'), mime_type: 'application/pdf' },
  ]);
  [pdf3, pdf1, png, invalid] = results.map((r) => r.file_id);
});
afterAll(() => t.close());

const api = (method: string, p: string, json?: unknown, u: TestUser = alice) => t.request(method, `/api/v1${p}`, { token: u.token, json });
const create = (json: unknown, u: TestUser = alice) => api('POST', '/datasets/', json, u);

describe('create', () => {
  test('answers 201 with counts and files', async () => {
    const res = await create({ name: '  Q1 invoices ', description: 'January to March', file_ids: [pdf3, png, pdf3] });
    expect(res.status).toBe(201);
    const ds = DatasetSchema.parse(res.body);
    expect(ds).toMatchObject({ name: 'Q1 invoices', description: 'January to March', status: 'active', file_count: 2, total_pages: 4, archived_at: null, deleted_at: null });
    expect(ds.files.map((f) => f.id).sort()).toEqual([pdf3, png].sort());
    expect(ds.total_size).toBe(ds.files.reduce((n, f) => n + f.file_size, 0));
  });

  test('validates as the dialog does', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: '   ', file_ids: [pdf1] }, 'name', 'Dataset name is required'],
      [{ file_ids: [pdf1] }, 'name', 'Dataset name is required'],
      [{ name: 'x', file_ids: [] }, 'file_ids', 'Please select at least one file for the dataset'],
      [{ name: 'x' }, 'file_ids', 'Please select at least one file for the dataset'],
      [{ name: 'x', file_ids: ['nope'] }, 'file_ids', ''],
      [{ name: 'x'.repeat(201), file_ids: [pdf1] }, 'name', 'Dataset name is too long (at most 200 characters)'],
      [{ name: 'x', description: 'd'.repeat(2001), file_ids: [pdf1] }, 'description', 'Description is too long (at most 2000 characters)'],
      [{ name: 'x', file_ids: [pdf1], status: 'archived' }, 'status', 'Extra inputs are not permitted'],
    ];
    for (const [json, field, msg] of cases) {
      const res = await create(json);
      expect(res.status).toBe(422);
      const item = res.body.detail.find((d: any) => d.loc[1] === field);
      expect(item).toBeDefined();
      if (msg) expect(item.msg).toBe(msg);
    }
  });

  test('invalid files are refused; unknown and foreign files answer 404', async () => {
    const bad = await create({ name: 'x', file_ids: [pdf1, invalid] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Invalid files cannot be added to a dataset: bad.pdf');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await create({ name: 'x', file_ids: [pdf1, unknown] });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(`File not found: ${unknown}`);
    expect((await create({ name: 'x', file_ids: [pdf1] }, bob)).status).toBe(404);
  });
});

test('list: search, status filter, paging, deleted hidden by default', async () => {
  const u = await t.registerUser();
  const f = (await uploadOne(t, u, { filename: 'a.pdf', bytes: await makePdf(1), mime_type: 'application/pdf' })).file_id;
  const a = (await create({ name: 'Receipts 2024', description: 'shoebox', file_ids: [f] }, u)).body;
  const b = (await create({ name: 'Contracts', description: 'signed receipts of delivery', file_ids: [f] }, u)).body;
  const c = (await create({ name: 'Old stuff', file_ids: [f] }, u)).body;
  await api('POST', `/datasets/${b.id}/archive`, undefined, u);
  await api('DELETE', `/datasets/${c.id}`, undefined, u);
  const all = DatasetListResponseSchema.parse((await api('GET', '/datasets/', undefined, u)).body);
  expect(all.total_count).toBe(2);
  expect(all.datasets.map((d) => d.id)).toEqual([b.id, a.id]);
  const search = (await api('GET', '/datasets/?search=RECEIPTS', undefined, u)).body;
  expect(search.datasets.map((d: any) => d.name).sort()).toEqual(['Contracts', 'Receipts 2024']);
  expect((await api('GET', '/datasets/?status=archived', undefined, u)).body.datasets.map((d: any) => d.id)).toEqual([b.id]);
  expect((await api('GET', '/datasets/?status=deleted', undefined, u)).body.datasets.map((d: any) => d.id)).toEqual([c.id]);
  const paged = (await api('GET', '/datasets/?limit=1&offset=1', undefined, u)).body;
  expect(paged).toMatchObject({ total_count: 2 });
  expect(paged.datasets.map((d: any) => d.id)).toEqual([a.id]);
  const slim = (await api('GET', '/datasets/?include_files=false', undefined, u)).body;
  expect(slim.datasets[0]).toMatchObject({ file_count: 1, files: [] });
  expect((await api('GET', '/datasets/?status=lost', undefined, u)).status).toBe(422);
  expect((await api('GET', '/datasets/', undefined, bob)).body.total_count).toBe(0);
});

test('file_count and total_pages follow the files as they come and go', async () => {
  const u = await t.registerUser();
  const { results } = await uploadAll(t, u, [
    { filename: 'p3.pdf', bytes: await makePdf(3), mime_type: 'application/pdf' },
    { filename: 'p2.tiff', bytes: makeTiff(2), mime_type: 'image/tiff' },
    { filename: 'p1.png', bytes: makeImage('png'), mime_type: 'image/png' },
  ]);
  const [a, b, c] = results.map((r) => r.file_id);
  const ds = (await create({ name: 'Moving', file_ids: [a] }, u)).body;
  expect(ds).toMatchObject({ file_count: 1, total_pages: 3 });
  const added = await api('POST', `/datasets/${ds.id}/files`, { file_ids: [b, c, a] }, u);
  expect(added.status).toBe(200);
  expect(added.body).toMatchObject({ file_count: 3, total_pages: 6 });
  expect(added.body.added_file_ids.sort()).toEqual([b, c].sort());
  expect(added.body.unchanged_file_ids).toEqual([a]);
  const removed = await api('DELETE', `/datasets/${ds.id}/files`, { file_ids: [a, a] }, u);
  expect(removed.body).toMatchObject({ file_count: 2, total_pages: 3, removed_file_ids: [a], unchanged_file_ids: [] });
  const again = await api('DELETE', `/datasets/${ds.id}/files`, { file_ids: [a] }, u);
  expect(again.body).toMatchObject({ removed_file_ids: [], unchanged_file_ids: [a], file_count: 2 });
  // the file itself is untouched by removal
  expect((await api('GET', `/files/${a}`, undefined, u)).status).toBe(200);
  // deleting a member file with force updates the dataset
  await api('DELETE', `/files/${b}?force=true`, undefined, u);
  expect((await api('GET', `/datasets/${ds.id}`, undefined, u)).body).toMatchObject({ file_count: 1, total_pages: 1 });
  for (const json of [{ file_ids: [] }, {}]) {
    const res = await api('POST', `/datasets/${ds.id}/files`, json, u);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe('Please select files to add or remove');
    expect((await api('DELETE', `/datasets/${ds.id}/files`, json, u)).body.detail[0].msg).toBe('Please select files to add or remove');
  }
});

test('update, archive, unarchive, delete: the transitions and their refusals', async () => {
  const ds = (await create({ name: 'Lifecycle', file_ids: [pdf1] })).body;
  const renamed = await api('PUT', `/datasets/${ds.id}`, { name: 'Renamed', description: null });
  expect(renamed.body).toMatchObject({ name: 'Renamed', description: null });
  expect((await api('PUT', `/datasets/${ds.id}`, {})).status).toBe(422);
  expect((await api('PUT', `/datasets/${ds.id}`, { name: ' ' })).body.detail[0].msg).toBe('Dataset name is required');

  const archived = await api('POST', `/datasets/${ds.id}/archive`);
  expect(archived.body).toMatchObject({ status: 'archived', archived_at: expect.any(String) });
  expect((await api('POST', `/datasets/${ds.id}/archive`)).body.detail).toBe('Dataset "Renamed" is already archived');
  const locked = await api('POST', `/datasets/${ds.id}/files`, { file_ids: [png] });
  expect(locked.status).toBe(409);
  expect(locked.body.detail).toBe('Dataset "Renamed" is archived: unarchive it to change its files');
  expect((await api('PUT', `/datasets/${ds.id}`, { description: 'still editable' })).status).toBe(200);
  const active = await api('POST', `/datasets/${ds.id}/unarchive`);
  expect(active.body).toMatchObject({ status: 'active', archived_at: null });
  expect((await api('POST', `/datasets/${ds.id}/unarchive`)).body.detail).toBe('Dataset "Renamed" is not archived');

  const deleted = await api('DELETE', `/datasets/${ds.id}`);
  expect(deleted.status).toBe(200);
  expect(deleted.body).toMatchObject({ status: 'deleted', deleted_at: expect.any(String) });
  expect((await api('GET', `/datasets/${ds.id}`)).body.status).toBe('deleted');
  for (const [method, p, json] of [
    ['DELETE', `/datasets/${ds.id}`, undefined],
    ['PUT', `/datasets/${ds.id}`, { name: 'x' }],
    ['POST', `/datasets/${ds.id}/files`, { file_ids: [png] }],
    ['DELETE', `/datasets/${ds.id}/files`, { file_ids: [pdf1] }],
    ['POST', `/datasets/${ds.id}/archive`, undefined],
    ['POST', `/datasets/${ds.id}/unarchive`, undefined],
  ] as const) {
    const res = await api(method, p, json);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Dataset "Renamed" has been deleted');
  }
  // its files remain
  expect((await api('GET', `/files/${pdf1}`)).status).toBe(200);
});

test('concurrent deletes of a dataset: one 200, the others 409', async () => {
  const ds = (await create({ name: 'Twice', file_ids: [pdf1] })).body;
  const answers = await Promise.all([1, 2, 3].map(() => api('DELETE', `/datasets/${ds.id}`)));
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
});

test('another user\'s dataset answers 404 on every route', async () => {
  const ds = (await create({ name: 'Mine', file_ids: [pdf1] })).body;
  const bobFile = (await uploadOne(t, bob, { filename: 'b.pdf', bytes: await makePdf(1), mime_type: 'application/pdf' })).file_id;
  for (const [method, p, json] of [
    ['GET', `/datasets/${ds.id}`, undefined],
    ['PUT', `/datasets/${ds.id}`, { name: 'Taken' }],
    ['DELETE', `/datasets/${ds.id}`, undefined],
    ['POST', `/datasets/${ds.id}/files`, { file_ids: [bobFile] }],
    ['DELETE', `/datasets/${ds.id}/files`, { file_ids: [bobFile] }],
    ['POST', `/datasets/${ds.id}/archive`, undefined],
    ['POST', `/datasets/${ds.id}/unarchive`, undefined],
  ] as const) {
    const res = await api(method, p, json, bob);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Dataset not found');
  }
  // and alice cannot put bob's file in her dataset
  expect((await api('POST', `/datasets/${ds.id}/files`, { file_ids: [bobFile] })).status).toBe(404);
  expect((await api('GET', `/datasets/${ds.id}`)).body).toMatchObject({ name: 'Mine', status: 'active', file_count: 1 });
  expect((await t.request('GET', '/api/v1/datasets/')).status).toBe(401);
});
