// The processing pool with real worker threads: results, a task's own error, a thread that
// dies or runs out of memory (only its task fails; the next task gets a new thread),
// cancellation and time limits that stop a running computation.
import { PoolCrashError, PoolTaskError, ProcessingPool, poolWorkerFile } from './index';

jest.setTimeout(60_000);

describe('processing pool', () => {
  const pool = new ProcessingPool({ size: 2, memoryMb: 128 });
  beforeAll(async () => {
    await poolWorkerFile();
  }, 60_000);
  afterAll(() => pool.destroy());

  it('runs a task in a worker thread and returns its result', async () => {
    const r = await pool.run('test-spin', { ms: 5 });
    expect(r.threadId).toBeGreaterThan(0);
  });

  it('rebuilds a task error with its name, code and message; the thread lives on', async () => {
    const before = await pool.run('test-spin', { ms: 1 });
    const err = await pool.run('test-throw', { message: 'the input is wrong' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PoolTaskError);
    expect(err).toMatchObject({ message: 'the input is wrong', code: 'TEST_FAILURE', remoteName: 'Error' });
    expect(pool.threadIds()).toContain(before.threadId);
  });

  it('a thread that dies fails only its task, with its message, and is replaced', async () => {
    const other = pool.run('test-spin', { ms: 300 });
    const crashed = await pool.run('test-crash', { message: 'native decoder gave up' }, { what: 'decoding an image' }).catch((e: unknown) => e);
    expect(crashed).toBeInstanceOf(PoolCrashError);
    expect((crashed as PoolCrashError).code).toBe('WORKER_CRASHED');
    expect((crashed as Error).message).toBe('The processing thread stopped while decoding an image: native decoder gave up.');
    await expect(other).resolves.toMatchObject({ threadId: expect.any(Number) });
    // the pool still works, on threads alive now
    const after = await Promise.all([pool.run('test-spin', { ms: 50 }), pool.run('test-spin', { ms: 50 })]);
    for (const r of after) expect(pool.threadIds()).toContain(r.threadId);
  });

  it('a task over the memory limit fails with a clear message; the next one runs', async () => {
    const err = await pool.run('test-alloc', { mb: 2000 }, { what: 'rendering page 3' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PoolCrashError);
    expect((err as PoolCrashError).code).toBe('OUT_OF_MEMORY');
    expect((err as Error).message).toBe('Rendering page 3 needed more than the 128 MB a processing thread may use and was stopped.');
    await expect(pool.run('test-spin', { ms: 1 })).resolves.toBeTruthy();
  });

  it('cancelling stops a long computation at once and frees its thread', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const running = pool.run('test-spin', { ms: 30_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 200);
    await expect(running).rejects.toThrow('job cancelled');
    expect(Date.now() - started).toBeLessThan(5_000);
    // both threads are usable again
    await Promise.all([pool.run('test-spin', { ms: 1 }), pool.run('test-spin', { ms: 1 })]);
  });

  it('a time limit stops a task that runs too long', async () => {
    const err = await pool.run('test-spin', { ms: 30_000 }, { timeoutMs: 300, what: 'chunking the document' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PoolCrashError);
    expect((err as Error).message).toBe('Chunking the document took longer than 0.3 s and was stopped.');
  });

  it('progress messages arrive, all before the result', async () => {
    const seen: unknown[] = [];
    const lines = Array.from({ length: 400 }, (_, i) => ({ number: i + 1, page: 1 + Math.floor(i / 50), text: i % 7 === 0 ? '' : `Line ${i} of the document with some words` }));
    const result = await pool.run('chunk', { lines, options: { strategy: 'paragraph_based', maxChunkSize: 1000, overlapSize: 0 } }, { onProgress: (m) => seen.push(m) });
    expect(result.chunks.length).toBeGreaterThan(1);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[seen.length - 1]).toMatchObject({ sub_phase: 'completed' });
  });
});
