// What every bench that starts the API needs: a free loopback port, a pause, a temporary
// database on a PostgreSQL server (created for the run, dropped after it), the API started on
// a temporary data folder and stopped at the end (or at a time limit, or on Ctrl-C), and a
// small client: calls, log-in, resource limits, uploads, polling.
/* global process, console, fetch, performance, setTimeout, URL, URLSearchParams */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const apiRoot = path.join(root, 'api');
/** `require` as the API resolves it: the benches use the API's own dependencies. */
export const apiRequire = createRequire(path.join(apiRoot, 'package.json'));
/** node arguments that run the API from source, so a bench measures the current code. */
export const sourceMain = () => [apiRequire.resolve('tsx/cli'), path.join(apiRoot, 'src', 'main.ts')];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on right now (the OS's choice), on 127.0.0.1. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * A new empty database named `<prefix>_<time>` on the server of `adminUrl`; `drop()` removes
 * it (connections closed by force).
 */
export async function temporaryDatabase(adminUrl, prefix) {
  const pg = apiRequire('pg');
  const name = `${prefix}_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

/**
 * How the browser benches start Chromium (`chromium.launch(CHROMIUM)`): the system's build
 * (CHROMIUM_PATH moves it), headless, without the background traffic that would blur timings.
 */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** `n` with `d` decimals and thousands separators; '-' for no value. */
export const fmt = (n, d = 0) => (n === undefined ? '-' : Number(n).toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }));

/** `fn(item, index)` over `items`, at most `concurrency` at a time. */
export async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

/** `get()` every `everyMs` until `done(value)`; that value. */
export async function pollUntil(get, done, everyMs) {
  for (;;) {
    const value = await get();
    if (done(value)) return value;
    await sleep(everyMs);
  }
}

/** The statuses after which a job or pipeline changes no more. */
export const ENDED = ['completed', 'failed', 'cancelled'];

/**
 * The processes, folders and other things one bench run must stop or remove, and how it ends:
 * `finish(main)` runs main, cleans up and exits (main's number, else process.exitCode, else 0;
 * 1 on an error). After `limitMs`, if given, the run is stopped with exit code 2, on SIGINT or
 * SIGTERM with 130, so a stuck or interrupted bench leaves no API running and no data behind.
 */
export function benchRun({ limitMs } = {}) {
  const children = [];
  const undo = [];
  const cleanup = async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    // the latest first: a stack started in a folder stops before the folder goes
    for (const fn of undo.splice(0).reverse()) await Promise.resolve().then(fn).catch((err) => console.error(`cleanup: ${err.message}`));
  };
  if (limitMs) {
    setTimeout(() => {
      console.error(`bench: time limit (${limitMs / 1000} s) reached, stopping`);
      cleanup().finally(() => process.exit(2));
    }, limitMs).unref();
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

  const run = {
    /** `fn` at the end of the run (after the processes are stopped). */
    onCleanup: (fn) => undo.push(fn),
    /** A new folder under the system's temporary one, removed at the end. */
    tempDir(prefix) {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      undo.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    /**
     * `node args` stopped at the end. Its piped output is kept (the last 20,000 characters) and
     * printed when it exits with an error, so a failed start-up says why; inherited output
     * needs no repeating.
     */
    spawn(name, args, { cwd, env = {}, stdio = ['ignore', 'pipe', 'pipe'] } = {}) {
      const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio });
      let log = '';
      child.stdout?.on('data', (d) => (log = (log + d).slice(-20_000)));
      child.stderr?.on('data', (d) => (log = (log + d).slice(-20_000)));
      child.on('exit', (code) => {
        if (code && !child.killed && (child.stdout || child.stderr)) console.error(`${name} exited with ${code}:\n${log}`);
      });
      children.push(child);
      return child;
    },
    /**
     * The API on a free port of 127.0.0.1 with the bench settings (`env` adds or overrides),
     * once /health answers. `admin`: the administrator account the API creates at start.
     */
    async startApi({ args = sourceMain(), cwd = apiRoot, dataDir, admin, env = {}, stdio } = {}) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = run.spawn('api', args, {
        cwd,
        stdio,
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          COOKIE_SECURE: 'false',
          ...(admin ? { QUARRY_ADMIN_EMAIL: admin.email, QUARRY_ADMIN_PASSWORD: admin.password } : {}),
          ...env,
        },
      });
      await waitUntilUp(`${base}/api/v1/health`, child);
      return { child, port, base };
    },
    finish: (main) =>
      main()
        .then(async (code) => {
          await cleanup();
          process.exit(code ?? process.exitCode ?? 0);
        })
        .catch(async (err) => {
          console.error(err);
          await cleanup();
          process.exit(1);
        }),
  };
  return run;
}

/**
 * Until `url` answers 200 (up to 3 minutes: on a loaded machine the embedded database's first
 * start took over one).
 */
export async function waitUntilUp(url, child) {
  for (let i = 0; i < 1800; i += 1) {
    if (child.exitCode !== null) throw new Error(`exited during start-up (${url})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`did not answer ${url}`);
}

