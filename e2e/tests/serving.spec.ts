// The reference server sends what the build precompressed (shared/rsbuild-precompress.ts):
// brotli to a browser that accepts it, gzip to one that only takes gzip, the file itself
// otherwise — the same bytes each way. Checked on the shell's entry and a remote's entry.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_URL, BASE_URL, E2E_PORTS } from '../support/env';
import { expect, registerUser, test } from '../support/fixtures';

const root = path.resolve(__dirname, '../..');

function get(url: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const entryOf = (dir: string, pattern: RegExp) => readdirSync(path.join(root, dir, 'dist/static/js')).find((f) => pattern.test(f))!;

for (const [label, dir, origin, pattern] of [
  ['the shell’s entry', 'shell', BASE_URL, /^index\.[0-9a-f]+\.js$/],
  ['a remote’s entry', 'mf-files', `http://localhost:${E2E_PORTS.remotes.files}`, /^mf_files\.[0-9a-f]+\.js$/],
] as const) {
  test(`${label} is sent precompressed: brotli, else gzip, else as it is`, async () => {
    const name = entryOf(dir, pattern);
    const url = `${origin}/static/js/${name}`;
    const plain = readFileSync(path.join(root, dir, 'dist/static/js', name));

    const br = await get(url, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain)).toBe(true);
    expect(br.body.length).toBeLessThan(gz.body.length);

    const raw = await get(url, 'identity');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body.equals(plain)).toBe(true);
  });
}

test('an upload the client cuts off through the shell ends on the API too: the retry is taken, not refused as "already being received"', async () => {
  const user = await registerUser();
  const login = await fetch(`${API_URL}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: user.email, password: user.password }) });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const bytes = Buffer.alloc(200_000, 7);
  bytes.write('%PDF-1.4\n');
  const prep = await fetch(`${BASE_URL}/api/v1/uploads/prepare-upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ files: [{ filename: 'cut.pdf', size: bytes.length, mime_type: 'application/pdf' }] }),
  });
  expect(prep.status).toBe(200);
  const { uploads } = (await prep.json()) as { uploads: { signed_url: string; headers: Record<string, string> }[] };
  const url = new URL(uploads[0]!.signed_url, BASE_URL);
  expect(url.origin).toBe(BASE_URL); // through the shell's server, as the browser sends it

  // half the body, then the client is gone
  await new Promise<void>((resolve) => {
    const req = http.request(url, { method: 'PUT', headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(bytes.length) } });
    req.on('error', () => resolve());
    req.write(bytes.subarray(0, 50_000), () => setTimeout(() => {
      req.destroy();
      resolve();
    }, 300));
  });

  // the retry is received once the API has let go of the first attempt
  let status = 0;
  for (let i = 0; i < 25 && status !== 200; i++) {
    const retry = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: bytes });
    status = retry.status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 200));
  }
  expect(status).toBe(200);
});

/** Whether something accepts connections on a local port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

test('`npm start` stops when npm is told to (SIGTERM to npm, as a process manager stops it): nothing is left serving', async () => {
  test.setTimeout(150_000);
  // ports of their own, beside this suite's stack and a running `npm start`
  const at = E2E_PORTS.shell + 10;
  const ports = { SHELL_PORT: at, MF_MARKETING_PORT: at + 1, MF_FILES_PORT: at + 2, MF_PROMPTS_SCHEMAS_PORT: at + 3, MF_JOBS_PORT: at + 4, MF_ADMIN_PORT: at + 5, API_PORT: E2E_PORTS.api + 1 };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quarry-e2e-npm-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])), DATA_DIR: dataDir };
  delete env.DATABASE_URL; // the embedded database, as on a fresh machine
  // its own process group: whatever is left over is killed with it at the end
  const npm = spawn('npm', ['start', '--', '--no-build'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await expect.poll(() => output.includes('Quarry is running'), { timeout: 120_000, intervals: [500] }).toBe(true);
    expect(await listening(ports.SHELL_PORT)).toBe(true);
    expect(await listening(ports.API_PORT)).toBe(true);

    process.kill(npm.pid!, 'SIGTERM');
    await expect
      .poll(async () => [await listening(ports.SHELL_PORT), await listening(ports.API_PORT), await listening(ports.MF_FILES_PORT)], { timeout: 15_000, intervals: [500] })
      .toEqual([false, false, false]);
  } finally {
    try {
      process.kill(-npm.pid!, 'SIGKILL');
    } catch {
      // the group is gone already
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

// What every answer of the static servers carries: the policy allows the remotes named in
// remotes.json and the page's own origin, and nobody may frame the app.
for (const [label, url] of [
  ['the shell’s index.html', `${BASE_URL}/login`],
  ['the composed public page', `${BASE_URL}/`],
  ['a remote’s manifest', `http://localhost:${E2E_PORTS.remotes.files}/mf-manifest.json`],
] as const) {
  test(`${label} is sent with a Content-Security-Policy, X-Frame-Options, Referrer-Policy and nosniff`, async () => {
    const res = await get(url, 'gzip');
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    for (const port of Object.values(E2E_PORTS.remotes)) expect(csp).toMatch(new RegExp(`script-src [^;]*http://localhost:${port}`));
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-(inline|eval)'/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
}

/** A request with the path exactly as given (fetch would normalise it). */
function rawGet(port: number, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(`GET ${rawPath} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`));
    let raw = '';
    socket.on('data', (d: Buffer) => (raw += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: http.IncomingHttpHeaders = {};
      for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

test('a malformed URL is answered 400 by the shell’s and a remote’s server, never 500', async () => {
  for (const port of [E2E_PORTS.shell, E2E_PORTS.remotes.files]) {
    for (const p of ['/%E0%A4%A', '/static/js/%ZZ.js', '/files/%']) {
      const res = await rawGet(port, p);
      expect(res.status, `${p} on port ${port}`).toBe(400);
      expect(res.body).toMatch(/bad request/i);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  }
});

test('the app cannot be framed by a page of another origin: the frame stays empty and the browser reports frame-ancestors', async ({ page, cspViolations }) => {
  const framerPort = E2E_PORTS.control + 6;
  const framer = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>framer</title><h1>Another site</h1><iframe id="app" src="${BASE_URL}/login" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((r) => framer.listen(framerPort, '127.0.0.1', r));
  try {
    await page.goto(`http://127.0.0.1:${framerPort}/`);
    await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
    await expect.poll(() => cspViolations.some((v) => /frame-ancestors/.test(v)), { timeout: 10_000 }).toBe(true);
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    expect(frame.url()).not.toBe(`${BASE_URL}/login`);
    await expect(page.frameLocator('#app').getByRole('button', { name: /log in|sign in/i })).toHaveCount(0);
    // what the guard saw is what this test provoked, and nothing else
    const others = cspViolations.filter((v) => !/frame-ancestors/.test(v));
    cspViolations.length = 0;
    cspViolations.push(...others);
  } finally {
    await new Promise((r) => framer.close(r));
  }
});

test('the suite’s guard sees a violation: what the policy does not allow is refused and reported', async ({ page, cspViolations }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /log in|sign in/i })).toBeVisible();
  // an image and a script from an origin the policy does not name
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'http://127.0.0.1:9/not-allowed.png';
    document.body.append(img);
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.filter((v) => /img-src|script-src/.test(v)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false)).toBe(false);
  cspViolations.length = 0; // provoked on purpose
});
