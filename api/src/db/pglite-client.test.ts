// The embedded database in its own thread (pglite-client.ts + pglite-thread.mjs), on a real
// PGlite data directory: a long query leaves this thread's event loop free, a transaction is
// one session's and nobody else's, notices come before the answer of the query that caused
// them, and a thread that dies fails its callers with a clear error instead of leaving them
// waiting.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseUnavailableError } from '../lib/errors';
import { longestStall } from '../testing/event-loop';
import { BULK_PASSED_OVER, PgliteThreadClient } from './pglite-client';
import { asBulkWork, bulkIterable } from './priority';

/** A data directory: a copy of the suite's migrated template when there is one (no initdb). */
function dataDir(root: string): string {
  const dir = path.join(root, 'pg');
  const template = process.env.QUARRY_TEST_PG_TEMPLATE;
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

describe('the embedded database in a thread of its own', () => {
  let root: string;
  let client: PgliteThreadClient;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'quarry-pglite-thread-'));
    client = new PgliteThreadClient(dataDir(root));
    await client.waitReady;
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('a query computing for most of a second never holds the event loop for 100 ms', async () => {
    // enough rows for about half a second to several seconds, depending on the machine's load
    const { stallMs, tookMs, result } = await longestStall(() =>
      client.query('select count(*)::int as n from generate_series(1, 1000) a, generate_series(1, 4000) b where (a * b) % 7 = 3'),
    );
    expect(result.rows).toEqual([{ n: 490_347 }]);
    expect(tookMs).toBeGreaterThan(200); // else the query proves nothing
    expect(stallMs).toBeLessThan(100);
  }, 60_000);

  test('drizzle\'s row modes and pass-through parsers: text stays text, other types are read', async () => {
    const identity = (value: string) => value;
    const sql = "select '2024-03-01 10:00:00+00'::timestamptz as at, 42::int as n, '{\"a\":1}'::jsonb as j";
    const asObjects = await client.query(sql, [], { rowMode: 'object', parsers: { 1184: identity } });
    expect(asObjects.rows).toEqual([{ at: '2024-03-01 10:00:00+00', n: 42, j: { a: 1 } }]);
    const asArrays = await client.query('select $1::text as t, $2::int as n', ['x', 7], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([['x', 7]]);
    // a parser that changes values cannot cross the thread: refused, not ignored
    await expect(client.query('select 1', [], { parsers: { 23: (v: string) => Number(v) } })).rejects.toThrow(/only passes values through/);
  });

  test('a database error arrives with its message and code', async () => {
    await client.exec('create table if not exists t_unique (k text primary key)');
    await client.query('insert into t_unique values ($1)', ['a']);
    await expect(client.query('insert into t_unique values ($1)', ['a'])).rejects.toMatchObject({
      code: '23505',
      message: expect.stringMatching(/duplicate key/),
    });
  });

  test('a transaction is its caller\'s alone: others wait, a throw rolls it back, notices come first', async () => {
    await client.exec('create table if not exists t_tx (v int)');
    const seen: string[] = [];
    await client.listen('t_tx_changes', (payload) => seen.push(payload));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = client.transaction(async (t) => {
      await t.query('insert into t_tx values (1)');
      await t.query("select pg_notify('t_tx_changes', 'one')");
      await held;
      return 'done';
    });
    // a query from outside, sent while the transaction is open, runs after its COMMIT
    const outside = client.query('select count(*)::int as n from t_tx').then((r) => {
      seen.push(`outside saw ${(r.rows[0] as { n: number }).n}`);
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([]);
    release();
    await expect(tx).resolves.toBe('done');
    await outside;
    expect(seen).toEqual(['one', 'outside saw 1']);

    await expect(
      client.transaction(async (t) => {
        await t.query('insert into t_tx values (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await client.query('select count(*)::int as n from t_tx')).rows).toEqual([{ n: 1 }]);
  });

  test('waiting requests go before waiting bulk work, which still gets every fifth turn', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // a transaction holds the session while both lanes fill up
    const holder = client.transaction(async (t) => {
      await t.query('select 1');
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const order: string[] = [];
    const ask = (name: string) => client.query('select $1::text as name', [name]).then(() => void order.push(name));
    const bulk = [1, 2, 3, 4, 5, 6].map((i) => asBulkWork(() => ask(`bulk ${i}`)));
    const requests = [1, 2, 3, 4, 5, 6].map((i) => ask(`request ${i}`));
    release();
    await Promise.all([holder, ...bulk, ...requests]);
    expect(BULK_PASSED_OVER).toBe(4);
    expect(order).toEqual(['request 1', 'request 2', 'request 3', 'request 4', 'bulk 1', 'request 5', 'request 6', 'bulk 2', 'bulk 3', 'bulk 4', 'bulk 5', 'bulk 6']);
  });

  test('a streamed reading is bulk work at every step, whoever pulls it', async () => {
    async function* rows() {
      for (let i = 0; i < 3; i++) yield (await client.query('select $1::int as i', [i])).rows[0];
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = client.transaction(async () => held);
    await new Promise((r) => setTimeout(r, 20));
    const order: string[] = [];
    const it = bulkIterable(rows())[Symbol.asyncIterator]();
    const first = it.next().then(() => void order.push('stream'));
    const request = client.query('select 1').then(() => void order.push('request'));
    release();
    await Promise.all([holder, first, request]);
    // pulled from here (a request's context), the stream's call still waited behind the request
    expect(order).toEqual(['request', 'stream']);
    await it.return?.();
  });
});

test('a thread that dies fails the calls waiting on it, and every later one, with a clear reason', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'quarry-pglite-thread-'));
  const client = new PgliteThreadClient(dataDir(root));
  try {
    await client.waitReady;
    const waiting = client.query('select count(*) from generate_series(1, 50000000)');
    // what a crash of the WebAssembly engine looks like from here: the thread ends
    await (client as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(DatabaseUnavailableError);
    await expect(client.query('select 1')).rejects.toThrow(/the embedded database stopped: its thread ended/);
  } finally {
    await client.close(false);
    rmSync(root, { recursive: true, force: true });
  }
}, 120_000);
