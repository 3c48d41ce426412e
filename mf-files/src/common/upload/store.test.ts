import { AppError, uploadFailedMessage } from '@quarry/shared';
import type { CompleteUploadResponse, PrepareUploadFile, PrepareUploadResponse } from '@quarry/shared/schemas';
import { uuid } from '../../test/factories';
import type { UploadApi } from './queries';
import { UPLOAD_CANCELLED, createUploadStore, isSupportedFile, type FileUploadStatus, type UploadStore } from './store';

const file = (name: string, size = 10, type = name.endsWith('.pdf') ? 'application/pdf' : name.endsWith('.png') ? 'image/png' : 'text/plain') =>
  new File([new Uint8Array(size)], name, { type });

interface Put {
  name: string;
  resolve: () => void;
  reject: (e: unknown) => void;
  progress: (percent: number) => void;
  signal: AbortSignal;
}

/** A scripted API: PUTs wait until the test settles them; complete answers per file name. */
function fakeApi(verdicts: Record<string, { is_valid: boolean | null; error?: string; pages?: number }> = {}) {
  const puts: Put[] = [];
  const prepared: PrepareUploadFile[][] = [];
  const completed: string[][] = [];
  const names = new Map<string, string>();
  let prepareError: unknown = null;
  const api: UploadApi = {
    async prepare(files) {
      prepared.push(files);
      if (prepareError) throw prepareError;
      const session = uuid();
      return {
        success: true,
        error_message: null,
        upload_session_id: session,
        expires_at: '2030-01-01T00:00:00.000Z',
        uploads: files.map((f) => {
          const id = uuid();
          names.set(id, f.filename);
          return {
            upload_id: id,
            filename: f.filename,
            size: f.size,
            file_type: 'pdf',
            mime_type: f.mime_type ?? '',
            estimated_pages: 1,
            signed_url: `http://storage.test/${id}`,
            method: 'PUT',
            headers: { 'Content-Type': f.mime_type ?? '' },
            expires_at: '2030-01-01T00:00:00.000Z',
          };
        }),
        quota_info: {
          current_file_count: 0,
          max_file_count: 50,
          current_page_count: 0,
          max_page_count: 500,
          current_storage_bytes: 0,
          max_storage_bytes: null,
          requested_file_count: files.length,
          requested_page_count: files.length,
          requested_storage_bytes: 0,
        },
      } satisfies PrepareUploadResponse;
    },
    put(url, _file, { signal, onProgress }) {
      const id = url.split('/').pop()!;
      return new Promise<void>((resolve, reject) => {
        const put: Put = { name: names.get(id)!, resolve, reject, progress: (percent) => onProgress({ loaded: percent, total: 100, percent }), signal };
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        puts.push(put);
      });
    },
    async complete(sessionId, ids) {
      completed.push(ids.map((id) => names.get(id)!));
      return {
        success: true,
        upload_session_id: sessionId,
        already_completed: false,
        message: 'done',
        results: ids.map((id) => {
          const name = names.get(id)!;
          const v = verdicts[name] ?? { is_valid: true, pages: 1 };
          return { upload_id: id, file_id: id, filename: name, file_size: 10, actual_pages: v.is_valid ? (v.pages ?? 1) : null, is_valid: v.is_valid, error_message: v.error ?? null };
        }),
      } satisfies CompleteUploadResponse;
    },
  };
  return {
    api,
    puts,
    prepared,
    completed,
    failPrepare: (e: unknown) => (prepareError = e),
    put: (name: string) => puts.filter((p) => p.name === name).at(-1)!,
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const statuses = (store: UploadStore) => Object.fromEntries(store.getState().items.map((i) => [i.filename, i.upload_status])) as Record<string, FileUploadStatus>;
const batchStatus = (store: UploadStore) => store.getState().batches.at(-1)?.overall_status;

describe('upload store', () => {
  it('accepts the supported types and refuses the others by name before sending anything', () => {
    expect(['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.gif', 'f.bmp', 'g.tiff', 'h.tif'].every((n) => isSupportedFile({ name: n, type: '' }))).toBe(true);
    const api = fakeApi();
    const store = createUploadStore({ api: api.api });
    const result = store.add([file('a.pdf'), file('notes.txt'), file('slides.docx')]);
    expect(result.error).toBe('Unsupported file types: notes.txt, slides.docx');
    expect(store.getState().items.map((i) => i.filename)).toEqual(['a.pdf']);
    expect(api.prepared).toHaveLength(0);
  });

  it('runs prepare -> PUTs -> complete with the documented statuses, file and overall', async () => {
    const api = fakeApi({ 'good.pdf': { is_valid: true, pages: 2 }, 'bad.pdf': { is_valid: false, error: 'not a PDF' } });
    const store = createUploadStore({ api: api.api, progressIntervalMs: 0 });
    const { batchId } = store.add([file('good.pdf'), file('bad.pdf')]);
    expect(batchStatus(store)).toBe('preparing');
    expect(statuses(store)).toEqual({ 'good.pdf': 'pending', 'bad.pdf': 'pending' });

    const done = store.start(batchId!);
    await flush();
    expect(batchStatus(store)).toBe('uploading');
    expect(statuses(store)).toEqual({ 'good.pdf': 'uploading', 'bad.pdf': 'uploading' });
    expect(api.prepared[0]).toEqual([
      { filename: 'good.pdf', size: 10, mime_type: 'application/pdf', estimated_pages: 1 },
      { filename: 'bad.pdf', size: 10, mime_type: 'application/pdf', estimated_pages: 1 },
    ]);

    api.put('good.pdf').progress(40);
    await new Promise((r) => setTimeout(r, 5));
    expect(store.getState().items[0]!.upload_progress).toBe(40);
    api.put('good.pdf').resolve();
    await flush();
    expect(statuses(store)['good.pdf']).toBe('completed');
    api.put('bad.pdf').resolve();
    await done;

    expect(api.completed).toEqual([['good.pdf', 'bad.pdf']]);
    expect(statuses(store)).toEqual({ 'good.pdf': 'validated', 'bad.pdf': 'invalid' });
    const [good, bad] = store.getState().items;
    expect(good!.actual_pages).toBe(2);
    expect(bad!.error_message).toBe('not a PDF');
    expect(batchStatus(store)).toBe('completed');
  });

  it('sends at most four PUTs at once', async () => {
    const api = fakeApi();
    const store = createUploadStore({ api: api.api });
    const { batchId } = store.add(Array.from({ length: 6 }, (_, i) => file(`f${i}.pdf`)));
    const done = store.start(batchId!);
    await flush();
    expect(api.puts).toHaveLength(4);
    api.puts[0]!.resolve();
    await flush();
    await flush();
    expect(api.puts).toHaveLength(5);
    for (const p of api.puts) p.resolve();
    await flush();
    await flush();
    for (const p of api.puts) p.resolve();
    await done;
    expect(Object.values(statuses(store))).toEqual(Array(6).fill('validated'));
  });

  it('a network failure marks that file Failed and leaves the rest going; Retry sends it again', async () => {
    const api = fakeApi();
    const hooks = { onSettled: jest.fn(), onError: jest.fn() };
    const store = createUploadStore({ api: api.api });
    const { batchId } = store.add([file('a.pdf'), file('b.pdf')]);
    const done = store.start(batchId!, hooks);
    await flush();
    api.put('a.pdf').reject(new AppError({ kind: 'system', status: 500, message: uploadFailedMessage('Internal Server Error') }));
    api.put('b.pdf').resolve();
    await done;
    expect(statuses(store)).toEqual({ 'a.pdf': 'failed', 'b.pdf': 'validated' });
    expect(store.getState().items[0]!.error_message).toBe('Upload failed: Internal Server Error');
    expect(api.completed).toEqual([['b.pdf']]);
    expect(batchStatus(store)).toBe('failed');
    expect(hooks.onError).not.toHaveBeenCalled(); // the server's upload_failed event is the notification

    const again = store.retry(store.getState().items[0]!.key, hooks);
    await flush();
    expect(statuses(store)['a.pdf']).toBe('uploading');
    api.put('a.pdf').resolve();
    await again;
    expect(api.prepared).toHaveLength(2);
    expect(statuses(store)).toEqual({ 'a.pdf': 'validated', 'b.pdf': 'validated' });
    expect(batchStatus(store)).toBe('completed');
    expect(hooks.onSettled).toHaveBeenCalled();
  });

  it('cancels one file while it uploads', async () => {
    const api = fakeApi();
    const store = createUploadStore({ api: api.api });
    const { batchId } = store.add([file('a.pdf'), file('b.pdf')]);
    const done = store.start(batchId!);
    await flush();
    store.cancel(store.getState().items[0]!.key);
    expect(api.put('a.pdf').signal.aborted).toBe(true);
    api.put('b.pdf').resolve();
    await done;
    expect(statuses(store)).toEqual({ 'a.pdf': 'failed', 'b.pdf': 'validated' });
    expect(store.getState().items[0]!.error_message).toBe(UPLOAD_CANCELLED);
  });

  it('a refused preflight fails the batch with the server error_message and reports it', async () => {
    const api = fakeApi();
    api.failPrepare(new AppError({ kind: 'authorization', status: 403, serverMessage: 'Quota exceeded (max_file_count): 50 files allowed' }));
    const onError = jest.fn();
    const store = createUploadStore({ api: api.api });
    const { batchId } = store.add([file('a.pdf')]);
    await store.start(batchId!, { onError });
    expect(batchStatus(store)).toBe('failed');
    expect(store.getState().batches[0]!.error_message).toBe('Quota exceeded (max_file_count): 50 files allowed');
    expect(statuses(store)).toEqual({ 'a.pdf': 'failed' });
    expect(onError).toHaveBeenCalledWith('Quota exceeded (max_file_count): 50 files allowed', expect.anything());
    expect(api.puts).toHaveLength(0);
  });

  it("without the server's message a refused preflight says 'Preflight check failed'", async () => {
    const api = fakeApi();
    api.failPrepare(new AppError({ kind: 'system', status: 500 }));
    const store = createUploadStore({ api: api.api });
    const { batchId } = store.add([file('a.pdf')]);
    await store.start(batchId!);
    expect(store.getState().batches[0]!.error_message).toBe('Preflight check failed');
  });

  it('removes files only while the batch is preparing', async () => {
    const api = fakeApi();
    const store = createUploadStore({ api: api.api });
    const { batchId } = store.add([file('a.pdf'), file('b.pdf')]);
    expect(store.remove(store.getState().items[1]!.key)).toBe(true);
    const done = store.start(batchId!);
    await flush();
    expect(store.remove(store.getState().items[0]!.key)).toBe(false);
    api.put('a.pdf').resolve();
    await done;
    expect(store.getState().items.map((i) => i.filename)).toEqual(['a.pdf']);
  });

  it('adds to a preparing batch, and takes at most 50 files per batch', () => {
    const store = createUploadStore({ api: fakeApi().api });
    const first = store.add([file('a.pdf')]);
    const second = store.add([file('b.pdf')], first.batchId!);
    expect(second.batchId).toBe(first.batchId);
    const many = store.add(Array.from({ length: 60 }, (_, i) => file(`m${i}.pdf`)), first.batchId!);
    expect(many.error).toBe('At most 50 files per batch');
    expect(store.itemsOf(first.batchId!)).toHaveLength(50);
  });

  it('notifies subscribers and keeps state outside any component', () => {
    const store = createUploadStore({ api: fakeApi().api });
    const listener = jest.fn();
    const stop = store.subscribe(listener);
    store.add([file('a.pdf')]);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    store.reset();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual({ batches: [], items: [] });
  });
});
