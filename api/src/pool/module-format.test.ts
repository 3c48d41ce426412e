// The processing pool's thread entry must be found and loaded wherever the API runs: under
// jest (src/pool/pool.test.ts), under tsx (the dev server: bundled on first use into
// node_modules/.cache) and as the production bundle (dist/pool-worker.js beside dist/main.js,
// which api/scripts/build.mjs writes). Each in a fresh Node process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuildOptions, build } from 'esbuild';

jest.setTimeout(90_000);

const here = __dirname;
const apiRoot = path.resolve(here, '../..');
let work: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'quarry-pool-modcheck-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const output = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as { worker: string; threadId: number; lines: string[] };

it('runs under tsx (ESM, the dev server), with the worker bundled from the source', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/pool-check.ts')], { cwd: apiRoot, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', QUARRY_POOL_WORKER: '' }, timeout: 60_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const out = output(run.stdout);
  expect(out.worker).toMatch(/node_modules\/\.cache\/quarry-pool\/pool-worker-[0-9a-f]{12}\.mjs$/);
  expect(out.threadId).toBeGreaterThan(0);
  expect(out.lines).toEqual(['Hello from a thread']);
});

it('runs as the production bundle, with dist/pool-worker.js beside it', async () => {
  // inside api/ (node_modules/.cache), so the bundle's bare imports resolve from api/node_modules as dist/'s do
  const dir = mkdtempSync(path.join(apiRoot, 'node_modules', '.cache', 'quarry-pool-modcheck-'));
  const out = path.join(dir, 'dist');
  // what api/scripts/build.mjs does: the entry and the pool's thread entry, same options
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own CommonJS options file
  const { bundleOptions } = require(path.join(apiRoot, 'scripts/bundle-options.cjs')) as { bundleOptions: BuildOptions };
  await build({ ...bundleOptions, logLevel: 'silent', absWorkingDir: apiRoot, entryPoints: { main: path.join(here, 'fixtures/pool-check.ts'), 'pool-worker': path.join(here, 'worker.ts') }, outdir: out });
  // as api/package.json says for dist/: these .js files are ES modules
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}\n');
  try {
    const run = spawnSync(process.execPath, [path.join(out, 'main.js')], { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', QUARRY_POOL_WORKER: '' }, timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const res = output(run.stdout);
    expect(res.worker).toBe(path.join(out, 'pool-worker.js'));
    expect(res.lines).toEqual(['Hello from a thread']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
