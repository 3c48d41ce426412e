// Where `quarry login` keeps the API's URL and key: <config dir>/quarry/config.json, mode 0600
// (the config dir is $XDG_CONFIG_HOME, else %APPDATA% on Windows, else ~/.config).
// QUARRY_URL and QUARRY_API_KEY override the file (CI jobs set them instead of logging in).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { usageError } from './errors';

export interface Credentials {
  url: string;
  key: string;
}

export type Env = Record<string, string | undefined>;

export function configPath(env: Env): string {
  const base =
    env.XDG_CONFIG_HOME ||
    (process.platform === 'win32' && env.APPDATA ? env.APPDATA : path.join(env.HOME || homedir(), '.config'));
  return path.join(base, 'quarry', 'config.json');
}

export function readConfig(env: Env): Partial<Credentials> {
  try {
    const parsed = JSON.parse(readFileSync(configPath(env), 'utf8')) as Partial<Credentials>;
    return { url: typeof parsed.url === 'string' ? parsed.url : undefined, key: typeof parsed.key === 'string' ? parsed.key : undefined };
  } catch {
    return {};
  }
}

export function writeConfig(env: Env, credentials: Credentials): string {
  const file = configPath(env);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // an existing file keeps its old mode otherwise
  return file;
}

/** The URL (no trailing slash) and key to use: the environment first, then the config file. */
export function credentials(env: Env): Credentials {
  const stored = readConfig(env);
  const url = env.QUARRY_URL || stored.url;
  const key = env.QUARRY_API_KEY || stored.key;
  if (!url || !key) {
    throw usageError('Not logged in: run `quarry login --url <api url> --key <api key>` or set QUARRY_URL and QUARRY_API_KEY');
  }
  return { url: normalizeUrl(url), key };
}

export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`Not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`The URL must be http(s): ${raw}`);
  return url.toString().replace(/\/+$/, '');
}
