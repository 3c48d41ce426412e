// The upload state of the area, outside React: an upload keeps going when the user opens
// another page of the app and is still listed when they come back (the store is module
// state, the pages only subscribe with useSyncExternalStore).
//
// Flow per run (docs/product/files-and-datasets.md#uploads): prepare -> PUT every file to its
// signed URL (a few at a time, real progress) -> complete -> validity per file from the answer.
//   file:    pending -> uploading -> completed (Uploaded) -> validating -> validated | invalid; failed
//   overall: preparing -> uploading -> validating -> completed | failed
// A batch is what the user chose together; Retry of a failed file runs a new server session
// for that file inside the same batch, so the batch's status covers the retry too.
import { ALLOWED_UPLOAD_EXTENSIONS, UPLOAD_MAX_FILES_PER_BATCH } from '@quarry/shared/constants';
import { UPLOAD_MESSAGES, type PrepareUploadFile, type QuotaInfo } from '@quarry/shared/schemas';
import { estimatePages, isAbortError, toAppError, uploadFailedMessage } from '@quarry/shared';
import type { UploadApi } from './queries';

export type FileUploadStatus = 'pending' | 'uploading' | 'completed' | 'validating' | 'validated' | 'invalid' | 'failed';
export type OverallStatus = 'preparing' | 'uploading' | 'validating' | 'completed' | 'failed';

export const FILE_STATUS_LABELS: Record<FileUploadStatus, string> = {
  pending: 'Pending',
  uploading: 'Uploading',
  completed: 'Uploaded',
  validating: 'Validating',
  validated: 'Valid',
  invalid: 'Invalid',
  failed: 'Failed',
};

export const OVERALL_STATUS_LABELS: Record<OverallStatus, string> = {
  preparing: 'Preparing',
  uploading: 'Uploading',
  validating: 'Validating',
  completed: 'Completed',
  failed: 'Failed',
};

export const UPLOAD_CANCELLED = 'Upload cancelled';
/** Several PUTs at once, but few: browsers open about six connections per host. */
export const PUT_CONCURRENCY = 4;

/** One file of a batch, with what the server said about it. */
export interface UploadItem {
  key: string;
  batchId: string;
  file: File;
  filename: string;
  size: number;
  mime_type: string;
  estimated_pages: number;
  upload_id: string | null;
  signed_url: string | null;
  upload_session_id: string | null;
  upload_progress: number;
  upload_status: FileUploadStatus;
  error_message: string | null;
  file_id: string | null;
  actual_pages: number | null;
}

export interface UploadBatch {
  id: string;
  overall_status: OverallStatus;
  /** The server session of the batch's first run. */
  session_id: string | null;
  quota_info: QuotaInfo | null;
  /** Why the batch failed as a whole (a refused preflight). */
  error_message: string | null;
  createdAt: number;
}

export interface UploadState {
  batches: UploadBatch[];
  items: UploadItem[];
}

export interface AddResult {
  batchId: string | null;
  /** 'Unsupported file types: a.txt, b.docx' when some files were refused. */
  error: string | null;
}

export interface UploadStoreOptions {
  api: UploadApi;
  concurrency?: number;
  /** Throttle of progress and per-file sending notifications (ms); other status changes are notified at once. */
  progressIntervalMs?: number;
}

