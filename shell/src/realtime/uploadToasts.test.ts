import { notificationFor, type SocketMessage } from '@quarry/shared';
import { FLUSH_MS, createUploadToastGrouper, type ToastSink } from './uploadToasts';

type Shown = { status: string; id: string; title: string; description?: string; duration: number };

function setup() {
  const shown: Shown[] = [];
  const passed: string[] = [];
  const sink: ToastSink = { show: (status, input) => shown.push({ status, ...input }) };
  const g = createUploadToastGrouper(sink, (n) => passed.push(n.title));
  const emit = (msg: SocketMessage) => {
    const n = notificationFor(msg);
    if (n) g.handle(n);
  };
  return { shown, passed, emit, g };
}

const ev = (event: string, session: string, i: number, extra: Record<string, unknown> = {}): SocketMessage => ({
  event,
  upload_session_id: session,
  upload_id: `u${i}`,
  filename: `f${i}.pdf`,
  message: `${event} f${i}.pdf`,
  ...extra,
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('upload toasts grouped per session', () => {
  it('a 50-file batch is one toast that updates, then says Upload Successful', () => {
    const { shown, emit, g } = setup();
    for (let i = 0; i < 50; i++) emit(ev('upload_started', 's1', i));
    for (let i = 0; i < 20; i++) emit(ev('upload_complete', 's1', i));
    jest.advanceTimersByTime(FLUSH_MS);
    expect(shown).toHaveLength(1);
    // a still icon while the batch runs (no spinner animating for the whole batch)
    expect(shown[0]).toMatchObject({ status: 'info', id: 'upload-session:s1', title: 'Uploading Files', description: '20 of 50 files uploaded', duration: 0 });
    for (let i = 20; i < 50; i++) emit(ev('upload_complete', 's1', i));
    for (let i = 0; i < 50; i++) emit(ev('validation_passed', 's1', i));
    jest.advanceTimersByTime(FLUSH_MS);
    expect(shown).toHaveLength(2);
    expect(new Set(shown.map((s) => s.id)).size).toBe(1);
    expect(shown[1]).toMatchObject({ status: 'success', title: 'Upload Successful', description: '50 of 50 files uploaded', duration: 5000 });
    expect(g.pending()).toBe(0);
  });

  it('a flush that would say the same again leaves the toast alone', () => {
    const { shown, emit } = setup();
    for (let i = 0; i < 50; i++) emit(ev('upload_started', 's5', i));
    for (let i = 0; i < 50; i++) emit(ev('upload_complete', 's5', i));
    jest.advanceTimersByTime(FLUSH_MS);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Uploading Files', description: '50 of 50 files uploaded' });
    // verdicts arrive in bursts while the server validates: the toast's words do not change
    for (let i = 0; i < 49; i++) {
      emit(ev('validation_passed', 's5', i));
      jest.advanceTimersByTime(FLUSH_MS);
    }
    expect(shown).toHaveLength(1);
    emit(ev('validation_passed', 's5', 49));
    jest.advanceTimersByTime(FLUSH_MS);
    expect(shown).toHaveLength(2);
    expect(shown[1]).toMatchObject({ status: 'success', title: 'Upload Successful', description: '50 of 50 files uploaded', duration: 5000 });
  });

  it('names the files that failed or are invalid, with the reason', () => {
    const { shown, emit } = setup();
    for (let i = 0; i < 3; i++) emit(ev('upload_started', 's2', i));
    emit(ev('upload_complete', 's2', 0));
    emit(ev('validation_passed', 's2', 0));
    emit(ev('upload_failed', 's2', 1, { error_message: 'size mismatch' }));
    emit(ev('upload_complete', 's2', 2));
    emit(ev('validation_failed', 's2', 2, { error_message: 'not a PDF' }));
    jest.advanceTimersByTime(FLUSH_MS);
    expect(shown.at(-1)).toMatchObject({ status: 'error', title: 'Upload Failed', description: '2 of 3 files uploaded. Failed: f1.pdf (size mismatch), f2.pdf (not a PDF)', duration: 5000 });
  });

  it('a single file keeps the wording of each event, in one toast', () => {
    const { shown, emit } = setup();
    emit(ev('upload_started', 's3', 0));
    jest.advanceTimersByTime(FLUSH_MS);
    emit(ev('upload_complete', 's3', 0, { message: 'Upload complete: f0.pdf' }));
    jest.advanceTimersByTime(FLUSH_MS);
    expect(shown.map((s) => s.title)).toEqual(['Upload Started', 'Upload Successful']);
    expect(shown[1]).toMatchObject({ status: 'success', description: 'Upload complete: f0.pdf', id: 'upload-session:s3', duration: 5000 });
    emit(ev('validation_failed', 's3', 0, { message: 'f0.pdf is invalid: not a PDF' }));
    jest.advanceTimersByTime(FLUSH_MS);
    expect(shown[2]).toMatchObject({ status: 'error', title: 'Validation Failed', description: 'f0.pdf is invalid: not a PDF', id: 'upload-session:s3' });
  });

  it('a late event never moves a file back; other notifications pass through at once', () => {
    const { shown, passed, emit } = setup();
    emit(ev('upload_started', 's4', 0));
    emit(ev('upload_started', 's4', 1));
    emit(ev('validation_passed', 's4', 0));
    emit(ev('upload_complete', 's4', 0));
    emit({ event: 'processing_complete', message: 'Job done' });
    emit({ event: 'upload_complete', message: 'no session' });
    expect(passed).toEqual(['Processing Complete', 'Upload Successful']);
    jest.advanceTimersByTime(FLUSH_MS);
    expect(shown.at(-1)).toMatchObject({ title: 'Uploading Files', description: '1 of 2 files uploaded' });
  });
});
