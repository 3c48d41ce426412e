// The reference static server for the six front-end apps, following the deploy model
// (docs/decisions/0003-static-serving-cache-headers.md): manifests, entries, remotes.json
// and index.html are `no-cache`; content-hashed chunks are `immutable`. The shell's server
// also forwards /api and /ws to the API so the browser talks to one origin. Files are read from disk on every request,
// so replacing a remote's folder is a deploy.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);
const NO_CACHE = /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|remotes\.json)$/;
const HASHED = /\.[0-9a-f]{8,}\.(js|css|mjs|woff2|png|svg|jpg)$/;

/**
 * The security headers every answer of the static servers carries (the API sends its own).
 * The Content-Security-Policy allows what the composed app loads and nothing else
 * (docs/decisions/0021-content-security-policy.md):
 * - scripts, manifests, chunks, styles and the pdf.js worker from this origin and the remotes'
 *   origins (`origins`: from remotes.json, wherever each remote is deployed);
 * - the API and its WebSocket on this origin ('self' covers ws: and wss: of the same host),
 *   plus `connectOrigins` (S3 for direct uploads, an API on another origin);
 * - inline styles: emotion (Chakra) inserts <style> elements at run time and the prerendered
 *   pages carry style attributes, so style-src needs 'unsafe-inline'; scripts do not — the one
 *   inline script (the composed page's theme script) is allowed by its hash (`scriptHashes`);
 * - images and the pdf.js worker from blob: (page previews are drawn from fetched bytes), data: images;
 * - framing: `frameAncestors` ('none' unless FRAME_ANCESTORS says otherwise), X-Frame-Options
 *   to match for browsers without frame-ancestors.
 * @param {{ origins?: string[], connectOrigins?: string[], scriptHashes?: string[], frameAncestors?: string }} [options]
 */
export function securityHeaders(options = {}) {
  const origins = [...new Set((options.origins ?? []).map((o) => new URL(o).origin))];
  const own = ["'self'", ...origins].join(' ');
  const hashes = (options.scriptHashes ?? []).map((h) => ` '${h}'`).join('');
  const connect = [...new Set((options.connectOrigins ?? []).map((o) => new URL(o).origin))].map((o) => ` ${o}`).join('');
  const ancestors = (options.frameAncestors ?? '').trim() || "'none'";
  const csp = [
    "default-src 'self'",
    `script-src ${own}${hashes}`,
    `style-src ${own} 'unsafe-inline'`,
    `img-src ${own} data: blob:`,
    `font-src ${own} data:`,
    `connect-src ${own}${connect}`,
    `worker-src ${own} blob:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
  const headers = {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
  };
  // X-Frame-Options can only say DENY or SAMEORIGIN; other ancestors are frame-ancestors' alone.
  if (ancestors === "'none'") headers['X-Frame-Options'] = 'DENY';
  else if (ancestors === "'self'") headers['X-Frame-Options'] = 'SAMEORIGIN';
  return headers;
}

/**
 * FRAME_ANCESTORS: who may put the app in a frame (CSP frame-ancestors sources, e.g.
 * `'self' https://portal.example`); unset, nobody. CSP_CONNECT_SRC: further origins the
 * browser may call (comma or space separated), e.g. an API on another origin. With S3
 * storage the endpoint's origin (S3_ENDPOINT, else the bucket's AWS host) is added, as the
 * browser uploads to it directly.
 * @returns {{ frameAncestors?: string, connectOrigins: string[] }}
 */
export function securityOptionsFromEnv(env = process.env) {
  const connectOrigins = (env.CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean);
  if (env.S3_BUCKET) {
    if (env.S3_ENDPOINT) connectOrigins.push(env.S3_ENDPOINT);
    else connectOrigins.push(`https://${env.S3_BUCKET}.s3.${env.S3_REGION || env.AWS_REGION || 'us-east-1'}.amazonaws.com`);
  }
  return { frameAncestors: env.FRAME_ANCESTORS?.trim() || undefined, connectOrigins };
}

/** Cache-Control for a path relative to the app root. */
export function cacheControl(relPath) {
  if (NO_CACHE.test(relPath)) return 'no-cache';
  if (HASHED.test(relPath)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

const gzipCache = new Map(); // `${file}:${mtimeMs}` -> Buffer

async function sendFile(req, res, file, relPath, extraHeaders = {}) {
  const info = await stat(file);
  const ext = path.extname(file).toLowerCase();
  const headers = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(relPath),
    ...extraHeaders,
  };
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  headers.ETag = etag;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const accepts = req.headers['accept-encoding'] ?? '';
  if (COMPRESSIBLE.has(ext) && info.size > 1024) headers.Vary = 'Accept-Encoding';
  if (COMPRESSIBLE.has(ext) && HASHED.test(relPath)) {
    // Precompressed at build time (shared/rsbuild-precompress.ts): brotli first, then gzip.
    // Only content-hashed files are, so a `.br` beside one can never be stale.
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepts)) continue;
      const pre = await stat(file + suffix).catch(() => null);
      if (!pre) continue;
      res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': pre.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file + suffix).pipe(res);
      return;
    }
  }
  const wantsGzip = /\bgzip\b/.test(accepts);
  if (wantsGzip && COMPRESSIBLE.has(ext) && info.size > 1024) {
    const key = `${file}:${info.mtimeMs}`;
    let body = gzipCache.get(key);
    if (!body) {
      body = gzipSync(await readFile(file));
      gzipCache.set(key, body);
    }
    res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': info.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

/** html -> its compressed forms; the composer returns the same string while its inputs are unchanged. */
const composedCache = new Map();

/** A composed page: never cached by the browser (it is index.html), compressed once per content. */
function sendComposed(req, res, html, extraHeaders) {
  let entry = composedCache.get(html);
  if (!entry) {
    if (composedCache.size > 8) composedCache.clear();
    // Quality 9, not 11: this is compressed at request time (once per content), in ≈ 5 ms.
    entry = {
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(html),
    };
    composedCache.set(html, entry);
  }
  const accepts = req.headers['accept-encoding'] ?? '';
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  const body = encoding ? entry[encoding] : Buffer.from(html);
  res.writeHead(200, {
    'Content-Type': TYPES['.html'],
    'Cache-Control': 'no-cache',
    // The session hint cookie decides whether a page is composed.
    Vary: 'Accept-Encoding, Cookie',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': body.length,
    ...extraHeaders,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function proxyHttp(req, res, target) {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: {
        ...req.headers,
        'x-forwarded-for': req.socket.remoteAddress ?? '',
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': 'http',
      },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) return res.destroy();
    if (res.destroyed) return;
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ detail: 'The API is not reachable. Please try again in a moment.' }));
  });
  // A client gone before its answer (an upload cancelled or cut off mid-body) takes the API's
  // request with it: piping alone leaves the API waiting for the rest of a body that never
  // comes, holding the upload ("already being received": a retry gets 409) and the shutdown.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

