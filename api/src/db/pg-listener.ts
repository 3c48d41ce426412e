// A dedicated PostgreSQL connection that LISTENs on one channel and hands every payload to
// a callback. When the connection drops (server restart) it reconnects with back-off
// (0.5 s doubling, at most 30 s); notifications sent meanwhile are not replayed, so users
// of it treat them as hints or accept the loss.
import pg from 'pg';

export interface PgListenerOptions {
  connectionString: string;
  channel: string;
  onPayload: (payload: string) => void;
  log: { warn: (obj: unknown, msg?: string) => void };
  /** names the listener in log lines, e.g. 'realtime' */
  label: string;
  /** after each LISTEN took effect (the first one and every reconnection) */
  onListening?: () => void;
  /** when the connection is lost: notices are missed until onListening */
  onLost?: () => void;
}

export class PgListener {
  private client: pg.Client | null = null;
  private closed = false;
  private reconnectDelay = 500;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: PgListenerOptions) {}

  /** Connects and LISTENs; rejects when the first connection fails. */
  start(): Promise<void> {
    return this.connect();
  }

  private async connect(): Promise<void> {
    const { connectionString, channel, onPayload, log, label } = this.options;
    const client = new pg.Client({ connectionString });
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload) onPayload(n.payload);
    });
    client.on('error', (err) => log.warn({ err }, `${label} LISTEN connection error`));
    client.on('end', () => {
      if (this.client === client) {
        this.client = null;
        if (!this.closed) this.options.onLost?.();
      }
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelay = 500;
    this.options.onListening?.();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, 30_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((err) => {
        this.options.log.warn({ err }, `${this.options.label} LISTEN reconnect failed`);
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}
