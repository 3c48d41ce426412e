// Free space on the disks the API writes to (the embedded database's folder, the local file
// store), so a write that would fill one is refused with 507 before it starts. A disk filled
// to the last byte is worse than a refused request: the embedded PostgreSQL (PGlite) stops
// answering for good once a write fails for lack of space (its next query spins the CPU in
// the WebAssembly engine), and a half-written upload body holds space until it is swept.
import { statfs } from 'node:fs/promises';
import { HttpError, STORAGE_FULL_DETAIL } from '../lib/errors';

/** Bytes free for this process on the file system holding `dir`, or null when it cannot be told. */
export async function freeBytes(dir: string): Promise<number | null> {
  try {
    const s = await statfs(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

export interface DiskGuard {
  /** Throws 507 unless `bytes` more still leave the reserve free on every watched disk. */
  ensure(bytes?: number): Promise<void>;
  /** The watched folder whose disk is below its reserve, or null. Cached for `ttlMs`. */
  full(bytes?: number): Promise<string | null>;
}

/**
 * Watches `dirs` (their disks) and keeps `reserveBytes` free on each. statfs answers are
 * cached for `ttlMs`, so the check costs nothing per request.
 */
export function createDiskGuard(dirs: string[], reserveBytes: number, ttlMs = 1000): DiskGuard {
  const cache = new Map<string, { at: number; free: Promise<number | null> }>();
  const freeOf = (dir: string) => {
    const hit = cache.get(dir);
    if (hit && Date.now() - hit.at < ttlMs) return hit.free;
    const free = freeBytes(dir);
    cache.set(dir, { at: Date.now(), free });
    return free;
  };
  const full = async (bytes = 0) => {
    for (const dir of dirs) {
      const free = await freeOf(dir);
      if (free !== null && free - bytes < reserveBytes) return dir;
    }
    return null;
  };
  return {
    full,
    async ensure(bytes = 0) {
      if (await full(bytes)) throw new HttpError(507, STORAGE_FULL_DETAIL);
    },
  };
}
