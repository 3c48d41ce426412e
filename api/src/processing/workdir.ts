// Temporary work (a PDF copied for its OCR, rendered pages, decoded images, upload checks)
// lives under one root (QUARRY_TMP_DIR, default DATA_DIR/tmp), in a folder per process
// (`p-<host>-<pid>-<start>`) holding a folder per job (`job-<id>`) or per purpose (`validate`).
// A job's folder is removed when its step ends, whatever the outcome; a process's folder when
// it shuts down. A process killed with SIGKILL removes nothing: the first process to use the
// root sweeps the folders of processes of this host that no longer run (and the system temp
// folder's `quarry-ocr-*` / `quarry-validate-<pid>-*` of earlier versions).
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';

export interface TempRoot {
  /** the root (QUARRY_TMP_DIR or DATA_DIR/tmp) */
  root: string;
  /** this process's folder inside it */
  processDir: string;
  /** folders of dead processes removed at start */
  swept: string[];
}

const host = hostname().replace(/[^A-Za-z0-9.-]/g, '_');
const stamp = `${Date.now().toString(36)}${randomUUID().slice(0, 4)}`;
export const processFolderName = (pid = process.pid, s = stamp): string => `p-${host}-${pid}-${s}`;
const FOLDER = /^p-(.+)-(\d+)-([a-z0-9]+)$/;

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the folders under `root` of this host's processes that are gone (or an earlier process with this pid). */
export async function sweepTempRoot(root: string): Promise<string[]> {
  const removed: string[] = [];
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    const m = FOLDER.exec(name);
    if (!m || m[1] !== host) continue;
    const pid = Number(m[2]);
    const stale = pid === process.pid ? m[3] !== stamp : !isRunning(pid);
    if (!stale) continue;
    await rm(path.join(root, name), { recursive: true, force: true }).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}

/** Leftovers of versions that worked in the system temp folder. */
async function sweepLegacy(): Promise<string[]> {
  const removed: string[] = [];
  const dir = tmpdir();
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const validate = /^quarry-validate-(\d+)-/.exec(name);
    let stale = false;
    if (validate) stale = !isRunning(Number(validate[1]));
    else if (name.startsWith('quarry-ocr-')) {
      // no pid in the name: an OCR run lasts minutes, a folder a day old is a leftover
      const s = await stat(path.join(dir, name)).catch(() => null);
      stale = !!s && Date.now() - s.mtimeMs > 24 * 3600 * 1000;
    }
    if (!stale) continue;
    await rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}

const roots = new Map<string, Promise<TempRoot>>();

/** The root prepared for this process: swept once, this process's folder created. */
export function prepareTempRoot(root: string): Promise<TempRoot> {
  const key = path.resolve(root);
  let p = roots.get(key);
  if (!p) {
    p = (async () => {
      await mkdir(key, { recursive: true });
      const swept = [...(await sweepTempRoot(key)), ...(await sweepLegacy())];
      const processDir = path.join(key, processFolderName());
      await mkdir(processDir, { recursive: true });
      return { root: key, processDir, swept };
    })();
    p.catch(() => roots.delete(key));
    roots.set(key, p);
  }
  return p;
}

export const tempRootOf = (config: { dataDir: string; jobs: { tmpDir: string | null } }): string => config.jobs.tmpDir ?? path.join(config.dataDir, 'tmp');

export interface WorkDir {
  path: string;
  remove(): Promise<void>;
}

/** A folder for one job's temporary files; `remove()` when the step ends. */
export async function jobWorkDir(root: string, jobId: string): Promise<WorkDir> {
  const { processDir } = await prepareTempRoot(root);
  const dir = path.join(processDir, `job-${jobId}-${randomUUID().slice(0, 8)}`);
  await mkdir(dir, { recursive: true });
  return { path: dir, remove: () => rm(dir, { recursive: true, force: true }).catch(() => undefined) };
}

/** This process's folder under `root` is removed (shutdown); the next prepare creates it again. */
export async function releaseTempRoot(root: string): Promise<void> {
  const key = path.resolve(root);
  const p = roots.get(key);
  if (!p) return;
  roots.delete(key);
  const r = await p.catch(() => null);
  if (r) await rm(r.processDir, { recursive: true, force: true }).catch(() => undefined);
}