export interface RunHooks {
  /** After every run that reached the server (invalidate queries). */
  onSettled?: () => void;
  /** A preflight refusal or other whole-batch error (the general handler's toast). */
  onError?: (message: string, error: unknown) => void;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  tif: 'image/tiff',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The types the server accepts: pdf, jpeg, jpg, png, gif, bmp, tiff (tif is the same format). */
export function isSupportedFile(file: Pick<File, 'name' | 'type'>): boolean {
  const ext = extensionOf(file.name);
  if (ext) return (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext) || ext === 'tif';
  return file.type === 'application/pdf' || /^image\/(jpeg|png|gif|bmp|tiff)$/.test(file.type);
}

export function unsupportedMessage(names: string[]): string {
  return `Unsupported file types: ${names.join(', ')}`;
}

/** The MIME type announced for a file: the browser's, else from the extension. */
export function mimeTypeOf(file: Pick<File, 'name' | 'type'>): string {
  return file.type || MIME_BY_EXTENSION[extensionOf(file.name)] || 'application/octet-stream';
}

/** Where a batch stands, from its files (used after every run settles). */
function settledStatus(items: UploadItem[]): OverallStatus {
  return items.some((i) => i.upload_status === 'failed') ? 'failed' : 'completed';
}

const ACTIVE: ReadonlySet<FileUploadStatus> = new Set(['uploading', 'validating']);

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

export type UploadStore = ReturnType<typeof createUploadStore>;

export function createUploadStore(options: UploadStoreOptions) {
  const concurrency = options.concurrency ?? PUT_CONCURRENCY;
  const progressInterval = options.progressIntervalMs ?? 200;
  let state: UploadState = { batches: [], items: [] };
  const listeners = new Set<() => void>();
  const controllers = new Map<string, AbortController>();
  let progressTimer: ReturnType<typeof setTimeout> | null = null;

  const notify = () => {
    if (progressTimer) {
      clearTimeout(progressTimer);
      progressTimer = null;
    }
    for (const l of listeners) l();
  };
  const notifySoon = () => {
    if (progressTimer) return;
    progressTimer = setTimeout(() => {
      progressTimer = null;
      for (const l of listeners) l();
    }, progressInterval);
  };

  const set = (next: UploadState, soon = false) => {
    state = next;
    if (soon) notifySoon();
    else notify();
  };
  const patchItems = (keys: ReadonlySet<string> | string, patch: Partial<UploadItem> | ((i: UploadItem) => Partial<UploadItem>), soon = false) => {
    const has = typeof keys === 'string' ? (k: string) => k === keys : (k: string) => keys.has(k);
    set(
      {
        ...state,
        items: state.items.map((i) => (has(i.key) ? { ...i, ...(typeof patch === 'function' ? patch(i) : patch) } : i)),
      },
      soon,
    );
  };
  const patchBatch = (id: string, patch: Partial<UploadBatch>) => {
    set({ ...state, batches: state.batches.map((b) => (b.id === id ? { ...b, ...patch } : b)) });
  };
  const itemsOf = (batchId: string) => state.items.filter((i) => i.batchId === batchId);
  const item = (key: string) => state.items.find((i) => i.key === key);
  const batch = (id: string) => state.batches.find((b) => b.id === id);

  function newItem(file: File, batchId: string): UploadItem {
    return {
      key: nextId('file'),
      batchId,
      file,
      filename: file.name,
      size: file.size,
      mime_type: mimeTypeOf(file),
      estimated_pages: estimatePages({ size: file.size, type: mimeTypeOf(file), name: file.name }),
      upload_id: null,
      signed_url: null,
      upload_session_id: null,
      upload_progress: 0,
      upload_status: 'pending',
      error_message: null,
      file_id: null,
      actual_pages: null,
    };
  }

  /** One PUT; the item ends completed or failed. */
  async function putOne(key: string): Promise<boolean> {
    const current = item(key);
    if (!current?.signed_url) return false;
    const controller = new AbortController();
    controllers.set(key, controller);
    // per-file status changes while the batch is sent are throttled like progress: with 50
    // files, a render of the whole list for each of them held up the next PUT (bench/upload-ui)
    patchItems(key, { upload_status: 'uploading', upload_progress: 0 }, true);
    try {
      await options.api.put(current.signed_url, current.file, {
        contentType: current.mime_type,
        signal: controller.signal,
        onProgress: (p) => patchItems(key, { upload_progress: p.percent }, true),
      });
      patchItems(key, { upload_status: 'completed', upload_progress: 100 }, true);
      return true;
    } catch (error) {
      const message = isAbortError(error) || controller.signal.aborted ? UPLOAD_CANCELLED : toAppError(error).message || uploadFailedMessage();
      patchItems(key, { upload_status: 'failed', error_message: message });
      return false;
    } finally {
      controllers.delete(key);
    }
  }

  /** Runs prepare -> PUTs -> complete for these items of one batch. */
  async function run(batchId: string, keys: string[], hooks: RunHooks): Promise<void> {
    const keySet = new Set(keys);
    const chosen = () => state.items.filter((i) => keySet.has(i.key));
    // A retry while other files of the batch are still on their way leaves the batch's
    // status to that other run.
    const othersActive = () => itemsOf(batchId).some((i) => !keySet.has(i.key) && ACTIVE.has(i.upload_status));
    const setStatus = (overall_status: OverallStatus, extra: Partial<UploadBatch> = {}) => {
      if (!othersActive()) patchBatch(batchId, { overall_status, ...extra });
    };
    patchItems(keySet, { upload_status: 'pending', upload_progress: 0, error_message: null, upload_id: null, signed_url: null });
    setStatus('preparing', { error_message: null });

    // 1. prepare
    const files: PrepareUploadFile[] = chosen().map((i) => ({ filename: i.filename, size: i.size, mime_type: i.mime_type, estimated_pages: i.estimated_pages }));
    let prepared;
    try {
      prepared = await options.api.prepare(files);
    } catch (error) {
      const e = toAppError(error);
      const message = e.serverMessage || (typeof e.detail === 'string' ? e.detail : '') || UPLOAD_MESSAGES.preflightFailed;
      patchItems(keySet, { upload_status: 'failed', error_message: message });
      setStatus('failed', { error_message: message });
      hooks.onError?.(message, error);
      hooks.onSettled?.();
      return;
    }
    const inOrder = chosen();
    set({
      ...state,
      items: state.items.map((i) => {
        const index = inOrder.findIndex((c) => c.key === i.key);
        const u = index >= 0 ? prepared.uploads[index] : undefined;
        return u ? { ...i, upload_id: u.upload_id, signed_url: u.signed_url, upload_session_id: prepared.upload_session_id, estimated_pages: u.estimated_pages, mime_type: u.headers['Content-Type'] ?? u.headers['content-type'] ?? i.mime_type } : i;
      }),
      batches: state.batches.map((b) =>
        b.id === batchId
          ? { ...b, overall_status: othersActive() ? b.overall_status : 'uploading', session_id: b.session_id ?? prepared.upload_session_id, quota_info: prepared.quota_info }
          : b,
      ),
    });
    hooks.onSettled?.();

    // 2. PUTs, `concurrency` at a time
    const queue = [...keys];
    const sent: string[] = [];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        const it = item(key);
        if (!it || it.upload_status === 'failed') continue; // cancelled while waiting
        if (await putOne(key)) sent.push(key);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));

