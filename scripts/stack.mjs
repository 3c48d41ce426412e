// Starts the whole product: the API and the six front-end apps, each on its own port.
// Used by `npm start` and by the e2e suite (which gives it other ports, a temporary data
// folder and a control port to stop and start single remotes).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createComposer, HEAD_SCRIPT_HASH } from './compose.mjs';
import { createAppServer, securityHeaders, securityOptionsFromEnv } from './serve.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const apps = JSON.parse(readFileSync(path.join(root, 'shared/apps.json'), 'utf8'));

/** Ports from the environment, else apps.json. `SHELL_PORT`, `API_PORT`, `<DIR>_PORT` (e.g. MF_FILES_PORT). */
export function portsFromEnv(env = process.env) {
  const ports = { shell: Number(env.SHELL_PORT ?? apps.shellPort), api: Number(env.API_PORT ?? apps.apiPort), remotes: {} };
  for (const r of apps.remotes) ports.remotes[r.key] = Number(env[`${r.dir.toUpperCase().replace(/-/g, '_')}_PORT`] ?? r.port);
  return ports;
}

export function remotesJson(ports, env = process.env, host = 'localhost') {
  const remotes = {};
  for (const r of apps.remotes) remotes[r.key] = env[r.env] || `http://${host}:${ports.remotes[r.key]}/mf-manifest.json`;
  return { remotes };
}

/**
 * Where the public page at `/` publishes its prerendered HTML: next to the manifest of the
 * remote owning that path (shared/apps.json), as `/remotes.json` names it now. A convention
 * of the remote's build (scripts/prerender.mjs), like `mf-manifest.json`, not a file name.
 */
export function prerenderedPageUrl(remotes, pathname = '/') {
  const owned = pathname.replace(/^\/+/, '');
  const owner = apps.remotes.find((r) => r.owns.some((o) => o.area === 'public' && o.path === owned));
  const manifest = owner && remotes.remotes[owner.key];
  return manifest ? new URL(`prerender/${owned || 'index'}.html`, manifest).href : null;
}

async function waitFor(url, ms, isAlive) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isAlive()) throw new Error('the API process exited during start-up');
    const ok = await new Promise((resolve) => {
      const req = http.get(url, (res) => {
        res.resume();
        resolve(res.statusCode !== undefined && res.statusCode < 500);
      });
      req.on('error', () => resolve(false));
      req.setTimeout(1000, () => req.destroy());
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/**
 * @param {{ ports?: ReturnType<typeof portsFromEnv>, dataDir?: string, wwwDir?: (dir: string) => string,
 *           apiEnv?: Record<string, string>, apiCommand?: string[], controlPort?: number, log?: (s: string) => void }} [options]
 */
export async function startStack(options = {}) {
  const ports = options.ports ?? portsFromEnv();
  const log = options.log ?? ((s) => console.log(s));
  const www = options.wwwDir ?? ((dir) => path.join(root, dir, 'dist'));
  const dataDir = options.dataDir ?? process.env.DATA_DIR ?? path.join(root, 'data');
  const shellOrigin = `http://localhost:${ports.shell}`;

  const apiCommand = options.apiCommand ?? [process.execPath, path.join(root, 'api/dist/main.js')];
  const api = spawn(apiCommand[0], apiCommand.slice(1), {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      PORT: String(ports.api),
      DATA_DIR: dataDir,
      CORS_ORIGINS: process.env.CORS_ORIGINS ?? `${shellOrigin},http://127.0.0.1:${ports.shell}`,
      ...options.apiEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let apiAlive = true;
  // Never leave an orphaned API behind when this process ends, however it ends.
  const killApi = () => apiAlive && api.kill('SIGTERM');
  process.once('exit', killApi);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => process.exit(130));
  api.on('exit', (code) => {
    apiAlive = false;
    if (code) log(`API exited with code ${code}`);
  });

  // One policy for the shell and the remotes: the origins remotes.json names, this origin's API.
  const security = securityHeaders({
    origins: Object.values(remotesJson(ports).remotes),
    scriptHashes: [HEAD_SCRIPT_HASH],
    ...securityOptionsFromEnv(process.env),
  });
  const servers = {};
  const startRemote = async (key) => {
    if (servers[key]) return;
    const def = apps.remotes.find((r) => r.key === key);
    servers[key] = await createAppServer({ root: www(def.dir), port: ports.remotes[key], cors: true, security });
  };
  const stopRemote = async (key) => {
    const server = servers[key];
    if (!server) return;
    delete servers[key];
    server.closeAllConnections?.();
    await new Promise((r) => server.close(() => r()));
  };
  await Promise.all(apps.remotes.map((r) => startRemote(r.key)));
  servers.shell = await createAppServer({
    root: www('shell'),
    port: ports.shell,
    spa: true,
    security,
    apiTarget: `http://127.0.0.1:${ports.api}`,
    dynamic: { '/remotes.json': () => remotesJson(ports) },
    compose: createComposer({ root: www('shell'), pages: { '/': () => prerenderedPageUrl(remotesJson(ports)) } }),
  });

  let control;
  if (options.controlPort) {
    control = http.createServer(async (req, res) => {
      const m = /^\/remotes\/(\w+)\/(stop|start)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m || !apps.remotes.some((r) => r.key === m[1])) {
        res.writeHead(404);
        return res.end();
      }
      try {
        await (m[2] === 'stop' ? stopRemote(m[1]) : startRemote(m[1]));
        res.writeHead(204);
      } catch (error) {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.write(String(error));
      }
      res.end();
    });
    await new Promise((r) => control.listen(options.controlPort, '127.0.0.1', r));
  }

  // a loaded machine may need longer than a minute to migrate the embedded database
  const startMs = Number(process.env.STACK_API_START_MS) || 60_000;
  await waitFor(`http://127.0.0.1:${ports.api}/api/v1/health`, startMs, () => apiAlive);

  const stop = async () => {
    control?.close();
    for (const key of Object.keys(servers)) {
      servers[key].closeAllConnections?.();
      servers[key].close();
    }
    if (apiAlive) {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
  };
  return { ports, url: shellOrigin, stop, stopRemote, startRemote, api };
}
