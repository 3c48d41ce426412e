// Decorates the API with `app.jobs` (the queue runtime: create/start/cancel/... and the
// handler registry), registers the weekly_jobs usage counter, and runs the in-process
// workers: QUARRY_WORKERS slots (default WORKER_CONCURRENCY; 0 = an API without workers),
// started when the app is ready and stopped (their jobs back in the queue) before it closes.
// Registered after the storage plugin and not encapsulated, so the sibling modules see it.
import { endOrphanedLeases } from '../../jobs/claim';
import { loadExtraHandlers } from '../../jobs/extra-handlers';
import { registerBuiltinHandlers } from '../../jobs/handlers';
import { HandlerRegistry } from '../../jobs/registry';
import { createJobRuntime, type JobRuntime } from '../../jobs/runtime';
import { countBilledJobs, WEEKLY_JOBS } from '../../jobs/billing';
import fp from 'fastify-plugin';
import type { App } from '../../types';

declare module 'fastify' {
  interface FastifyInstance {
    /** the job queue: app.jobs.services / registry / signal, app.jobs.pool (in-process workers) */
    jobs: JobRuntime;
  }
}

async function jobsPlugin(app: App) {
  const registry = registerBuiltinHandlers(new HandlerRegistry());
  for (const h of await loadExtraHandlers(app.config.jobs.extraHandlers ?? undefined)) registry.register(h);
  const runtime = await createJobRuntime(app.database, {
    db: app.database.db,
    dbKind: app.database.kind,
    storage: app.storage,
    realtime: app.realtime,
    config: app.config,
    log: app.log.child({ component: 'jobs' }),
  }, { registry });
  app.decorate('jobs', runtime);
  app.usage.register(WEEKLY_JOBS, ({ db, userId, periodStart }) => countBilledJobs(db, userId, periodStart), 'job billing (the weekly job limit)');

  app.addHook('onReady', async () => {
    if (app.database.kind === 'pglite' && app.config.jobs.inApiWorkers > 0) {
      // this process holds the embedded database alone (lock file): a running job is an orphan
      // of a process that died, resumed now rather than when its lease runs out
      const orphans = await endOrphanedLeases(app.database.db);
      if (orphans.length > 0) app.log.info({ jobs: orphans }, `resuming ${orphans.length} job(s) left running by a stopped process`);
    }
    const pool = runtime.startWorkers(app.config.jobs.inApiWorkers);
    if (pool) app.log.info(`job workers: ${pool.concurrency} slot(s) in this process`);
    else app.log.info('job workers: none in this process (QUARRY_WORKERS=0; run `npm run worker`)');
  });
  // the workers stop as soon as close begins, beside the wait for requests in flight (their
  // jobs go back to the queue); the hook below only waits for that to be over
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= runtime.stopWorkers());
  if (app.hasDecorator('drain')) app.drain.alongside(stop);
  app.addHook('preClose', async () => {
    await stop();
  });
  app.addHook('onClose', async () => {
    await runtime.close();
  });
}

/** Not encapsulated (fastify-plugin): the sibling modules see app.jobs. Needs app.storage. */
export default fp(jobsPlugin, { name: 'quarry-jobs', dependencies: ['quarry-storage'] });
