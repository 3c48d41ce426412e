// Announcements from the other API processes on a PostgreSQL channel, as JSON (the session and
// API key caches hear of revocations this way). PGlite lives in one process: without a
// connection string there is nobody to hear, and start() does nothing.
import { PgListener } from '../db/pg-listener';

export interface JsonChannelOptions {
  connectionString: string | null;
  channel: string;
  /** names the channel in log lines */
  label: string;
  log: { warn: (obj: unknown, msg?: string) => void };
}

/** LISTENs on a channel once started and hands every payload, parsed, to `onMessage`. */
export class JsonChannel {
  private listener: PgListener | null = null;

  constructor(
    private readonly options: JsonChannelOptions,
    /** may throw for a message it does not understand: such a payload is not ours and is dropped */
    private readonly onMessage: (message: unknown) => void,
  ) {}

  async start(): Promise<void> {
    const { connectionString, channel, label, log } = this.options;
    if (!connectionString || this.listener) return;
    this.listener = new PgListener({
      connectionString,
      channel,
      log,
      label,
      onPayload: (payload) => {
        try {
          this.onMessage(JSON.parse(payload));
        } catch {
          /* not ours */
        }
      },
    });
    await this.listener.start();
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.listener = null;
  }
}
