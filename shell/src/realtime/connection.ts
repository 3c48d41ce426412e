// The one live connection of the page (docs/product/platform.md, Live connection): a WebSocket
// to /ws/connect, opened while a user id exists, feeding every server message into the shared event bus.
// Framework-free so it survives the router being rebuilt and can be tested against a fake
// or a real socket server.
import {
  WS_AUTH_PROTOCOL_PREFIX,
  WS_CHANNELS,
  WS_CLOSE_CODES,
  WS_CONNECT_PATH,
  WS_MAX_RECONNECT_ATTEMPTS,
  WS_PING_REPLY_TIMEOUT_MS,
  WS_PING_RESULT_DISPLAY_MS,
  WS_RECONNECT_BASE_DELAY_MS,
  WS_RECONNECT_MAX_DELAY_MS,
} from '@quarry/shared/constants';
import type { ConnectionState, EventBus, SocketMessage } from '@quarry/shared';
import { BehaviorSubject, type Observable } from 'rxjs';

export const CONNECTION_LOST_TITLE = 'Connection Lost';
export const CONNECTION_LOST_MESSAGE = 'Unable to maintain real-time connection after multiple attempts';

/** The part of the browser WebSocket this module uses (the `ws` package's client fits too). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

const OPEN = 1;

export type PingTestState = 'idle' | 'testing' | 'success' | 'failed';

/** Delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(WS_RECONNECT_BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1), WS_RECONNECT_MAX_DELAY_MS);
}

/** base64url without padding, of the UTF-8 bytes of `text`. */
export function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `auth.<base64url(access token)>` — how the token travels (a browser cannot set headers on a socket). */
export function authProtocol(token: string): string {
  return `${WS_AUTH_PROTOCOL_PREFIX}${base64url(token)}`;
}

