// Wires the live connection to the session and the notifications to toasts. Started once
// from bootstrap (outside React: the router is rebuilt when a remote loads, and the
// connection must not be torn down by that).
import { authState$, events, refreshAccessToken, toast, type AppNotification } from '@quarry/shared';
import { auth } from '@quarry/shared';
import { TOAST_DURATION_MS } from '@quarry/shared/constants';
import { distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs';
import { RealtimeConnection, connectUrl, type SocketLike } from './connection';
import { createUploadToastGrouper } from './uploadToasts';

let connection: RealtimeConnection | null = null;

/** The page's connection (created on first use). */
export function getRealtimeConnection(): RealtimeConnection {
  if (!connection) {
    connection = new RealtimeConnection({
      bus: events,
      createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
      url: () => connectUrl(window.location),
      getToken: () => auth.getAccessToken(),
      refreshToken: () => refreshAccessToken(),
      log: (message, detail) => console.info(`[quarry] ${message}`, detail ?? ''),
    });
  }
  return connection;
}

/** A notification as a toast (5 s). */
export function showNotification(n: AppNotification): void {
  toast.show(n.status, { title: n.title, description: n.message, duration: TOAST_DURATION_MS });
}

/** Opens while a user id exists; closes on logout; reopens for another user. */
export function bindConnectionToSession(
  conn: Pick<RealtimeConnection, 'start' | 'stop'>,
  state$: Observable<{ user: { id: string } | null }>,
): Subscription {
  return state$
    .pipe(
      map((s) => s.user?.id ?? null),
      distinctUntilChanged(),
    )
    .subscribe((userId) => {
      if (userId) conn.start(userId);
      else conn.stop();
    });
}

let started = false;

/** Opens the socket while a user id exists, closes it on logout or user change; toasts notifications (upload events grouped per session). */
export function startRealtime(): void {
  if (started) return;
  started = true;
  bindConnectionToSession(getRealtimeConnection(), authState$);
  // upload events: one updating toast per upload session (a 50-file batch sent ~150 toasts)
  const uploads = createUploadToastGrouper({ show: (status, input) => toast.show(status, input) }, showNotification);
  events.notifications$.subscribe((n) => uploads.handle(n));
}
