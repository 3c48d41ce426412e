#!/usr/bin/env node
// The shell's server in a container: the reference static server (scripts/serve.mjs) over
// shell/dist, with /remotes.json built from REMOTE_*_URL (where the browser loads each remote),
// the prerendered first page fetched from the remote owning `/`, and /api + /ws forwarded to
// the API replicas through a small TCP balancer (below) so WebSockets pass unchanged.
//
// Environment:
//   PORT                        port to listen on (3000)
//   API_UPSTREAMS               API replicas, comma-separated host:port (api:8000). A name is
//                               resolved on every new connection and all its addresses are
//                               used, so `api:8000` covers a service scaled to N replicas.
//   REMOTE_<KEY>_URL            each remote's manifest URL as the browser reaches it (required)
//   REMOTE_<KEY>_INTERNAL_URL   the same remote as this container reaches it, if different
//                               (used for the prerendered page only)
//   S3_BUCKET, S3_ENDPOINT, CSP_CONNECT_SRC, FRAME_ANCESTORS   the Content-Security-Policy
//                               additions of scripts/serve.mjs (the browser uploads to S3)
import dns from 'node:dns/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createComposer, HEAD_SCRIPT_HASH } from '../../scripts/compose.mjs';
import { createAppServer, securityHeaders, securityOptionsFromEnv } from '../../scripts/serve.mjs';
import { apps, prerenderedPageUrl } from '../../scripts/stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const port = Number(env.PORT || apps.shellPort);

const missing = apps.remotes.filter((r) => !env[r.env]).map((r) => r.env);
if (missing.length > 0) {
  console.error(`shell: set ${missing.join(', ')} (each remote's mf-manifest.json URL as the browser reaches it)`);
  process.exit(1);
}
const remotes = { remotes: Object.fromEntries(apps.remotes.map((r) => [r.key, env[r.env]])) };
const internal = {
  remotes: Object.fromEntries(apps.remotes.map((r) => [r.key, env[r.env.replace(/_URL$/, '_INTERNAL_URL')] || env[r.env]])),
};

/** host:port list -> a connect function spreading new connections over every address, skipping dead ones. */
function createBalancer(list) {
  const upstreams = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^(.*):(\d+)$/.exec(s.replace(/^https?:\/\//, '').replace(/\/.*$/, ''));
      if (!m) throw new Error(`API_UPSTREAMS: "${s}" is not host:port`);
      return { host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) };
    });
  let next = 0;
  const addresses = async () => {
    const all = [];
    for (const u of upstreams) {
      if (net.isIP(u.host)) all.push({ address: u.host, port: u.port });
      else {
        try {
          for (const a of await dns.lookup(u.host, { all: true })) all.push({ address: a.address, port: u.port });
        } catch {
          // a replica being replaced has no address for a moment: the others serve
        }
      }
    }
    return all;
  };
  return async function connect(client) {
    const targets = await addresses();
    const start = next++;
    for (let i = 0; i < targets.length; i++) {
      const t = targets[(start + i) % targets.length];
      const upstream = await new Promise((resolve) => {
        const s = net.connect(t.port, t.address);
        const fail = () => {
          s.destroy();
          resolve(null);
        };
        s.setTimeout(2000, fail);
        s.once('error', fail);
        s.once('connect', () => {
          s.setTimeout(0);
          s.removeListener('error', fail);
          resolve(s);
        });
      });
      if (!upstream) continue;
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.pipe(client);
      client.pipe(upstream);
      return;
    }
    client.destroy(); // no replica answers: the static server answers 502 with a detail
  };
}

const balancer = net.createServer({ pauseOnConnect: true }, (client) => {
  connectApi(client).then(() => client.resume());
});
const connectApi = createBalancer(env.API_UPSTREAMS || `127.0.0.1:${apps.apiPort}`);
await new Promise((resolve) => balancer.listen(0, '127.0.0.1', resolve));
const balancerUrl = `http://127.0.0.1:${balancer.address().port}`;

const security = securityHeaders({
  origins: Object.values(remotes.remotes),
  scriptHashes: [HEAD_SCRIPT_HASH],
  ...securityOptionsFromEnv(env),
});
const www = path.join(root, 'shell/dist');
const server = await createAppServer({
  root: www,
  port,
  spa: true,
  security,
  apiTarget: balancerUrl,
  dynamic: { '/remotes.json': () => remotes },
  compose: createComposer({ root: www, pages: { '/': () => prerenderedPageUrl(internal) } }),
});
console.log(`shell: listening on :${port}; API replicas: ${env.API_UPSTREAMS || `127.0.0.1:${apps.apiPort}`}`);

const stop = () => {
  server.closeAllConnections?.();
  server.close();
  balancer.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
