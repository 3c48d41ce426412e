// Waking workers. After a commit that makes a job claimable (queued, a parent's child
// finished) or cancels one, the queue calls notify(); workers subscribed in this process are
// told at once, and on PostgreSQL every other process is told through NOTIFY on a channel
// each worker process LISTENs to. PGlite lives in one process: the in-process signal is all
// it needs. Notices are hints: workers also poll (JOB_POLL_INTERVAL_MS), so a lost notice
// (LISTEN connection down) only delays a job, never loses it.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { PgListener } from '../db/pg-listener';
import type { Logger } from './types';

export const QUEUE_NOTIFY_CHANNEL = 'quarry_jobs';

export interface QueueNotice {
  /** queued: a job can be claimed; cancel: a running job was cancelled */
  kind: 'queued' | 'cancel';
  id: string;
}

export interface QueueSignal {
  readonly kind: 'in-process' | 'postgres';
  start(): Promise<void>;
  notify(notice: QueueNotice): Promise<void>;
  subscribe(listener: (notice: QueueNotice) => void): () => void;
  close(): Promise<void>;
}

export class InProcessSignal implements QueueSignal {
  readonly kind: 'in-process' | 'postgres' = 'in-process';
  protected readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {}

  async notify(notice: QueueNotice): Promise<void> {
    this.emitLocal(notice);
  }

  protected emitLocal(notice: QueueNotice): void {
    // listeners run on the next tick: a notify() inside a request never runs worker code synchronously
    setImmediate(() => this.emitter.emit('notice', notice));
  }

  subscribe(listener: (notice: QueueNotice) => void): () => void {
    this.emitter.on('notice', listener);
    return () => this.emitter.off('notice', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** LISTEN/NOTIFY across processes (DATABASE_URL mode), plus the in-process delivery. */
export class PgSignal extends InProcessSignal {
  override readonly kind = 'postgres' as const;
  private readonly origin = randomUUID();
  private readonly listener: PgListener;

  constructor(
    connectionString: string,
    private readonly db: Db,
    private readonly log: Logger,
  ) {
    super();
    this.listener = new PgListener({
      connectionString,
      channel: QUEUE_NOTIFY_CHANNEL,
      log,
      label: 'job queue',
      onPayload: (payload) => {
        try {
          const wire = JSON.parse(payload) as { o: string; k: QueueNotice['kind']; i: string };
          if (wire.o !== this.origin) this.emitLocal({ kind: wire.k, id: wire.i });
        } catch {
          /* not ours */
        }
      },
    });
  }

  override async start(): Promise<void> {
    await this.listener.start();
  }

  override async notify(notice: QueueNotice): Promise<void> {
    this.emitLocal(notice);
    try {
      const payload = JSON.stringify({ o: this.origin, k: notice.kind, i: notice.id });
      await this.db.execute(sql`select pg_notify(${QUEUE_NOTIFY_CHANNEL}, ${payload})`);
    } catch (err) {
      // a hint only: the other processes' polling finds the job anyway
      this.log.warn({ err }, 'job queue NOTIFY failed');
    }
  }

  override async close(): Promise<void> {
    await this.listener.close();
    await super.close();
  }
}
