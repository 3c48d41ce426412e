// WebSocket endpoints (NOT under /api/v1):
//   /ws/connect?channels=general,jobs   channels by query (default both) and by messages
//                                       {"event":"subscribe"|"unsubscribe","channels":[...]}
//   /ws/session/{userId}                 every channel; userId must be the token's user
// The access token travels in the sub-protocol `auth.<base64url(token)>`; the server
// selects (echoes) that sub-protocol so browsers accept the handshake, then verifies the
// token and closes with 4401 (missing/invalid/expired token) or 4403 (another user's id,
// disabled account) and a reason; 4429 when the user already holds WS_MAX_SOCKETS_PER_USER
// sockets on this process. `Authorization: Bearer` works for non-browser clients.
import { WS_AUTH_PROTOCOL_PREFIX, WS_CHANNELS, WS_CLOSE_CODES } from '@quarry/shared/constants';
import { ClientMessageSchema, type WsChannel } from '@quarry/shared/schemas';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { authenticateToken, bearerToken } from '../auth/guard';
import type { App } from '../types';
import type { Connection } from './hub';

const isChannel = (c: string): c is WsChannel => (WS_CHANNELS as readonly string[]).includes(c);

/** The `auth.*` entry of Sec-WebSocket-Protocol, if any. */
export const authProtocolOf = (protocols: Iterable<string>): string | null => {
  for (const p of protocols) if (p.startsWith(WS_AUTH_PROTOCOL_PREFIX)) return p;
  return null;
};

const offeredProtocols = (req: FastifyRequest): string[] => {
  const raw = req.headers['sec-websocket-protocol'];
  const joined = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return joined
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
};

const tokenFromRequest = (req: FastifyRequest): string | null => {
  const proto = authProtocolOf(offeredProtocols(req));
  if (proto) {
    const encoded = proto.slice(WS_AUTH_PROTOCOL_PREFIX.length);
    if (!encoded || !/^[A-Za-z0-9_-]+={0,2}$/.test(encoded)) return null;
    try {
      return Buffer.from(encoded, 'base64url').toString('utf8');
    } catch {
      return null;
    }
  }
  return bearerToken(req);
};

const parseChannels = (raw: unknown): { valid: WsChannel[]; unknown: string[] } => {
  if (typeof raw !== 'string' || raw.trim() === '') return { valid: [...WS_CHANNELS], unknown: [] };
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    valid: [...new Set(names.filter(isChannel))],
    unknown: names.filter((n) => !isChannel(n)).slice(0, 10),
  };
};

export default async function realtimeRoutes(app: App) {
  const hub = app.realtime;

  const handle = (
    socket: WebSocket,
    req: FastifyRequest,
    mode: { kind: 'connect' } | { kind: 'session'; userId: string },
  ) => {
    let conn: Connection | null = null;
    let closed = false;
    const pending: RawData[] = [];

    const onMessage = (data: RawData) => {
      if (!conn) return;
      conn.unansweredPingSince = null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        hub.sendTo(conn, { event: 'error', message: 'Invalid message format: expected JSON' });
        return;
      }
      const msg = ClientMessageSchema.safeParse(parsed);
      if (!msg.success) {
        hub.sendTo(conn, {
          event: 'error',
          message: 'Unknown or malformed message; expected ping, pong, subscribe or unsubscribe',
        });
        return;
      }
      switch (msg.data.event) {
        case 'ping':
          hub.sendTo(conn, { event: 'pong', message: 'pong' });
          break;
        case 'pong':
          break;
        case 'subscribe':
        case 'unsubscribe': {
          if (conn.channels === null) {
            hub.sendTo(conn, { event: 'error', message: 'Session sockets receive every channel' });
            break;
          }
          const unknown = msg.data.channels.filter((c) => !isChannel(c));
          for (const c of msg.data.channels.filter(isChannel)) {
            if (msg.data.event === 'subscribe') conn.channels.add(c);
            else conn.channels.delete(c);
          }
          const channels = [...conn.channels];
          hub.sendTo(conn, {
            event: 'subscription_updated',
            message: channels.length ? `Subscribed to ${channels.join(', ')}` : 'Subscribed to no channel',
            channels,
            ...(unknown.length ? { unknown_channels: unknown } : {}),
          });
          break;
        }
      }
    };

    socket.on('message', (data) => {
      if (conn) onMessage(data);
      else if (pending.length < 20) pending.push(data);
    });
    socket.on('close', () => {
      closed = true;
      if (conn) hub.unregister(conn);
    });

    void (async () => {
      const auth = await authenticateToken(app, tokenFromRequest(req));
      if (closed) return;
      if (!auth.ok) {
        const reason =
          auth.reason === 'Not authenticated' ? 'Missing authentication token' : auth.reason;
        socket.close(auth.status === 401 ? WS_CLOSE_CODES.UNAUTHORIZED : WS_CLOSE_CODES.FORBIDDEN, reason);
        return;
      }
      const userId = auth.user.id;
      if (mode.kind === 'session' && mode.userId !== userId) {
        socket.close(WS_CLOSE_CODES.FORBIDDEN, 'Forbidden: the session user id does not match the token');
        return;
      }
      // checked and registered in one synchronous stretch: concurrent handshakes cannot overshoot
      const max = app.config.ws.maxSocketsPerUser;
      if (hub.localConnectionCount(userId) >= max) {
        socket.close(WS_CLOSE_CODES.TOO_MANY_CONNECTIONS, `Too many connections: at most ${max} per user`);
        return;
      }
      const query = req.query as Record<string, unknown>;
      const { valid, unknown } = mode.kind === 'connect' ? parseChannels(query.channels) : { valid: [...WS_CHANNELS], unknown: [] };
      conn = hub.newConnection(userId, socket, mode.kind === 'connect' ? new Set(valid) : null, auth.sessionId);
      hub.register(conn);
      hub.sendTo(conn, {
        event: 'connected',
        message: mode.kind === 'connect' ? 'Connected to real-time updates' : 'Session connected',
        connection_id: conn.id,
        channels: valid,
      });
      hub.sendTo(conn, {
        event: 'subscription_confirmed',
        message: valid.length ? `Subscribed to ${valid.join(', ')}` : 'Subscribed to no channel',
        channels: valid,
        ...(unknown.length ? { unknown_channels: unknown } : {}),
      });
      for (const data of pending.splice(0)) onMessage(data);
    })().catch((err) => {
      req.log.error({ err }, 'websocket authentication failed');
      if (!closed) socket.close(1011, 'Internal error');
    });
  };

  app.get('/ws/connect', { websocket: true }, (socket, req) => handle(socket, req, { kind: 'connect' }));
  app.get<{ Params: { userId: string } }>('/ws/session/:userId', { websocket: true }, (socket, req) =>
    handle(socket, req, { kind: 'session', userId: (req.params as { userId: string }).userId }),
  );
}
