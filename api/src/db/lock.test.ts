// The embedded database's lock: a holder that was SIGKILLed but not reaped yet (a zombie,
// which process.kill(pid, 0) still reports alive) does not block a restart.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, isHolderAlive } from './lock';

const onLinux = process.platform === 'linux' ? test : test.skip;

onLinux('a zombie holder is taken for dead; its live parent is not', async () => {
  // `sleep 0` exits at once; its parent exec's into `sleep 30`, which never reaps it
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const dir = mkdtempSync(path.join(tmpdir(), 'quarry-zombie-'));
  try {
    const zombie = await new Promise<number>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
    const state = () => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]![0];
    for (let i = 0; i < 100 && state() !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(state()).toBe('Z');
    expect(() => process.kill(zombie, 0)).not.toThrow(); // what the old check relied on
    expect(isHolderAlive(zombie)).toBe(false);
    expect(isHolderAlive(parent.pid!)).toBe(true);

    const lockFile = path.join(dir, 'pg.lock');
    writeFileSync(lockFile, `${parent.pid}\n`);
    expect(() => acquireDataDirLock(lockFile)).toThrow(DataDirLockedError);
    writeFileSync(lockFile, `${zombie}\n`);
    const release = acquireDataDirLock(lockFile);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    release();
  } finally {
    parent.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a holder that no longer exists is dead', () => {
  expect(isHolderAlive(2 ** 22 + 12345)).toBe(false);
});
