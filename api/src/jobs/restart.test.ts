/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are inspected dynamically */
// Restart right after `kill -9` in embedded mode (a real API process, `tsx src/main.ts`):
//   - the new process starts at once: the lock file names the killed process, which may
//     still be a zombie, and is taken over (db/lock.ts);
//   - the job the killed process was running resumes as soon as the new one is ready,
//     after its last finished step, not when its lease runs out (JOB_LEASE_SECONDS is
//     120 here: without the start-up reclaim the resume would wait about two minutes).
// Embedded only (with a PostgreSQL server other processes may hold leases legitimately).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createTestDatabase, isPostgresRun, TEST_PASSWORD, uniqueEmail } from '../testing/helpers';

jest.setTimeout(180_000);
const apiRoot = path.resolve(__dirname, '../..');
const LEASE_SECONDS = 120;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

interface Api {
  proc: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function spawnApi(dataDir: string, port: number): Api {
  const { NODE_OPTIONS: _ignored, ...parentEnv } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      ...parentEnv,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: '256',
      ARGON2_TIME_COST: '1',
      QUARRY_WORKERS: '1',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      JOB_POLL_INTERVAL_MS: '2000',
      QUARRY_EXTRA_JOB_HANDLERS: 'src/jobs/testing/handlers.ts',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output, exited };
}

async function untilReady(api: Api, base: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.proc.exitCode !== null) throw new Error(`the API exited (${api.proc.exitCode}): ${api.output.join('')}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the API did not get ready: ${api.output.join('')}`);
}

(isPostgresRun() ? describe.skip : describe)('restart after kill -9 (embedded database)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const apis: Api[] = [];
  afterAll(async () => {
    for (const a of apis) if (a.proc.exitCode === null && a.proc.signalCode === null) a.proc.kill('SIGKILL');
    await Promise.all(apis.map((a) => a.exited));
    await db?.drop();
  });

  test('starts at once and resumes the killed process\'s job at once', async () => {
    db = await createTestDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = spawnApi(db.dataDir, port);
    apis.push(first);
    await untilReady(first, base);

    const json = async (method: string, p: string, body?: unknown, token?: string) => {
      const res = await fetch(base + p, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const reg = await json('POST', '/api/v1/users/register', { email: uniqueEmail('restart'), password: TEST_PASSWORD });
    expect(reg.status).toBe(201);
    const token = reg.body.access_token as string;
    const job = await json('POST', '/api/v1/jobs/', { job_type: 'test_steps', name: 'Survives', processing_config: { steps: 4, step_ms: 1500 } }, token);
    expect(job.status).toBe(201);
    expect((await json('POST', `/api/v1/jobs/${job.body.id}/start`, undefined, token)).status).toBeLessThan(300);

    const messages = async () => ((await json('GET', `/api/v1/jobs/${job.body.id}`, undefined, token)).body.events as any[]).map((e) => e.message as string);
    const waitFor = async (pred: (m: string[]) => boolean, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = await messages();
        if (pred(m)) return m;
        if (Date.now() > deadline) throw new Error(`timed out; events: ${JSON.stringify(m)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // step 1 is finished once step 2 starts: kill the process in the middle of step 2
    await waitFor((m) => m.includes('step 2 running (attempt 1)'), 60_000);
    const killedAt = Date.now();
    first.proc.kill('SIGKILL');

    // restart at once (the killed process may not even be reaped yet)
    const second = spawnApi(db.dataDir, port);
    apis.push(second);
    await untilReady(second, base);
    const readyAt = Date.now();
    expect(second.output.join('')).not.toMatch(/already in use/);

    const resumedEvents = await waitFor((m) => m.some((x) => /step \d running \(attempt 2\)/.test(x)), 60_000);
    const resumedAt = Date.now();
    // resumed after its last finished step: step 1 is not run again
    expect(resumedEvents).toContain('step 2 running (attempt 2)');
    expect(resumedEvents).not.toContain('step 1 running (attempt 2)');
    const resumeSeconds = (resumedAt - readyAt) / 1000;
    console.log(`kill -9 -> ready ${((readyAt - killedAt) / 1000).toFixed(1)} s, ready -> resumed ${resumeSeconds.toFixed(1)} s, kill -> resumed ${((resumedAt - killedAt) / 1000).toFixed(1)} s (lease ${LEASE_SECONDS} s)`);
    expect(resumeSeconds).toBeLessThan(15);

    const done = await (async () => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const res = await json('GET', `/api/v1/jobs/${job.body.id}`, undefined, token);
        if (res.body.status === 'completed' || Date.now() > deadline) return res.body;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    expect(done.status).toBe('completed');
    expect(done.attempts).toBe(2);
  });
});
