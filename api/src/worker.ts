// A worker process: `npm run worker -w @quarry/api` (node dist/worker.js) or
// `node --import tsx src/worker.ts`. Runs WORKER_CONCURRENCY job slots against the same
// PostgreSQL server as the API (DATABASE_URL) and the same storage (DATA_DIR / S3_*); job
// events reach the users' sockets through the API processes (NOTIFY). Several worker
// processes may run at once: jobs are claimed with FOR UPDATE SKIP LOCKED under a lease.
// SIGTERM / SIGINT: stop claiming, put the running jobs back in the queue, exit.
//
// QUARRY_EXTRA_JOB_HANDLERS: comma-separated module paths whose `handlers` (or default)
// export, a JobHandler[], is registered too (test and bench job types).
import { resolveJwtSecret } from './auth/secret';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { createJobRuntime } from './jobs/runtime';
import { loadExtraHandlers } from './jobs/extra-handlers';
import { registerBuiltinHandlers } from './jobs/handlers';
import { HandlerRegistry } from './jobs/registry';
import type { Logger } from './jobs/types';
import { shutdownOcr } from './processing/ocr';
import { RealtimeHub } from './realtime/hub';
import { PgNotifyTransport } from './realtime/pg-transport';
import { createBlobStore, UrlSigner } from './storage';

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50, silent: 100 } as const;

function consoleLogger(level: string, base: Record<string, unknown>): Logger {
  const min = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  const write = (lvl: keyof typeof LEVELS) => (obj: unknown, msg?: string) => {
    if (LEVELS[lvl] < min) return;
    const fields = obj instanceof Error ? { err: { message: obj.message, stack: obj.stack } } : (obj as Record<string, unknown>);
    const err = fields && typeof fields === 'object' && 'err' in fields && fields.err instanceof Error ? { err: { message: fields.err.message, stack: fields.err.stack } } : {};
    process.stdout.write(`${JSON.stringify({ level: lvl, time: new Date().toISOString(), ...base, ...fields, ...err, msg })}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

async function main() {
  const config = loadConfig();
  const log = consoleLogger(config.logLevel, { component: 'worker', pid: process.pid });
  if (!config.databaseUrl) {
    throw new Error(
      'A worker process needs a PostgreSQL server (DATABASE_URL). With the embedded database the API runs the workers itself (QUARRY_WORKERS).',
    );
  }
  const database = await openDatabase(config);
  const secret = config.storage.signingSecret ?? (await resolveJwtSecret(config, database));
  const storage = createBlobStore(config, new UrlSigner(secret));
  const hub = new RealtimeHub(new PgNotifyTransport(database.connectionString!, database.db, log), {
    pingIntervalMs: 3_600_000,
    pongTimeoutMs: 3_600_000,
    log,
  });
  await hub.start();
  const registry = registerBuiltinHandlers(new HandlerRegistry());
  for (const h of await loadExtraHandlers(process.env.QUARRY_EXTRA_JOB_HANDLERS)) registry.register(h);
  const runtime = await createJobRuntime(database, { db: database.db, dbKind: database.kind, storage, realtime: hub, config, log }, { registry });
  const pool = runtime.startWorkers(config.jobs.concurrency, process.env.QUARRY_WORKER_NAME ? { name: process.env.QUARRY_WORKER_NAME } : {});
  log.info({ worker: pool?.name, slots: config.jobs.concurrency, types: registry.types() }, 'worker ready');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    (async () => {
      await runtime.close();
      await shutdownOcr();
      await hub.close();
      await storage.close?.();
      await database.close();
    })().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'error during worker shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