/** `ws(s)://<this origin>/ws/connect?channels=general,jobs`. */
export function connectUrl(location: { protocol: string; host: string } = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${WS_CONNECT_PATH}?channels=${WS_CHANNELS.join(',')}`;
}

export interface RealtimeDeps {
  bus: Pick<EventBus, 'emit' | 'setConnectionState' | 'getConnectionState' | 'registerSender' | 'notify'>;
  createSocket: SocketFactory;
  url: () => string;
  getToken: () => string | null;
  /** Gets a fresh access token (shared single-flight refresh); rejects when the session is over. */
  refreshToken: () => Promise<string>;
  log?: (message: string, detail?: unknown) => void;
}

export class RealtimeConnection {
  private socket: SocketLike | null = null;
  private userId: string | null = null;
  /** Reconnect attempts made since the last healthy connection. */
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private unregisterSender: (() => void) | null = null;
  /** Bumped on every start/stop so late callbacks of an old socket are ignored. */
  private generation = 0;
  private needsFreshToken = false;

  private readonly pingState = new BehaviorSubject<PingTestState>('idle');
  private pingTimer: ReturnType<typeof setTimeout> | null = null;
  private pingResetTimer: ReturnType<typeof setTimeout> | null = null;

  /** The indicator's ping test: idle → testing → success | failed → idle. */
  readonly pingTest$: Observable<PingTestState> = this.pingState.asObservable();

  constructor(private readonly deps: RealtimeDeps) {}

  get currentUserId(): string | null {
    return this.userId;
  }

  get reconnectAttempts(): number {
    return this.attempts;
  }

  getPingTestState(): PingTestState {
    return this.pingState.getValue();
  }

  /** Opens the connection for `userId` (closing one held for another user). */
  start(userId: string): void {
    if (this.userId === userId && (this.socket || this.retryTimer)) return;
    this.teardown();
    this.userId = userId;
    this.attempts = 0;
    this.open();
  }

  /** Closes normally and stays closed (logout, user gone). */
  stop(): void {
    this.teardown();
    this.userId = null;
    this.attempts = 0;
    this.setState('disconnected');
  }

  /** After 'Connection Lost': start over with a fresh attempt count. */
  reconnect(): void {
    const user = this.userId;
    if (!user) return;
    this.teardown();
    this.userId = user;
    this.attempts = 0;
    this.open();
  }

  /**
   * Sends a ping and waits for the pong: testing, then success on the pong or failed after
   * 5 s; idle again 2.5 s after the result. Only while connected; false otherwise.
   */
  testPing(): boolean {
    if (this.deps.bus.getConnectionState() !== 'connected' || this.pingState.getValue() === 'testing') return false;
    if (!this.sendRaw({ event: 'ping', timestamp: new Date().toISOString() })) return false;
    this.clearPingTimers();
    this.pingState.next('testing');
    this.pingTimer = setTimeout(() => this.finishPing('failed'), WS_PING_REPLY_TIMEOUT_MS);
    return true;
  }

  private finishPing(result: 'success' | 'failed'): void {
    this.clearPingTimers();
    this.pingState.next(result);
    this.pingResetTimer = setTimeout(() => {
      this.pingResetTimer = null;
      this.pingState.next('idle');
    }, WS_PING_RESULT_DISPLAY_MS);
  }

  private clearPingTimers(): void {
    if (this.pingTimer) clearTimeout(this.pingTimer);
    if (this.pingResetTimer) clearTimeout(this.pingResetTimer);
    this.pingTimer = null;
    this.pingResetTimer = null;
  }

  private setState(state: ConnectionState): void {
    this.deps.bus.setConnectionState(state);
  }

  private sendRaw(msg: SocketMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(msg));
      return true;
    } catch {
      return false;
    }
  }

  private teardown(): void {
    this.generation += 1;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.unregisterSender?.();
    this.unregisterSender = null;
    this.clearPingTimers();
    if (this.pingState.getValue() !== 'idle') this.pingState.next('idle');
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      try {
        socket.close(WS_CLOSE_CODES.NORMAL, 'Client closed');
      } catch {
        /* already closed */
      }
    }
  }

  private async open(): Promise<void> {
    const generation = this.generation;
    this.setState('connecting');
    let token = this.deps.getToken();
    if (!token || this.needsFreshToken) {
      try {
        token = await this.deps.refreshToken();
        this.needsFreshToken = false;
      } catch (error) {
        // No session any more: the auth state says so and the owner stops us.
        if (generation !== this.generation) return;
        this.deps.log?.('realtime: no access token for the socket', error);
        this.handleClose(generation, 4401);
        return;
      }
      if (generation !== this.generation) return;
    }

    let socket: SocketLike;
    try {
      socket = this.deps.createSocket(this.deps.url(), [authProtocol(token)]);
    } catch (error) {
      this.deps.log?.('realtime: could not create the socket', error);
      this.handleClose(generation, 1006);
      return;
    }
    this.socket = socket;

    socket.onopen = () => {
      if (generation !== this.generation) return;
      this.setState('connected');
      this.unregisterSender?.();
      this.unregisterSender = this.deps.bus.registerSender((msg) => this.sendRaw(msg));
    };
    socket.onmessage = (ev) => {
      if (generation !== this.generation) return;
      const msg = parse(ev.data);
      if (!msg) return;
      // A message means the connection works: the next outage gets the full 5 attempts.
      this.attempts = 0;
      const name = msg.event ?? msg.type;
      if (name === 'ping') this.sendRaw({ event: 'pong', timestamp: new Date().toISOString() });
      else if (name === 'pong' && this.pingState.getValue() === 'testing') this.finishPing('success');
      this.deps.bus.emit(msg);
    };
    socket.onerror = () => {
      /* a close event always follows */
    };
    socket.onclose = (ev) => {
      if (generation !== this.generation) return;
      this.handleClose(generation, ev.code);
    };
  }

  private handleClose(generation: number, code: number): void {
    if (generation !== this.generation) return;
    this.socket = null;
    this.unregisterSender?.();
    this.unregisterSender = null;
    this.clearPingTimers();
    if (this.pingState.getValue() !== 'idle') this.pingState.next('idle');
    if (code === WS_CLOSE_CODES.NORMAL || !this.userId) {
      this.setState('disconnected');
      return;
    }
    if (code === WS_CLOSE_CODES.UNAUTHORIZED) this.needsFreshToken = true;
    if (this.attempts >= WS_MAX_RECONNECT_ATTEMPTS) {
      this.setState('error');
      this.deps.bus.notify({ title: CONNECTION_LOST_TITLE, message: CONNECTION_LOST_MESSAGE, status: 'warning' });
      return;
    }
    this.attempts += 1;
    const delay = reconnectDelay(this.attempts);
    this.setState('connecting');
    this.deps.log?.(`realtime: closed (${code}); reconnect attempt ${this.attempts} in ${delay} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (generation !== this.generation) return;
      void this.open();
    }, delay);
  }
}

function parse(data: unknown): SocketMessage | null {
  const text = typeof data === 'string' ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : String(data);
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as SocketMessage) : null;
  } catch {
    return null;
  }
}
