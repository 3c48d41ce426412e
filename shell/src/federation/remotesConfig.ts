import { REMOTES, type RemoteKey } from '@quarry/shared/mf-config';

export type RemoteUrls = Record<RemoteKey, string>;

/** Where each remote is served when `/remotes.json` says nothing usable: the local ports. */
export function defaultRemoteUrls(origin = window.location): RemoteUrls {
  const urls = {} as RemoteUrls;
  for (const r of REMOTES) urls[r.key] = `${origin.protocol}//${origin.hostname}:${r.port}/mf-manifest.json`;
  return urls;
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0) return false;
  try {
    new URL(value, window.location.href);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the deploy-time remote locations. A missing, malformed or partial file never
 * stops the app: every remote it does not name well falls back to its default URL.
 */
export function parseRemotesConfig(raw: unknown, defaults: RemoteUrls): { urls: RemoteUrls; problems: string[] } {
  const problems: string[] = [];
  const urls = { ...defaults };
  const remotes =
    raw && typeof raw === 'object' && 'remotes' in raw ? (raw as { remotes: unknown }).remotes : undefined;
  if (!remotes || typeof remotes !== 'object') {
    problems.push('remotes.json has no "remotes" object; using default remote locations');
    return { urls, problems };
  }
  for (const r of REMOTES) {
    const value = (remotes as Record<string, unknown>)[r.key];
    if (value === undefined) continue;
    if (isUrl(value)) urls[r.key] = new URL(value, window.location.href).toString();
    else problems.push(`remotes.json: "${r.key}" is not a URL; using ${urls[r.key]}`);
  }
  return { urls, problems };
}

export async function fetchRemotesConfig(fetchImpl: typeof fetch = fetch): Promise<RemoteUrls> {
  const defaults = defaultRemoteUrls();
  try {
    const res = await fetchImpl('/remotes.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const { urls, problems } = parseRemotesConfig(await res.json(), defaults);
    for (const p of problems) console.warn(`[quarry] ${p}`);
    return urls;
  } catch (error) {
    console.warn('[quarry] could not read /remotes.json; using default remote locations', error);
    return defaults;
  }
}
