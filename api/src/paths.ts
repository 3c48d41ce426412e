// Locating files of the @quarry/api package at runtime, without import.meta
// (jest compiles to CommonJS, tsx and the esbuild bundle run as ESM).
// Order: __dirname (CommonJS under jest; defined by the bundle's banner),
// the entry script (process.argv[1]), then the working directory.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const isApiPackageRoot = (dir: string): boolean => {
  const pkg = path.join(dir, 'package.json');
  if (!existsSync(pkg)) return false;
  try {
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@quarry/api';
  } catch {
    return false;
  }
};

const walkUp = (start: string): string | null => {
  let dir = path.resolve(start);
  for (;;) {
    if (isApiPackageRoot(dir)) return dir;
    const candidate = path.join(dir, 'api');
    if (isApiPackageRoot(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
};

let cachedRoot: string | null = null;

/** Absolute path of the api/ package folder. */
export function apiPackageRoot(): string {
  if (cachedRoot) return cachedRoot;
  const starts = [
    process.env.QUARRY_API_ROOT,
    typeof __dirname === 'string' ? __dirname : undefined,
    process.argv[1] ? path.dirname(path.resolve(process.argv[1])) : undefined,
    process.cwd(),
  ].filter((s): s is string => typeof s === 'string' && s.length > 0);
  for (const start of starts) {
    const found = walkUp(start);
    if (found) {
      cachedRoot = found;
      return found;
    }
  }
  throw new Error('Cannot locate the @quarry/api package folder; set QUARRY_API_ROOT');
}

/** The drizzle migrations folder (a copy next to the bundle wins, else api/drizzle). */
export function migrationsFolder(): string {
  const candidates = [
    process.env.QUARRY_MIGRATIONS_DIR,
    typeof __dirname === 'string' ? path.join(__dirname, 'drizzle') : undefined,
    path.join(apiPackageRoot(), 'drizzle'),
  ].filter((s): s is string => typeof s === 'string');
  for (const dir of candidates) {
    if (existsSync(path.join(dir, 'meta', '_journal.json'))) return dir;
  }
  throw new Error(`Migrations folder not found (looked in: ${candidates.join(', ')})`);
}
