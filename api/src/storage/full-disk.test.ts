/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// A full disk answers 507 with a detail that says so, and leaves nothing behind:
// - a write the kernel refuses (ENOSPC: the upload body goes to /dev/full, the device that is
//   always full) fails the PUT with 507, removes the partial body, and the upload can be sent again;
// - below the disk reserve (DISK_RESERVE_MB), an upload and, with the embedded database, any
//   request that changes something are refused before a byte is written; reads go on.
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { uploads } from '../db/schema';
import { createTestDatabase, isPostgresRun, startTestApp, TEST_PASSWORD, uniqueEmail, type TestApp, type TestUser } from '../testing/helpers';
import { makePdf, prepare, putBytes } from '../modules/uploads/test-fixtures';
import { LocalBlobStore } from './local';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
});
afterAll(() => t.close());

const tmpDir = () => path.join(t.config.dataDir, 'files', '.tmp');

test('a body the disk has no room for (ENOSPC from the write) gets 507 "storage is full"; nothing is left; the retry is taken', async () => {
  const pdf = await makePdf(1, { minBytes: 300_000 });
  const prep = await prepare(t, alice, [{ filename: 'big.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
  expect(prep.status).toBe(200);
  const u = prep.body.uploads[0];

  // the store's file for the body: created as always, but the bytes go to a full device
  const store = LocalBlobStore.prototype as unknown as { openTemporary: (file: string) => ReturnType<typeof open> };
  const original = store.openTemporary;
  store.openTemporary = async (file: string) => {
    await (await open(file, 'wx')).close(); // the temporary file exists, as it would on the real disk
    return open('/dev/full', 'w');
  };
  let put;
  try {
    put = await putBytes(t, u.signed_url, pdf, 'application/pdf');
  } finally {
    store.openTemporary = original;
  }
  expect(put.status).toBe(507);
  expect(put.body.detail).toMatch(/storage is full/i);
  expect(put.body.detail).toMatch(/nothing was saved/i);
  expect(await readdir(tmpDir())).toEqual([]);
  const [row] = await t.app.database.db.select().from(uploads).where(eq(uploads.id, u.upload_id));
  expect(row!.status).toBe('pending');

  const again = await putBytes(t, u.signed_url, pdf, 'application/pdf');
  expect(again.status).toBe(200);
});

test('below the disk reserve an upload is refused with 507 before a byte is written; with the embedded database any change is, at once; reads go on', async () => {
  const db = await createTestDatabase();
  const before = await startTestApp({}, db);
  const bob = await before.registerUser();
  const pdf = await makePdf(1);
  const prep = await prepare(before, bob, [{ filename: 'a.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
  expect(prep.status).toBe(200);
  await before.close();

  // the same data, and a reserve no disk has free: every disk is "full"
  const full = await startTestApp({ storage: { diskReserveBytes: Number.MAX_SAFE_INTEGER } } as any, db);
  try {
    const signed = new URL(prep.body.uploads[0].signed_url, before.baseUrl); // the first app's port: the same path on this one
    const put = await putBytes(full, signed.pathname + signed.search, pdf, 'application/pdf');
    expect(put.status).toBe(507);
    expect(put.body.detail).toMatch(/storage is full/i);
    expect(await readdir(path.join(full.config.dataDir, 'files', '.tmp')).catch(() => [])).toEqual([]);

    const started = Date.now();
    const reg = await full.request('POST', '/api/v1/users/register', { json: { email: uniqueEmail(), password: TEST_PASSWORD } });
    // the embedded database writes to DATA_DIR; a PostgreSQL server's disk is not the API's
    expect(reg.status).toBe(isPostgresRun() ? 201 : 507);
    if (reg.status === 507) expect(reg.body.detail).toMatch(/storage is full/i);
    expect(Date.now() - started).toBeLessThan(10_000); // answered, not hung

    expect((await full.request('GET', '/api/v1/users/me', { token: bob.token })).status).toBe(200);
    expect((await full.request('GET', '/api/v1/health')).status).toBe(200);
  } finally {
    await full.close();
    await db.drop();
  }
});