/**
 * One API call: `json` or `form` as the body, `token` as the bearer; the parsed answer, or an
 * error naming the call and its status. `retry`: once more when the connection drops (for
 * calls that are safe to repeat, on a loaded machine).
 */
export async function apiCall(base, method, p, { token, json, form, retry = false } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const send = () => fetch(base + p, { method, headers, body });
  const res = await (retry ? send().catch(send) : send());
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

/** The access token of an existing account. */
export const login = async (base, { email, password }, options) =>
  (await apiCall(base, 'POST', '/api/v1/auth/login', { form: { username: email, password }, ...options })).access_token;

/** A new account: its `access_token` and `user`. */
export const register = (base, email, password, options) => apiCall(base, 'POST', '/api/v1/users/register', { json: { email, password }, ...options });

/**
 * Raises the default limits of resource types, as an administrator: `limits` maps a type's
 * name to its new limit (a function of the name, or an object; undefined keeps the limit).
 */
export async function raiseLimits(base, adminToken, limits) {
  const limitOf = typeof limits === 'function' ? limits : (name) => limits[name];
  const { resource_types: types } = await apiCall(base, 'GET', '/api/v1/admin/resource-types', { token: adminToken });
  for (const t of types) {
    const limit = limitOf(t.name);
    if (limit !== undefined) await apiCall(base, 'PUT', `/api/v1/admin/resource-types/${t.id}`, { token: adminToken, json: { default_limit: limit } });
  }
}

/**
 * Limits for a batch of 50 PDFs of 1 MB: each is estimated at 11 pages
 * (docs/product/files-and-datasets.md), 550 pages in all, above the default 500.
 */
export const UPLOAD_LIMITS = { max_pages: 100_000, max_file_count: 100_000, storage_used: 100_000 };

/**
 * `files` ({ filename, mime, and bytes or path and size }) as a browser uploads them:
 * prepare-upload, a PUT each (`concurrency` at a time), complete. Every file must come back
 * valid. The results, and the ms after the start at which each step ended.
 */
export async function uploadFiles(base, token, files, { concurrency = 1, retry = false } = {}) {
  const t0 = performance.now();
  const prep = await apiCall(base, 'POST', '/api/v1/uploads/prepare-upload', {
    token,
    retry,
    json: { files: files.map((f) => ({ filename: f.filename, size: f.size ?? f.bytes.length, mime_type: f.mime })) },
  });
  const prepared = performance.now() - t0;
  await pool(prep.uploads, concurrency, async (u, i) => {
    // read from disk inside the timed section: the client side of an upload reads its file too
    const bytes = files[i].bytes ?? (await readFile(files[i].path));
    const res = await fetch(new URL(u.signed_url, base), { method: 'PUT', headers: u.headers, body: bytes });
    if (res.status !== 200) throw new Error(`PUT ${u.filename} -> ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  });
  const put = performance.now() - t0;
  const done = await apiCall(base, 'POST', '/api/v1/uploads/complete', {
    token,
    retry,
    json: { upload_session_id: prep.upload_session_id, completed_uploads: prep.uploads.map((u) => u.upload_id) },
  });
  const completed = performance.now() - t0;
  const invalid = done.results.filter((r) => r.is_valid !== true);
  if (invalid.length) throw new Error(`${invalid.length} files came back invalid: ${JSON.stringify(invalid[0])}`);
  return { results: done.results, prepared, put, completed };
}
