// The one publish-to-user service. Every module sends realtime events with
//
//   await app.realtime.publishToUser(userId, { event: 'job_update', message: '...', job_id, progress });
//
// `timestamp` (ISO UTC) and `user_id` are filled in. The channel defaults to 'jobs' for
// events whose name starts with "job", otherwise 'general' (pass { channel } to choose).
// Delivery: this process's sockets immediately; other API processes through the
// transport (PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set; nothing to do for PGlite,
// which lives in one process).
import { randomUUID } from 'node:crypto';
import type { WsChannel } from '@quarry/shared/schemas';
import { WS_CLOSE_CODES } from '@quarry/shared/constants';
import type { WebSocket } from 'ws';

export interface OutgoingMessage {
  event: string;
  message?: string;
  [key: string]: unknown;
}

export interface PublishOptions {
  channel?: WsChannel;
}

/** What a transport hands to other processes and receives from them. */
export interface Envelope {
  userId: string;
  channel: WsChannel;
  /** the complete message, timestamp and user_id included */
  message: OutgoingMessage;
}

export interface Transport {
  readonly kind: 'in-process' | 'postgres';
  start(onRemote: (envelope: Envelope) => void): Promise<void>;
  /** Sends to the other processes (must not loop back into this one). */
  publish(envelope: Envelope): Promise<void>;
  close(): Promise<void>;
}

export class InProcessTransport implements Transport {
  readonly kind = 'in-process' as const;
  async start(): Promise<void> {}
  async publish(): Promise<void> {}
  async close(): Promise<void> {}
}

export interface Connection {
  id: string;
  userId: string;
  /** the session (refresh-token family) of the token the socket authenticated with */
  sessionId: string | null;
  socket: WebSocket;
  /** channels this socket receives; `null` = all (session sockets) */
  channels: Set<WsChannel> | null;
  /** when the oldest unanswered server ping was sent */
  unansweredPingSince: number | null;
}

/** Sessions and users whose sockets must close. */
export interface EndedKeys {
  sessionIds: string[];
  userIds: string[];
}

export interface HubOptions {
  pingIntervalMs: number;
  pongTimeoutMs: number;
  log?: { warn: (obj: unknown, msg?: string) => void };
  /**
   * Every `recheckMs`, the sessions and users of this process's sockets are looked up again
   * and the ended ones (revoked session, disabled or deleted account) are closed: the bound
   * when a revocation notice was lost. Announced revocations close sockets at once anyway.
   */
  recheck?: { everyMs: number; ended: (live: EndedKeys) => Promise<EndedKeys> };
  /** called with the user of each event from another process, before its sockets get it */
  onRemoteEvent?: (userId: string) => void;
}

export const SESSION_ENDED_REASON = 'Session has ended';

export const defaultChannelFor = (event: string): WsChannel => (event.startsWith('job') ? 'jobs' : 'general');

