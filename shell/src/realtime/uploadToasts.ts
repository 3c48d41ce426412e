// Upload notifications grouped per upload session. The server publishes three to four events
// per file (upload_started, upload_complete, validation_passed / _failed, upload_failed), so a
// 50-file batch used to queue ~150 toasts, and rendering them blocked the page for most of a
// second. Now a session has one toast that updates: a single-file session shows each event's
// own notification (its title, the server's message), replacing the previous one; a
// batch shows 'n of m files uploaded' and names the files that failed, titled 'Upload
// Successful' or 'Upload Failed' when every file is done. Updates are coalesced (one per
// FLUSH_MS per session) so a burst of events costs one toast render, and a batch's toast is
// updated only when what it says changes.
import type { AppNotification, SocketMessage } from '@quarry/shared';
import { TOAST_DURATION_MS } from '@quarry/shared/constants';

export const FLUSH_MS = 150;

type FileState = 'started' | 'uploaded' | 'valid' | 'invalid' | 'failed';

interface FileEntry {
  name: string;
  state: FileState;
  reason?: string;
}

interface Session {
  files: Map<string, FileEntry>;
  /** the newest notification, shown as it is while the session holds one file */
  last: AppNotification;
  timer: ReturnType<typeof setTimeout> | null;
  /** what the batch's toast says now: a flush that would say the same again is skipped */
  shown: string | null;
}

export interface ToastSink {
  show(status: AppNotification['status'] | 'loading', input: { id: string; title: string; description?: string; duration: number }): void;
}

const STATE_OF: Record<string, FileState> = {
  upload_started: 'started',
  upload_complete: 'uploaded',
  validation_passed: 'valid',
  validation_failed: 'invalid',
  upload_failed: 'failed',
  processing_failed: 'failed',
};

/** a later event never moves a file back (events of one file can arrive out of order) */
const RANK: Record<FileState, number> = { started: 0, uploaded: 1, valid: 2, invalid: 2, failed: 2 };
const DONE = new Set<FileState>(['valid', 'invalid', 'failed']);

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The upload session and file an event belongs to, or null for events outside an upload batch. */
export function uploadEventKey(msg: SocketMessage | undefined): { session: string; file: string; name: string } | null {
  if (!msg) return null;
  const event = str(msg.event) ?? str(msg.type);
  const session = str(msg.upload_session_id);
  if (!event || !(event in STATE_OF) || !session) return null;
  const name = str(msg.filename) ?? 'file';
  return { session, file: str(msg.upload_id) ?? str(msg.file_id) ?? name, name };
}

/** What the grouped toast of a batch says. */
export function batchToast(files: FileEntry[]): { status: AppNotification['status'] | 'loading'; title: string; description: string; done: boolean } {
  const m = files.length;
  const uploaded = files.filter((f) => f.state !== 'started' && f.state !== 'failed').length;
  const failed = files.filter((f) => f.state === 'failed' || f.state === 'invalid');
  const done = files.every((f) => DONE.has(f.state));
  const lines = [`${uploaded} of ${m} files uploaded`];
  if (failed.length) lines.push(`Failed: ${failed.map((f) => (f.reason ? `${f.name} (${f.reason})` : f.name)).join(', ')}`);
  const description = lines.join('. ');
  // while the batch runs: a still icon, not a spinner. An indeterminate animation for the whole
  // batch kept the compositor drawing frames for seconds (in a browser without GPU compositing
  // it took about a third of a core, from the same machine's upload); the
  // description's 'n of m' already says how far it is.
  if (!done) return { status: 'info', title: 'Uploading Files', description, done };
  return failed.length ? { status: 'error', title: 'Upload Failed', description, done } : { status: 'success', title: 'Upload Successful', description, done };
}

/**
 * Routes notifications: upload events of a session into its one toast, everything else to
 * `passThrough` unchanged.
 */
export function createUploadToastGrouper(sink: ToastSink, passThrough: (n: AppNotification) => void, flushMs = FLUSH_MS) {
  const sessions = new Map<string, Session>();

  const flush = (id: string) => {
    const s = sessions.get(id);
    if (!s) return;
    s.timer = null;
    const files = [...s.files.values()];
    const toastId = `upload-session:${id}`;
    if (files.length <= 1) {
      const n = s.last;
      sink.show(n.status, { id: toastId, title: n.title, ...(n.message !== undefined ? { description: n.message } : {}), duration: TOAST_DURATION_MS });
      if (files.every((f) => DONE.has(f.state))) sessions.delete(id);
      return;
    }
    const t = batchToast(files);
    // while files are still on their way the toast stays; once all are done it leaves after 5 s
    const input = { id: toastId, title: t.title, description: t.description, duration: t.done ? TOAST_DURATION_MS : 0 };
    // validation events of a batch change no word of '50 of 50 files uploaded' until the last
    // one: updating the toast anyway re-rendered and re-measured it for each burst of them
    const said = JSON.stringify([t.status, input]);
    if (said !== s.shown) sink.show(t.status, input);
    s.shown = said;
    if (t.done) sessions.delete(id);
  };

  return {
    handle(n: AppNotification): void {
      const key = uploadEventKey(n.source);
      if (!key) {
        passThrough(n);
        return;
      }
      let s = sessions.get(key.session);
      if (!s) {
        s = { files: new Map(), last: n, timer: null, shown: null };
        sessions.set(key.session, s);
      }
      s.last = n;
      const next = STATE_OF[n.event ?? ''] ?? 'started';
      const prev = s.files.get(key.file);
      if (!prev || RANK[next] >= RANK[prev.state]) {
        const reason = next === 'failed' || next === 'invalid' ? str(n.source?.error_message) : undefined;
        s.files.set(key.file, { name: key.name, state: next, ...(reason ? { reason } : {}) });
      }
      if (!s.timer) {
        const id = key.session;
        s.timer = setTimeout(() => flush(id), flushMs);
      }
    },
    /** sessions still waiting for events (for tests) */
    pending: () => sessions.size,
  };
}
