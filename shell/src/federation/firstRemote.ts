import { hasSessionHint } from '@quarry/shared/constants';
import { REMOTES, type OwnedPath, type RemoteKey } from '@quarry/shared/mf-config';

// React Router's ranking of route paths (its `computeScore`), so the remote picked here is the
// one whose placeholder the router will render: static segments beat params beat splats.
// Written out rather than calling `matchRoutes`: this runs in the entry, before the async
// boundary, where the shared react-router singleton may not be imported yet.
const STATIC = 10;
const DYNAMIC = 3;
const EMPTY = 1;
const INDEX = 2;
const SPLAT_PENALTY = -2;

function score(owned: OwnedPath): number {
  const segments = `/${owned.path}`.split('/');
  let total = segments.length;
  if (segments.includes('*')) total += SPLAT_PENALTY;
  if (owned.path === '') total += INDEX;
  for (const s of segments) if (s !== '*') total += s.startsWith(':') ? DYNAMIC : s === '' ? EMPTY : STATIC;
  return total;
}

/** Does an owned pattern (`about`, `checkout/*`, `files/:fileId/*`, `''`) match the path's segments? */
function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (part === '*') return true;
    const segment = segments[i];
    if (segment === undefined) return false;
    if (!part.startsWith(':') && part.toLowerCase() !== segment.toLowerCase()) return false;
  }
  return segments.length === parts.length;
}

/** The remote whose placeholder the shell's router shows for a path in one layout, or null. */
export function remoteOwning(pathname: string, area: OwnedPath['area']): RemoteKey | null {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  let best: { key: RemoteKey; score: number } | null = null;
  for (const r of REMOTES) {
    for (const owned of r.owns) {
      if (owned.area !== area || !matches(owned.path, segments)) continue;
      const s = score(owned);
      if (!best || s > best.score) best = { key: r.key, score: s };
    }
  }
  return best?.key ?? null;
}

/**
 * The remote worth fetching before the shell has even rendered: the one that owns the page
 * being opened. A signed-in page's remote only when the session hint cookie says a session
 * may exist (an anonymous visitor is sent to /login instead), and never the admin remote,
 * which only a confirmed superuser may fetch.
 */
export function firstRemote(pathname: string, cookies: string): RemoteKey | null {
  const publicOwner = remoteOwning(pathname, 'public');
  if (publicOwner) return publicOwner;
  const authedOwner = hasSessionHint(cookies) ? remoteOwning(pathname, 'authed') : null;
  return authedOwner === 'admin' ? null : authedOwner;
}