export class RealtimeHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private pingTimer: NodeJS.Timeout | null = null;
  private recheckTimer: NodeJS.Timeout | null = null;
  private rechecking = false;
  private started = false;

  constructor(
    private readonly transport: Transport,
    private readonly options: HubOptions,
  ) {}

  get transportKind(): Transport['kind'] {
    return this.transport.kind;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.transport.start((env) => {
      this.options.onRemoteEvent?.(env.userId);
      this.deliverLocal(env);
    });
    this.pingTimer = setInterval(() => this.pingAll(), this.options.pingIntervalMs);
    this.pingTimer.unref();
    if (this.options.recheck) {
      this.recheckTimer = setInterval(() => void this.recheckNow(), this.options.recheck.everyMs);
      this.recheckTimer.unref();
    }
  }

  /** Looks up the sessions and users of the open sockets and closes the ended ones (4401). */
  async recheckNow(): Promise<void> {
    const recheck = this.options.recheck;
    if (!recheck || this.rechecking || this.byUser.size === 0) return;
    this.rechecking = true;
    try {
      const sessionIds = new Set<string>();
      for (const set of this.byUser.values()) for (const c of set) if (c.sessionId) sessionIds.add(c.sessionId);
      const ended = await recheck.ended({ sessionIds: [...sessionIds], userIds: [...this.byUser.keys()] });
      this.closeEnded(ended, WS_CLOSE_CODES.UNAUTHORIZED, SESSION_ENDED_REASON);
    } catch (err) {
      this.options.log?.warn({ err }, 'socket session recheck failed');
    } finally {
      this.rechecking = false;
    }
  }

  async close(): Promise<void> {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.recheckTimer = null;
    for (const set of this.byUser.values()) {
      for (const c of set) {
        try {
          c.socket.close(WS_CLOSE_CODES.GOING_AWAY, 'Server shutting down');
        } catch {
          /* already closed */
        }
      }
    }
    this.byUser.clear();
    await this.transport.close();
  }

  /**
   * Sends `message` to every socket of `userId`, in this process and in the others.
   * Never throws for delivery problems (logged); events are not stored or replayed.
   */
  async publishToUser(userId: string, message: OutgoingMessage, options: PublishOptions = {}): Promise<void> {
    const envelope: Envelope = {
      userId,
      channel: options.channel ?? defaultChannelFor(message.event),
      message: { timestamp: new Date().toISOString(), ...message, user_id: userId },
    };
    this.deliverLocal(envelope);
    try {
      await this.transport.publish(envelope);
    } catch (err) {
      // best effort: a failed NOTIFY must not fail the request that caused the event
      this.options.log?.warn({ err, event: message.event }, 'realtime publish to other processes failed');
    }
  }

  /** Number of sockets of this user connected to this process. */
  localConnectionCount(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  get totalLocalConnections(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  newConnection(userId: string, socket: WebSocket, channels: Set<WsChannel> | null, sessionId: string | null = null): Connection {
    return { id: randomUUID(), userId, sessionId, socket, channels, unansweredPingSince: null };
  }

  /** Closes this process's sockets opened with a token of these sessions, and every socket of these users. */
  closeEnded(ended: EndedKeys, code: number, reason: string): void {
    const ids = new Set(ended.sessionIds);
    for (const userId of ended.userIds) {
      for (const conn of this.byUser.get(userId) ?? []) conn.socket.close(code, reason);
    }
    if (ids.size === 0) return;
    for (const set of this.byUser.values()) {
      for (const conn of set) {
        if (conn.sessionId && ids.has(conn.sessionId)) conn.socket.close(code, reason);
      }
    }
  }

  register(conn: Connection): void {
    let set = this.byUser.get(conn.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(conn.userId, set);
    }
    set.add(conn);
  }

  unregister(conn: Connection): void {
    const set = this.byUser.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(conn.userId);
  }

  /** Sends straight to one socket (connected / pong / error replies). */
  sendTo(conn: Connection, message: OutgoingMessage): void {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.socket.send(JSON.stringify({ timestamp: new Date().toISOString(), ...message, user_id: conn.userId }));
  }

  private deliverLocal(envelope: Envelope): void {
    const set = this.byUser.get(envelope.userId);
    if (!set || set.size === 0) return;
    const data = JSON.stringify(envelope.message);
    for (const conn of set) {
      if (conn.channels && !conn.channels.has(envelope.channel)) continue;
      if (conn.socket.readyState !== conn.socket.OPEN) continue;
      conn.socket.send(data);
    }
  }

  private pingAll(): void {
    const now = Date.now();
    const timeout = this.options.pongTimeoutMs;
    for (const set of this.byUser.values()) {
      for (const conn of set) {
        if (conn.unansweredPingSince !== null && now - conn.unansweredPingSince >= timeout) {
          conn.socket.close(WS_CLOSE_CODES.PING_TIMEOUT, 'No pong received: connection timed out');
          continue;
        }
        conn.unansweredPingSince ??= now;
        this.sendTo(conn, { event: 'ping', message: 'ping' });
      }
    }
  }
}
