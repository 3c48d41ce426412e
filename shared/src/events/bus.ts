// The app-wide RxJS event bus (docs/architecture.md). The shell's socket pushes every server
// message in with `events.emit`; remotes subscribe to the typed streams and send through
// `events.send`, never opening sockets of their own.
import { BehaviorSubject, Subject, filter, map, merge, share, type Observable } from 'rxjs';
import {
  PROTOCOL_EVENT_NAMES,
  UPLOAD_EVENT_NAMES,
  type AppNotification,
  type ConnectionState,
  type JobUpdateMessage,
  type NotificationStatus,
  type SocketMessage,
  type UploadEventMessage,
} from './types';

/** The event name of a message: `event`, else `type`. */
export function eventName(msg: SocketMessage): string | undefined {
  return typeof msg.event === 'string' ? msg.event : typeof msg.type === 'string' ? msg.type : undefined;
}

export function isJobUpdate(msg: SocketMessage): msg is JobUpdateMessage {
  return (msg.type === 'job_update' || msg.event === 'job_update') && typeof msg.job_id === 'string';
}

export function isUploadEvent(msg: SocketMessage): msg is UploadEventMessage {
  return typeof msg.event === 'string' && (UPLOAD_EVENT_NAMES as readonly string[]).includes(msg.event);
}

/** Titles of the named real-time notifications (docs/product/platform.md). */
const NAMED_NOTIFICATIONS: Record<string, { title: string; status: NotificationStatus }> = {
  upload_complete: { title: 'Upload Successful', status: 'success' },
  upload_failed: { title: 'Upload Failed', status: 'error' },
  processing_started: { title: 'Processing Started', status: 'info' },
  processing_complete: { title: 'Processing Complete', status: 'success' },
};

function titleCase(name: string): string {
  return name
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The notification for a server message, or null for protocol messages (ping, pong,
 * connected, subscriptions, job updates) and messages with neither a known name nor text.
 * The four named ones get their titles; any other event carrying a message is
 * titled from its name, its colour read from the name (failed/error, complete/passed,
 * warning, otherwise info).
 */
export function notificationFor(msg: SocketMessage): AppNotification | null {
  const name = eventName(msg);
  if (!name || (PROTOCOL_EVENT_NAMES as readonly string[]).includes(name)) return null;
  const message = typeof msg.message === 'string' ? msg.message : undefined;
  const named = NAMED_NOTIFICATIONS[name];
  if (named) return { ...named, message, event: name, source: msg };
  if (!message) return null;
  const status: NotificationStatus = /fail|error/.test(name)
    ? 'error'
    : /warn|deprecat/.test(name)
      ? 'warning'
      : /complete|passed|success/.test(name)
        ? 'success'
        : 'info';
  return { title: titleCase(name), message, status, event: name, source: msg };
}

export type SocketSender = (msg: SocketMessage) => boolean | void;

export function createEventBus() {
  const messages = new Subject<SocketMessage>();
  const local = new Subject<AppNotification>();
  const connection = new BehaviorSubject<ConnectionState>('disconnected');
  let sender: SocketSender | null = null;

  const all$: Observable<SocketMessage> = messages.asObservable();
  const jobUpdates$: Observable<JobUpdateMessage> = all$.pipe(filter(isJobUpdate));
  const uploadEvents$: Observable<UploadEventMessage> = all$.pipe(filter(isUploadEvent));
  const notifications$: Observable<AppNotification> = merge(
    all$.pipe(
      map(notificationFor),
      filter((n): n is AppNotification => n !== null),
    ),
    local.asObservable(),
  ).pipe(share());

  return {
    /** Pushes a message into the bus (the shell's socket does this for every message). */
    emit(msg: SocketMessage): void {
      messages.next(msg);
    },
    /** Every message. */
    all$,
    /** Messages with this event (or type) name. */
    on<T extends SocketMessage = SocketMessage>(name: string): Observable<T> {
      return all$.pipe(filter((m): m is T => eventName(m) === name));
    },
    jobUpdates$,
    /** Live updates of one job. */
    jobUpdatesFor(jobId: string): Observable<JobUpdateMessage> {
      return jobUpdates$.pipe(filter((m) => m.job_id === jobId));
    },
    uploadEvents$,
    /** Server notifications plus the ones raised locally with `notify`. */
    notifications$,
    /** Raises a notification that does not come from the server (e.g. 'Connection Lost'). */
    notify(notification: AppNotification): void {
      local.next(notification);
    },
    connectionState$: connection as Observable<ConnectionState> & { getValue(): ConnectionState },
    getConnectionState(): ConnectionState {
      return connection.getValue();
    },
    /** The socket owner reports its state here. */
    setConnectionState(state: ConnectionState): void {
      if (connection.getValue() !== state) connection.next(state);
    },
    /**
     * The socket owner registers how to send; returns the unregister function (which only
     * unregisters if the sender is still the current one).
     */
    registerSender(fn: SocketSender): () => void {
      sender = fn;
      return () => {
        if (sender === fn) sender = null;
      };
    },
    /** Sends through the registered socket; false when there is none or it refused. */
    send(msg: SocketMessage): boolean {
      if (!sender) return false;
      try {
        return sender(msg) !== false;
      } catch {
        return false;
      }
    },
    hasSender(): boolean {
      return sender !== null;
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;

/** THE bus of the page. */
export const events: EventBus = createEventBus();
