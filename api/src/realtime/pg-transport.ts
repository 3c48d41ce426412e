// Cross-process fan-out through PostgreSQL LISTEN/NOTIFY (DATABASE_URL mode).
// Each API process LISTENs on one channel with a dedicated connection. A NOTIFY payload
// is limited to ~8000 bytes: bigger envelopes are stored in realtime_payloads and the
// NOTIFY carries only their id. Every process ignores its own notifications (it has
// already delivered locally). While the LISTEN connection is down (server restart) it
// reconnects with back-off; events published meanwhile are not replayed.
import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { PgListener } from '../db/pg-listener';
import { realtimePayloads } from '../db/schema';
import type { Envelope, Transport } from './hub';

export const NOTIFY_CHANNEL = 'quarry_realtime';
/** NOTIFY payloads above this many bytes go through the realtime_payloads table. */
export const MAX_INLINE_PAYLOAD_BYTES = 7900;

interface Wire {
  /** origin process */
  o: string;
  /** inline envelope */
  e?: Envelope;
  /** id of a realtime_payloads row */
  r?: string;
}

export class PgNotifyTransport implements Transport {
  readonly kind = 'postgres' as const;
  readonly origin = randomUUID();
  private listener: PgListener | null = null;
  private onRemote: ((e: Envelope) => void) | null = null;
  private lastCleanup = 0;

  constructor(
    private readonly connectionString: string,
    private readonly db: Db,
    private readonly log: { warn: (o: unknown, m?: string) => void; error: (o: unknown, m?: string) => void },
  ) {}

  async start(onRemote: (envelope: Envelope) => void): Promise<void> {
    this.onRemote = onRemote;
    this.listener = new PgListener({
      connectionString: this.connectionString,
      channel: NOTIFY_CHANNEL,
      log: this.log,
      label: 'realtime',
      onPayload: (payload) => void this.receive(payload),
    });
    await this.listener.start();
  }

  private async receive(payload: string): Promise<void> {
    try {
      const wire = JSON.parse(payload) as Wire;
      if (wire.o === this.origin) return;
      let envelope = wire.e;
      if (!envelope && wire.r) {
        const rows = await this.db
          .select({ payload: realtimePayloads.payload })
          .from(realtimePayloads)
          .where(eq(realtimePayloads.id, wire.r));
        if (rows[0]) envelope = JSON.parse(rows[0].payload) as Envelope;
      }
      if (envelope && this.onRemote) this.onRemote(envelope);
    } catch (err) {
      this.log.error({ err }, 'realtime notification could not be delivered');
    }
  }

  async publish(envelope: Envelope): Promise<void> {
    let payload = JSON.stringify({ o: this.origin, e: envelope } satisfies Wire);
    if (Buffer.byteLength(payload, 'utf8') > MAX_INLINE_PAYLOAD_BYTES) {
      const [row] = await this.db
        .insert(realtimePayloads)
        .values({ payload: JSON.stringify(envelope) })
        .returning({ id: realtimePayloads.id });
      payload = JSON.stringify({ o: this.origin, r: row!.id } satisfies Wire);
      await this.cleanup();
    }
    await this.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
  }

  /** Large payloads are kept 10 minutes (enough for every listener to fetch them). */
  private async cleanup() {
    const now = Date.now();
    if (now - this.lastCleanup < 60_000) return;
    this.lastCleanup = now;
    await this.db.delete(realtimePayloads).where(lt(realtimePayloads.createdAt, new Date(now - 10 * 60_000)));
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}
