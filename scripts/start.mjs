#!/usr/bin/env node
// `npm start`: build what is missing (turbo caches the rest), then serve the composed
// app on http://localhost:3000 with the API and the embedded database.
// `npm run dev` (`--dev`): the same apps under their dev servers with hot reload.
// The terminal shows one line per start-up step (build, then the API's: database,
// realtime, job workers, OCR engine, ready) and the URL. The API's log format and level:
// LOG_FORMAT (pretty | json) and LOG_LEVEL (debug adds one line per request).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { apps, portsFromEnv, root, startStack } from './stack.mjs';

const dev = process.argv.includes('--dev');
const skipBuild = process.argv.includes('--no-build');

/**
 * `npm start` runs this script through `sh -c`, which does not pass on a SIGTERM sent to npm (as a
 * process manager stops the process it started): npm and the shell end and this process, left
 * with another parent, would go on serving. It stops when the process that started it is gone.
 */
function stopWhenOrphaned(stop) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 500).unref();
}

function buildAll() {
  const started = Date.now();
  process.stdout.write('build: the apps and the API (cached where nothing changed)… ');
  // turbo's own report only when the build fails: the terminal keeps one line per step
  const r = spawnSync('npx', ['turbo', 'run', 'build', '--filter=!@quarry/e2e', '--output-logs=errors-only'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    console.log('failed');
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    process.exit(r.status ?? 1);
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (dev) {
  const ports = portsFromEnv();
  const children = [];
  const bin = (name) => path.join(root, 'node_modules/.bin', name);
  // Each dev server in its own process group, so stopping kills its watchers too.
  const run = (cwd, cmd, args, env = {}) => {
    const child = spawn(cmd, args, { cwd: path.join(root, cwd), stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
    children.push(child);
  };
  run('api', bin('tsx'), ['watch', 'src/main.ts'], { PORT: String(ports.api), DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') });
  for (const r of apps.remotes) run(r.dir, bin('rsbuild'), ['dev', '--port', String(ports.remotes[r.key])]);
  run('shell', bin('rsbuild'), ['dev', '--port', String(ports.shell)], { API_PORT: String(ports.api) });
  const stop = () => {
    for (const c of children) {
      try {
        process.kill(-c.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(0);
  };
  process.on('exit', () => {
    for (const c of children) {
      try {
        process.kill(-c.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  stopWhenOrphaned(stop);
} else {
  if (!skipBuild) buildAll();
  const stack = await startStack();
  console.log(`\nQuarry is running: ${stack.url}   (API docs: http://localhost:${stack.ports.api}/api/docs — Ctrl+C to stop)`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  stopWhenOrphaned(stop);
}
