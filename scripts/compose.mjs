// The first paint of a cold public page without waiting for JavaScript (docs/decisions/
// 0013-prerendered-first-paint.md). For a path whose owner publishes a
// prerendered page (the marketing remote builds `prerender/index.html` next to its manifest:
// scripts/prerender.mjs), the shell's server puts that page into the shell's own prerendered
// public layout and both before `#root` in index.html. The client renders as always, with
// `#root` hidden, and removes `#prerender` in the commit that draws the real page.
// Each side stays its own deploy: the page is fetched at request time from wherever
// /remotes.json says the owner is (cached briefly), and anything missing, slow or failing
// gives the plain index.html — the page is then drawn by JavaScript, as before.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

export const PRERENDER_ID = 'prerender';
// SESSION_HINT_COOKIE_NAME of shared/src/constants.ts (TypeScript, which this plain Node
// script cannot import); e2e/tests/first-load.spec.ts sets the cookie by the shared name.
const SESSION_HINT_COOKIE_NAME = 'quarry_session';
const OUTLET = '<quarry-outlet></quarry-outlet>';

// Before the first paint: the colour mode next-themes (shell/src/bootstrap.tsx: attribute
// "class", storage key "quarry-theme", default "system") sets once it runs; and the index of
// a prerendered button clicked before the app took over, which the app clicks again at the
// handover (shell/src/layouts/releasePrerender.ts, `__quarryPrerenderClick`), so the theme or
// phone menu opened in the first second is not lost.
const HEAD_SCRIPT =
  "<script>(function(){try{var d=document.documentElement,t=localStorage.getItem('quarry-theme');" +
  "if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "d.classList.remove('light','dark');d.classList.add(t);d.style.colorScheme=t}catch(e){}" +
  "document.addEventListener('click',function(e){var p=document.getElementById('" + PRERENDER_ID + "')," +
  "b=e.target instanceof Element&&e.target.closest('button');" +
  "if(p&&b&&p.contains(b))window.__quarryPrerenderClick=[].indexOf.call(p.querySelectorAll('button'),b)},true)})()</script>";
/** The CSP source that allows HEAD_SCRIPT, the one inline script the static servers send (serve.mjs securityHeaders). */
export const HEAD_SCRIPT_HASH = `sha256-${createHash('sha256').update(HEAD_SCRIPT.slice('<script>'.length, -'</script>'.length)).digest('base64')}`;
const HIDE_ROOT = `<style>#${PRERENDER_ID}~#root{display:none}</style>`;

/** Drops `<style data-emotion="…">` blocks of `html` whose ids `seen` already holds (both renders carry Chakra's global styles). */
export function dedupeEmotionStyles(html, seen) {
  return html.replace(/<style data-emotion="([^"]*)">[\s\S]*?<\/style>/g, (tag, ids) => {
    if (seen.has(ids)) return '';
    seen.add(ids);
    return tag;
  });
}

/**
 * The body of a 200 answer, or null (any other status, an error, or no full answer within
 * `timeoutMs`). node:http rather than fetch: Node's fetch costs ≈ 200 ms the first time it
 * is used, most of the time budget of a page request.
 */
export function fetchText(url, timeoutMs) {
  return new Promise((resolve) => {
    const client = url.startsWith('https:') ? https : http;
    const req = client.get(url, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return resolve(null);
      }
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      // After 'end' this changes nothing; cut short (the timeout), it answers null.
      res.on('close', () => resolve(null));
    });
    const timer = setTimeout(() => req.destroy(new Error('timeout')), timeoutMs);
    req.on('error', () => resolve(null));
    req.on('close', () => clearTimeout(timer));
  });
}

/** index.html with the layout around the page, or null when a piece is missing. */
export function composePage(indexHtml, layoutHtml, pageHtml) {
  if (!indexHtml.includes('<div id="root"></div>') || !layoutHtml.includes(OUTLET) || !indexHtml.includes('</head>')) return null;
  const seen = new Set();
  const layout = dedupeEmotionStyles(layoutHtml, seen);
  const page = dedupeEmotionStyles(pageHtml, seen);
  const body = `<div id="${PRERENDER_ID}">${layout.replace(OUTLET, () => page)}</div><div id="root"></div>`;
  return indexHtml.replace('</head>', () => `${HEAD_SCRIPT}${HIDE_ROOT}</head>`).replace('<div id="root"></div>', () => body);
}

/**
 * @param {{ root: string, pages: Record<string, () => string | null>, timeoutMs?: number, ttlMs?: number }} options
 * `root` is the shell's dist folder; `pages` maps a path to the URL of its prerendered HTML
 * (read per request, as /remotes.json is). Returns `(pathname, cookieHeader) => Promise<string | null>`.
 */
export function createComposer({ root, pages, timeoutMs = 300, ttlMs = 5000 }) {
  /** url -> { at, body: Promise<string | null> }: one fetch per URL per `ttlMs`, a failure included. */
  const fetched = new Map();
  /** file -> { mtimeMs, text } for the shell's own files. */
  const files = new Map();

  const fetchPage = (url) => {
    const hit = fetched.get(url);
    if (hit && Date.now() - hit.at < ttlMs) return hit.body;
    const body = fetchText(url, timeoutMs);
    fetched.set(url, { at: Date.now(), body });
    return body;
  };
  const readShellFile = async (rel) => {
    const file = path.join(root, rel);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const hit = files.get(file);
    if (hit?.mtimeMs === info.mtimeMs) return hit.text;
    const text = await readFile(file, 'utf8');
    files.set(file, { mtimeMs: info.mtimeMs, text });
    return text;
  };

  return async function compose(pathname, cookieHeader = '') {
    const url = pages[pathname]?.();
    if (!url) return null;
    // A signed-in visitor's layout differs (its navigation); they get the plain page.
    if (cookieHeader.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE_NAME}=`))) return null;
    const [indexHtml, layoutHtml, pageHtml] = await Promise.all([
      readShellFile('index.html'),
      readShellFile('prerender/public-layout.html'),
      fetchPage(url),
    ]);
    if (!indexHtml || !layoutHtml || !pageHtml) return null;
    return composePage(indexHtml, layoutHtml, pageHtml);
  };
}
