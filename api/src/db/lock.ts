// One process per embedded data directory: PGlite itself takes no lock, and two
// processes writing the same files corrupt the database. The lockfile holds the pid;
// a lock left by a dead process (or a zombie: killed, not reaped yet) is taken over.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Lock files held by this process (a second open in the same process must fail too). */
const heldInThisProcess = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    public readonly lockFile: string,
    public readonly pid: number,
  ) {
    super(
      `The embedded database in ${path.dirname(lockFile)} is already in use by another Quarry API process ` +
        `(pid ${pid}; lock file ${lockFile}). Stop that process, or point DATA_DIR at another directory, ` +
        `or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * The state letter of a process from /proc/<pid>/stat (Linux), or null where /proc is not
 * there. 'Z' (zombie) and 'X' (dead) are processes that exited and wait to be reaped.
 */
const procState = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ...": comm may hold spaces and parentheses, the state follows the last ')'
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) || null;
  } catch {
    return null;
  }
};

/**
 * Does the lock's holder still run? process.kill(pid, 0) also succeeds for a zombie: right
 * after `kill -9` the dead API stays one until its parent reaps it, and a restart in that
 * window must not be refused.
 */
export const isHolderAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = procState(pid);
  return state !== 'Z' && state !== 'X';
};

const readPid = (file: string): number | null => {
  try {
    const n = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
};

/** Takes the lock or throws DataDirLockedError. Returns the release function. */
export function acquireDataDirLock(lockFile: string): () => void {
  const file = path.resolve(lockFile);
  mkdirSync(path.dirname(file), { recursive: true });
  if (heldInThisProcess.has(file)) throw new DataDirLockedError(file, process.pid);

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = readPid(file);
      if (pid !== null && pid !== process.pid && isHolderAlive(pid)) throw new DataDirLockedError(file, pid);
      // stale (dead pid, unreadable, or our own pid from an earlier life): take it over
      try {
        unlinkSync(file);
      } catch (unlinkErr) {
        if ((unlinkErr as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkErr;
      }
      if (attempt === 2) throw err;
    }
  }
  if (readPid(file) !== process.pid) {
    throw new DataDirLockedError(file, readPid(file) ?? -1);
  }
  heldInThisProcess.add(file);

  const onExit = () => release();
  process.once('exit', onExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    heldInThisProcess.delete(file);
    process.removeListener('exit', onExit);
    try {
      if (readPid(file) === process.pid) unlinkSync(file);
    } catch {
      /* already gone */
    }
  }
  return release;
}

/** Writes a file only if it does not exist yet; returns the content that is on disk afterwards. */
export function readOrCreateFile(file: string, create: () => string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, create(), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
