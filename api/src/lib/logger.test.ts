// The terminal of a running API: one readable line per start-up step (database, realtime,
// job workers, OCR engine, ready + URL), per-request lines only at debug level, and JSON
// lines when LOG_FORMAT=json. Real API processes (`tsx src/main.ts`); the OCR line is
// checked with a tesseract command that does not exist (the bundled engine takes over).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../config';
import { createTestDatabase, isPostgresRun } from '../testing/helpers';
import { prettyLine } from './logger';

jest.setTimeout(120_000);
const apiRoot = path.resolve(__dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** Starts the API, requests /health twice, stops it (SIGTERM) and answers what it printed. */
async function run(env: Record<string, string>): Promise<string> {
  const db = await createTestDatabase();
  const port = await freePort();
  const { NODE_OPTIONS: _ignored, ...parentEnv } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      ...parentEnv,
      NODE_ENV: 'development',
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: '',
      QUARRY_TESSERACT_CMD: '/nonexistent/tesseract',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((r) => proc.once('exit', r));
  try {
    const deadline = Date.now() + 90_000;
    while (!out.includes('API ready on')) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`no ready line: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (let i = 0; i < 2; i++) await (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).text();
    await new Promise((r) => setTimeout(r, 200));
  } finally {
    proc.kill('SIGTERM');
    await exited;
    await db.drop();
  }
  return out;
}

test('pretty (the default outside production): one line per start-up step, no request lines at info', async () => {
  const out = await run({});
  const lines = out.split('\n').filter((l) => l.trim() && !l.startsWith('npm warn'));
  const messages = lines.map((l) => l.replace(/^\d\d:\d\d:\d\d (INFO|WARN) +/, ''));
  expect(messages[0]).toMatch(isPostgresRun() ? /^database: PostgreSQL server/ : /^database: embedded PostgreSQL \(PGlite\) in /);
  expect(messages).toContain(isPostgresRun() ? 'realtime: sockets across API processes (PostgreSQL LISTEN/NOTIFY)' : 'realtime: sockets in this process');
  expect(messages.some((m) => /^job workers: \d+ slot\(s\) in this process$/.test(m))).toBe(true);
  expect(messages.some((m) => /^OCR engine: bundled tesseract\.js \(no usable tesseract command: /.test(m))).toBe(true);
  expect(messages.some((m) => /^API ready on http:\/\/127\.0\.0\.1:\d+ \(docs at http:\/\/127\.0\.0\.1:\d+\/api\/docs\)$/.test(m))).toBe(true);
  expect(out).not.toMatch(/^\{/m); // no JSON lines
  expect(out).not.toMatch(/Deprecation|Warning/);
  expect(out).not.toMatch(/\/api\/v1\/health/); // no request lines at info
  expect(lines.length).toBeLessThanOrEqual(8);
});

test('LOG_LEVEL=debug adds one line per request; LOG_FORMAT=json writes JSON lines', async () => {
  const out = await run({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
  const entries = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(entries.some((e) => String(e.msg).startsWith('API ready on'))).toBe(true);
  const requests = entries.filter((e) => e.msg === 'GET /api/v1/health');
  expect(requests).toHaveLength(2);
  expect(requests[0]).toMatchObject({ level: 20, status: 200 });
});

test('prettyLine: time, level, message, fields; errors with their message', () => {
  const time = new Date(2026, 0, 2, 3, 4, 5).getTime();
  expect(prettyLine(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'hello', slots: 2, who: 'a b' }))).toBe(
    '03:04:05 INFO  hello  slots=2 who="a b"\n',
  );
  expect(prettyLine(JSON.stringify({ level: 40, time, msg: 'careful', err: { message: 'boom' } }))).toBe('03:04:05 WARN  careful\n    boom\n');
  expect(prettyLine('not json')).toBe('not json\n');
});

test('LOG_FORMAT defaults to json in production and is checked', () => {
  expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
  expect(loadConfig({}).logFormat).toBe('pretty');
  expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
});