    // 3. complete (only what arrived; the server closes the rest as failed)
    const arrived = sent.map(item).filter((i): i is UploadItem => Boolean(i?.upload_id) && i?.upload_status === 'completed');
    if (arrived.length === 0) {
      setStatus(settledStatus(itemsOf(batchId)));
      hooks.onSettled?.();
      return;
    }
    const arrivedKeys = new Set(arrived.map((i) => i.key));
    patchItems(arrivedKeys, { upload_status: 'validating' });
    setStatus('validating');
    try {
      const answer = await options.api.complete(prepared.upload_session_id, arrived.map((i) => i.upload_id!));
      const byUpload = new Map(answer.results.map((r) => [r.upload_id, r]));
      patchItems(arrivedKeys, (i) => {
        const r = byUpload.get(i.upload_id!);
        if (!r) return { upload_status: 'completed' };
        if (r.file_id === null) return { upload_status: 'failed', error_message: r.error_message ?? uploadFailedMessage() };
        if (r.is_valid === true) return { upload_status: 'validated', file_id: r.file_id, actual_pages: r.actual_pages };
        if (r.is_valid === false) return { upload_status: 'invalid', file_id: r.file_id, error_message: r.error_message };
        // stored, validity not known yet: it stays Uploaded until the library shows the verdict
        return { upload_status: 'completed', file_id: r.file_id };
      });
      setStatus(answer.success ? settledStatus(itemsOf(batchId)) : 'failed');
    } catch (error) {
      const message = toAppError(error).message;
      patchItems(arrivedKeys, { upload_status: 'failed', error_message: message });
      setStatus('failed', { error_message: message });
      hooks.onError?.(message, error);
    }
    hooks.onSettled?.();
  }

  return {
    getState: (): UploadState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Adds files as a new batch in 'preparing' (or to `batchId` while it is still preparing).
     * Unsupported types are refused by name before anything is sent; past 50 files the rest
     * are refused too (the server takes at most 50 a batch).
     */
    add(files: File[], batchId?: string): AddResult {
      const refused = files.filter((f) => !isSupportedFile(f)).map((f) => f.name);
      let accepted = files.filter(isSupportedFile);
      const target = batchId ? batch(batchId) : undefined;
      const existing = target && target.overall_status === 'preparing' ? itemsOf(target.id).length : 0;
      let error = refused.length ? unsupportedMessage(refused) : null;
      if (existing + accepted.length > UPLOAD_MAX_FILES_PER_BATCH) {
        accepted = accepted.slice(0, Math.max(0, UPLOAD_MAX_FILES_PER_BATCH - existing));
        error = [error, UPLOAD_MESSAGES.tooManyFiles].filter(Boolean).join('. ');
      }
      if (accepted.length === 0) return { batchId: null, error };
      const id = target && target.overall_status === 'preparing' ? target.id : nextId('batch');
      const batches = target && target.overall_status === 'preparing'
        ? state.batches
        : [...state.batches, { id, overall_status: 'preparing' as const, session_id: null, quota_info: null, error_message: null, createdAt: Date.now() }];
      set({ batches, items: [...state.items, ...accepted.map((f) => newItem(f, id))] });
      return { batchId: id, error };
    },

    /** Sends every pending file of a batch. */
    start(batchId: string, hooks: RunHooks = {}): Promise<void> {
      const keys = itemsOf(batchId).filter((i) => i.upload_status === 'pending').map((i) => i.key);
      if (keys.length === 0) return Promise.resolve();
      return run(batchId, keys, hooks);
    },

    /** Stops one file's PUT (or keeps a waiting one from starting); it becomes Failed. */
    cancel(key: string): void {
      const controller = controllers.get(key);
      if (controller) {
        controller.abort();
        return;
      }
      const it = item(key);
      if (it && (it.upload_status === 'pending' || it.upload_status === 'uploading')) {
        patchItems(key, { upload_status: 'failed', error_message: UPLOAD_CANCELLED });
      }
    },

    /** Sends a failed file again, in a new server session, inside its batch. */
    retry(key: string, hooks: RunHooks = {}): Promise<void> {
      const it = item(key);
      if (!it || it.upload_status !== 'failed') return Promise.resolve();
      return run(it.batchId, [key], hooks);
    },

    /** Removes a file from the list, only while its batch is still preparing (nothing sent). */
    remove(key: string): boolean {
      const it = item(key);
      const b = it && batch(it.batchId);
      if (!it || !b || b.overall_status !== 'preparing' || it.upload_status !== 'pending') return false;
      const items = state.items.filter((i) => i.key !== key);
      const batches = items.some((i) => i.batchId === b.id) ? state.batches : state.batches.filter((x) => x.id !== b.id);
      set({ items, batches });
      return true;
    },

    /** Forgets finished batches (and cancels nothing). */
    clearFinished(): void {
      const done = new Set(state.batches.filter((b) => b.overall_status === 'completed' || b.overall_status === 'failed').map((b) => b.id));
      const stillActive = (id: string) => state.items.some((i) => i.batchId === id && ACTIVE.has(i.upload_status));
      for (const id of [...done]) if (stillActive(id)) done.delete(id);
      set({ batches: state.batches.filter((b) => !done.has(b.id)), items: state.items.filter((i) => !done.has(i.batchId)) });
    },

    /** Cancels whatever is running and empties the list. */
    reset(): void {
      for (const c of controllers.values()) c.abort();
      set({ batches: [], items: [] });
    },

    itemsOf,
  };
}
