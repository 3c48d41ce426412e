// Waking workers. After a commit that makes a job claimable (queued, a parent's child
// finished) or cancels one, the queue calls notify(); workers subscribed in this process are
// told at once, and on PostgreSQL every other process is told through NOTIFY on a channel
// each worker process LISTENs to. PGlite lives in one process: the in-process signal is all
// it needs. Notices are hints: workers also poll (JOB_POLL_INTERVAL_MS), so a lost notice
// (LISTEN connection down) only delays a job, never loses it.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db';
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
  private client: pg.Client | null = null;
  private closed = false;
  private reconnectDelay = 500;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly db: Db,
    private readonly log: Logger,
  ) {
    super();
  }

  override async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (n) => {
      if (n.channel !== QUEUE_NOTIFY_CHANNEL || !n.payload) return;
      try {
        const wire = JSON.parse(n.payload) as { o: string; k: QueueNotice['kind']; i: string };
        if (wire.o !== this.origin) this.emitLocal({ kind: wire.k, id: wire.i });
      } catch {
        /* not ours */
      }
    });
    client.on('error', (err) => this.log.warn({ err }, 'job queue LISTEN connection error'));
    client.on('end', () => {
      if (this.client === client) this.client = null;
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${QUEUE_NOTIFY_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelay = 500;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, 30_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((err) => {
        this.log.warn({ err }, 'job queue LISTEN reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
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
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
    await super.close();
  }
}
