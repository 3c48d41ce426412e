// The queue runtime of one process: services + handler registry + wake-up signal, the
// operations the API calls (create, start, cancel, ...) and, when asked, a worker pool.
//   API:     modules/jobs/plugin.ts builds it (app.jobs) and starts QUARRY_WORKERS slots
//   worker:  src/worker.ts builds it and starts WORKER_CONCURRENCY slots
import type { Database } from '../db';
import { acquireProcessingPool, type PoolHandle } from '../pool';
import { prepareTempRoot, releaseTempRoot, tempRootOf } from '../processing/workdir';
import { registerBuiltinHandlers } from './handlers';
import { HandlerRegistry } from './registry';
import { InProcessSignal, PgSignal, type QueueSignal } from './signal';
import type { JobDeps } from './store';
import type { JobServices } from './types';
import { WorkerPool } from './worker';

export class JobRuntime implements JobDeps {
  pool: WorkerPool | null = null;

  constructor(
    readonly services: JobServices,
    readonly registry: HandlerRegistry,
    readonly signal: QueueSignal,
    /** the processing pool's threads (shared by the process): job steps compute there, not on this thread */
    private readonly processing: PoolHandle | null = null,
  ) {}

  /** Starts `concurrency` job slots in this process (no-op for 0). */
  startWorkers(concurrency: number, options: { types?: string[]; name?: string } = {}): WorkerPool | null {
    if (concurrency <= 0) return null;
    if (!this.pool) {
      this.pool = new WorkerPool(this.services, this.registry, this.signal, { concurrency, ...options });
      this.pool.start();
    }
    return this.pool;
  }

  async stopWorkers(timeoutMs?: number): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    if (pool) await pool.stop(timeoutMs);
  }

  async close(): Promise<void> {
    await this.stopWorkers();
    await this.signal.close();
    await this.processing?.release();
    if (this.services.tempRoot) await releaseTempRoot(this.services.tempRoot);
  }
}

export interface RuntimeOptions {
  /** default: a registry with the built-in handlers */
  registry?: HandlerRegistry;
}

export async function createJobRuntime(
  database: Pick<Database, 'kind' | 'connectionString'>,
  services: JobServices,
  options: RuntimeOptions = {},
): Promise<JobRuntime> {
  const registry = options.registry ?? registerBuiltinHandlers(new HandlerRegistry());
  const signal: QueueSignal =
    database.kind === 'postgres' && database.connectionString
      ? new PgSignal(database.connectionString, services.db, services.log)
      : new InProcessSignal();
  await signal.start();
  // temporary folders of processes killed before they could clean up are removed now
  const tempRoot = tempRootOf(services.config);
  const { swept } = await prepareTempRoot(tempRoot);
  if (swept.length > 0) services.log.info({ swept }, `removed ${swept.length} temporary folder(s) left by stopped processes`);
  const processing = acquireProcessingPool({ size: services.config.jobs.poolSize, memoryMb: services.config.jobs.poolThreadMemoryMb });
  services.processing = processing.pool;
  services.tempRoot = tempRoot;
  return new JobRuntime(services, registry, signal, processing);
}
