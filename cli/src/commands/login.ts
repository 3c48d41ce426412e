// quarry login --url <api url> --key <api key>: checks the key against the API, then keeps
// both in the config file (mode 0600).
import { createApi, ok, reachable } from '../client';
import { configPath, normalizeUrl, writeConfig } from '../config';
import { print, type Io } from '../context';
import { usageError } from '../errors';

export async function loginCommand(io: Io, opts: { url?: string; key?: string }) {
  const rawUrl = opts.url || io.env.QUARRY_URL;
  if (!rawUrl) throw usageError('Give the API URL: --url https://quarry.example.com');
  const url = normalizeUrl(rawUrl);
  const key = opts.key || io.env.QUARRY_API_KEY;
  if (!key) throw usageError('Give the API key: --key qk_... (create one on Settings → API keys)');
  const api = createApi(url, key, io.fetch);
  const me = ok(await reachable(url, () => api.GET('/api/v1/users/me')), 'The API refused the key');
  const file = writeConfig(io.env, { url, key });
  print(io, `Logged in to ${url} as ${me.email} (saved in ${file})`);
}

export function whereCommand(io: Io) {
  print(io, configPath(io.env));
}