function proxyUpgrade(req, socket, head, target) {
  const upstream = net.connect(Number(target.port), target.hostname, () => {
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
    let raw = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`;
    for (const [k, v] of Object.entries(headers)) {
      for (const value of Array.isArray(v) ? v : [v]) raw += `${k}: ${value}\r\n`;
    }
    upstream.write(`${raw}\r\n`);
    if (head?.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
}

/**
 * @param {{ root: string, port: number, host?: string, spa?: boolean, cors?: boolean,
 *           apiTarget?: string, dynamic?: Record<string, () => unknown>,
 *           compose?: (pathname: string, cookies: string) => Promise<string | null>,
 *           security?: Record<string, string> }} options
 * `dynamic` maps a path (e.g. `/remotes.json`) to a function returning its JSON body.
 * `compose` (scripts/compose.mjs) returns the HTML of a page with its prerendered first
 * paint, or null for the plain index.html. `security` (securityHeaders()) goes on every answer
 * but the API's; without it, a policy allowing this origin only.
 */
export function createAppServer(options) {
  const root = path.resolve(options.root);
  const api = options.apiTarget ? new URL(options.apiTarget) : null;
  const cors = { ...(options.security ?? securityHeaders()), ...(options.cors ? { 'Access-Control-Allow-Origin': '*' } : {}) };

  const server = http.createServer(async (req, res) => {
    try {
      let url;
      try {
        url = new URL(req.url ?? '/', 'http://local');
      } catch {
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...cors });
        return res.end('Bad request: the path is not a valid URL');
      }
      if (api && (url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname.startsWith('/ws/'))) {
        return proxyHttp(req, res, api);
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', ...cors });
        return res.end();
      }
      const dynamic = options.dynamic?.[url.pathname];
      if (dynamic) {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', ...cors });
        return res.end(JSON.stringify(dynamic(), null, 2));
      }
      if (options.compose && !path.extname(url.pathname)) {
        const composed = await options.compose(url.pathname, req.headers.cookie ?? '');
        if (composed) return sendComposed(req, res, composed, cors);
      }
      let rel;
      try {
        rel = decodeURIComponent(url.pathname).replace(/^\/+/, '');
      } catch {
        // a malformed escape (`/%E0%A4%A`) is the client's error, not the server's
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...cors });
        return res.end('Bad request: the path is not a valid URL (malformed percent-encoding)');
      }
      const file = path.resolve(root, rel || 'index.html');
      if (!file.startsWith(root + path.sep) && file !== root) {
        res.writeHead(403, cors);
        return res.end();
      }
      try {
        const info = await stat(file);
        if (info.isFile()) return await sendFile(req, res, file, rel, cors);
      } catch {
        // fall through to the SPA fallback or 404
      }
      if (options.spa && !path.extname(rel)) {
        const index = path.join(root, 'index.html');
        try {
          await stat(index);
        } catch {
          // A deploy in progress or a missing build: say so instead of failing obscurely.
          res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5', ...cors });
          return res.end('This app is being deployed or has not been built yet (run `npm run build`). Try again shortly.');
        }
        return await sendFile(req, res, index, 'index.html', cors);
      }
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...cors });
      res.end('Not found');
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', ...cors });
      res.end(String(error));
    }
  });
  if (api) {
    server.on('upgrade', (req, socket, head) => {
      if ((req.url ?? '').startsWith('/ws/')) proxyUpgrade(req, socket, head, api);
      else socket.destroy();
    });
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve(server));
  });
}
