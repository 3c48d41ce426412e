/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// The upload flow over real HTTP: prepare -> signed PUT -> complete, with real PDF and image
// bytes; validity from the bytes; signatures; sizes; events on a real WebSocket.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CompleteUploadResponseSchema, PrepareUploadResponseSchema } from '@quarry/shared/schemas';
import { eq } from 'drizzle-orm';
import { files, uploads, uploadSessions } from '../../db/schema';
import { makeEncryptedPdf } from '../../processing/ocr/fixtures/generate';
import { resolveJwtSecret } from '../../auth/secret';
import { uploadSignatureParts, UrlSigner } from '../../storage';
import { startTestApp, type TestApp, type TestUser } from '../../testing/helpers';
import { complete, makeBmp, makeGif, makeImage, makePdf, makeTiff, prepare, putBytes, uploadAll, uploadOne } from './test-fixtures';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.registerUser();
  bob = await t.registerUser();
});
afterAll(() => t.close());

const blobPath = (userId: string, id: string) => path.join(t.config.dataDir, 'files', 'u', userId, id);
const tmpDir = () => path.join(t.config.dataDir, 'files', '.tmp');
const uploadRow = async (id: string) => (await t.app.database.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;
const fileRow = async (id: string) => (await t.app.database.db.select().from(files).where(eq(files.id, id)))[0];

describe('the whole flow with real bytes', () => {
  test('a 3-page PDF reports 3 pages; PNG, JPEG, GIF, BMP and a 2-page TIFF are valid', async () => {
    const pdf = await makePdf(3);
    const specs = [
      { filename: 'three pages.pdf', bytes: pdf, mime_type: 'application/pdf' },
      { filename: 'scan.png', bytes: makeImage('png'), mime_type: 'image/png' },
      { filename: 'photo.JPG', bytes: makeImage('jpeg'), mime_type: 'image/jpeg' },
      { filename: 'dot.gif', bytes: makeGif(), mime_type: 'image/gif' },
      { filename: 'tiny.bmp', bytes: makeBmp(), mime_type: 'image/bmp' },
      { filename: 'fax.tif', bytes: makeTiff(2), mime_type: 'image/tiff' },
    ];
    const prep = await prepare(t, alice, specs);
    expect(prep.status).toBe(200);
    const body = PrepareUploadResponseSchema.parse(prep.body);
    expect(body.uploads.map((u) => [u.filename, u.file_type, u.mime_type, u.estimated_pages])).toEqual([
      ['three pages.pdf', 'pdf', 'application/pdf', 1],
      ['scan.png', 'png', 'image/png', 1],
      ['photo.JPG', 'jpeg', 'image/jpeg', 1],
      ['dot.gif', 'gif', 'image/gif', 1],
      ['tiny.bmp', 'bmp', 'image/bmp', 1],
      ['fax.tif', 'tiff', 'image/tiff', 1],
    ]);
    expect(body.quota_info).toMatchObject({ current_file_count: 0, max_file_count: 50, current_page_count: 0, max_page_count: 500, requested_file_count: 6 });
    // nothing is stored before the PUT
    for (const u of body.uploads) expect(existsSync(blobPath(alice.id, u.upload_id))).toBe(false);
    expect(await fileRow(body.uploads[0]!.upload_id)).toBeUndefined();

    for (const [i, u] of body.uploads.entries()) {
      expect(u.signed_url).toMatch(new RegExp(`^${t.baseUrl}/api/v1/uploads/blob/${u.upload_id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
      const put = await putBytes(t, u.signed_url, specs[i]!.bytes, u.headers['Content-Type']!);
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ upload_id: u.upload_id, size: specs[i]!.bytes.length });
      expect(existsSync(blobPath(alice.id, u.upload_id))).toBe(true);
    }
    const done = await complete(t, alice, body.upload_session_id, body.uploads.map((u) => u.upload_id));
    expect(done.status).toBe(200);
    const result = CompleteUploadResponseSchema.parse(done.body);
    expect(result).toMatchObject({ success: true, already_completed: false, message: '6 of 6 files stored, 6 valid, 0 invalid' });
    expect(result.results.map((r) => [r.filename, r.is_valid, r.actual_pages, r.error_message])).toEqual([
      ['three pages.pdf', true, 3, null],
      ['scan.png', true, 1, null],
      ['photo.JPG', true, 1, null],
      ['dot.gif', true, 1, null],
      ['tiny.bmp', true, 1, null],
      ['fax.tif', true, 2, null],
    ]);
    const file = await t.request('GET', `/api/v1/files/${result.results[0]!.file_id}`, { token: alice.token });
    expect(file.body).toMatchObject({ filename: 'three pages.pdf', file_size: pdf.length, actual_pages: 3, page_count: 3, is_valid: true, mime_type: 'application/pdf' });
    expect(file.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    // nothing left half-written
    expect(existsSync(tmpDir()) ? readdirSync(tmpDir()) : []).toEqual([]);
  });

  test('upload events arrive on the user\'s socket, and only there', async () => {
    const aliceWs = await t.openSocket('/ws/connect?channels=general', alice.token);
    const bobWs = await t.openSocket('/ws/connect?channels=general', bob.token);
    await aliceWs.next((m) => m.event === 'subscription_confirmed' || m.event === 'connected');
    const good = await makePdf(2);
    const { prepare: prep, results } = await uploadAll(t, alice, [
      { filename: 'good.pdf', bytes: good, mime_type: 'application/pdf' },
      { filename: 'liar.pdf', bytes: makeImage('png'), mime_type: 'application/pdf' },
    ]);
    const [goodId, liarId] = prep.uploads.map((u: any) => u.upload_id);
    const started = await aliceWs.next((m) => m.event === 'upload_started' && m.upload_id === goodId);
    expect(started).toMatchObject({ user_id: alice.id, filename: 'good.pdf', upload_session_id: prep.upload_session_id, file_size: good.length, mime_type: 'application/pdf' });
    expect(typeof started.timestamp).toBe('string');
    expect(started.message).toBe('Upload started: good.pdf');
    const completeEvent = await aliceWs.next((m) => m.event === 'upload_complete' && m.upload_id === goodId);
    expect(completeEvent).toMatchObject({ file_id: goodId, filename: 'good.pdf', user_id: alice.id });
    const passed = await aliceWs.next((m) => m.event === 'validation_passed' && m.file_id === goodId);
    expect(passed).toMatchObject({ is_valid: true, actual_pages: 2, filename: 'good.pdf', message: 'good.pdf is valid (2 pages)' });
    const failed = await aliceWs.next((m) => m.event === 'validation_failed' && m.file_id === liarId);
    expect(failed.error_message).toMatch(/does not match its type/);
    expect(results[1]).toMatchObject({ is_valid: false });
    // a failed upload (no bytes sent)
    const prep2 = await prepare(t, alice, [{ filename: 'never.pdf', bytes: good, mime_type: 'application/pdf' }]);
    await complete(t, alice, prep2.body.upload_session_id, [prep2.body.uploads[0].upload_id]);
    const uf = await aliceWs.next((m) => m.event === 'upload_failed' && m.upload_id === prep2.body.uploads[0].upload_id);
    expect(uf.error_message).toMatch(/No file was received/);
    expect(bobWs.messages.filter((m) => String(m.event).startsWith('upload') || String(m.event).startsWith('validation'))).toEqual([]);
    await aliceWs.close();
    await bobWs.close();
  });
});

describe('validity is decided from the bytes', () => {
  const cases: [string, () => Promise<Buffer | Uint8Array>, string, RegExp][] = [
    ['renamed.pdf', async () => makeImage('png'), 'application/pdf', /announced as a PDF, but its content is a PNG image/],
    ['text.pdf', async () => Buffer.from('just some text, not a document at all\n'), 'application/pdf', /content is not a PDF or a supported image/],
    ['jpeg-really.png', async () => makeImage('jpeg'), 'image/png', /announced as a PNG image, but its content is a JPEG image/],
    ['truncated.pdf', async () => (await makePdf(3)).subarray(0, 900), 'application/pdf', /truncated/],
    ['encrypted.pdf', async () => makeEncryptedPdf(), 'application/pdf', /encrypted/],
    ['junk.pdf', async () => Buffer.from(`%PDF-1.7\n${'garbage '.repeat(200)}\n%%EOF\n`, 'latin1'), 'application/pdf', /PDF/],
    ['cut.png', async () => makeImage('png', 300, 200).subarray(0, 150), 'image/png', /PNG image is truncated|incomplete|damaged/],
    ['cut.jpg', async () => makeImage('jpeg', 300, 200).subarray(0, 400), 'image/jpeg', /JPEG image is truncated/],
    ['cut.gif', async () => makeGif().subarray(0, 30), 'image/gif', /GIF image is truncated/],
    ['cut.bmp', async () => makeBmp().subarray(0, 60), 'image/bmp', /BMP image is truncated/],
    ['cut.tiff', async () => makeTiff(2).subarray(0, 150), 'image/tiff', /TIFF image is truncated/],
  ];

  test.each(cases)('%s is stored but invalid, with its reason', async (filename, make, mime, reason) => {
    const bytes = await make();
    const r = await uploadOne(t, alice, { filename, bytes: Buffer.from(bytes), mime_type: mime });
    expect(r.is_valid).toBe(false);
    expect(r.error_message).toMatch(reason);
    expect(r.actual_pages).toBeNull();
    const row = await fileRow(r.file_id);
    expect(row).toMatchObject({ isValid: false, errorMessage: r.error_message });
    expect(existsSync(blobPath(alice.id, r.file_id))).toBe(true);
  });

  test('a damaged PNG with a good header fails the checksum walk', async () => {
    const png = Buffer.from(makeImage('png', 64, 64));
    png[png.length - 20] = png[png.length - 20]! ^ 0xff; // inside IDAT / its CRC
    const r = await uploadOne(t, alice, { filename: 'flipped.png', bytes: png, mime_type: 'image/png' });
    expect(r.is_valid).toBe(false);
    expect(r.error_message).toMatch(/PNG image/);
  });
});

describe('prepare-upload refuses bad input before storing anything', () => {
  const prep = (json: unknown, user = alice) => t.request('POST', '/api/v1/uploads/prepare-upload', { token: user.token, json });
  const file = (over: Record<string, unknown> = {}) => ({ filename: 'a.pdf', size: 1000, mime_type: 'application/pdf', ...over });

  test('unsupported types are named in one message', async () => {
    const res = await prep({ files: [file(), file({ filename: 'notes.docx', mime_type: 'application/msword' }), file({ filename: 'run.exe', mime_type: '' }), file({ filename: 'noext', mime_type: 'text/plain' })] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Unsupported file types: notes.docx, run.exe, noext', success: false, error_message: 'Unsupported file types: notes.docx, run.exe, noext', quota_info: null });
  });

  test('types come from the name or the MIME type; contradictions are refused', async () => {
    const ok = await prep({ files: [file({ filename: 'scan', mime_type: 'image/png' }), file({ filename: 'x.TIFF', mime_type: '' }), file({ filename: 'y.jpeg', mime_type: 'application/octet-stream' })] });
    expect(ok.status).toBe(200);
    expect(ok.body.uploads.map((u: any) => [u.file_type, u.headers['Content-Type']])).toEqual([
      ['png', 'image/png'],
      ['tiff', 'application/octet-stream'],
      ['jpeg', 'application/octet-stream'],
    ]);
    const bad = await prep({ files: [file({ filename: 'x.pdf', mime_type: 'image/png' })] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('File type does not match the file name: x.pdf (image/png is not a PDF type)');
  });

  test('names, sizes and batch size are validated with clear messages', async () => {
    const cases: [unknown, (string | number)[], RegExp][] = [
      [{ files: [file({ size: 0 })] }, ['body', 'files', 0, 'size'], /File is empty \(0 bytes\): a\.pdf/],
      [{ files: [file({ size: -1 })] }, ['body', 'files', 0, 'size'], /./],
      [{ files: [file({ size: 1.5 })] }, ['body', 'files', 0, 'size'], /whole number/],
      [{ files: [file({ filename: '../etc/passwd.pdf' })] }, ['body', 'files', 0, 'filename'], /path separators/],
      [{ files: [file({ filename: 'C:\\docs\\a.pdf' })] }, ['body', 'files', 0, 'filename'], /path separators/],
      [{ files: [file({ filename: 'bell\u0007.pdf' })] }, ['body', 'files', 0, 'filename'], /control characters/],
      [{ files: [file({ filename: 'line\nbreak.pdf' })] }, ['body', 'files', 0, 'filename'], /control characters/],
      [{ files: [file({ filename: '   ' })] }, ['body', 'files', 0, 'filename'], /File name is required/],
      [{ files: [file({ filename: `${'x'.repeat(300)}.pdf` })] }, ['body', 'files', 0, 'filename'], /too long/],
      [{ files: [] }, ['body', 'files'], /at least one file/],
      [{ files: Array.from({ length: 51 }, () => file()) }, ['body', 'files'], /At most 50 files per batch/],
      [{ files: [{ ...file(), extra: 1 }] }, ['body', 'files', 0, 'extra'], /Extra inputs/],
      [{}, ['body', 'files'], /at least one file/],
    ];
    for (const [json, loc, msg] of cases) {
      const res = await prep(json);
      expect(res.status).toBe(422);
      const item = res.body.detail.find((d: any) => JSON.stringify(d.loc) === JSON.stringify(loc));
      expect(item).toBeDefined();
      expect(item.msg).toMatch(msg);
    }
    const nul = await prep({ files: [file({ filename: 'a\u0000.pdf' })] });
    expect(nul.status).toBe(422);
  });

  test('a file larger than MAX_UPLOAD_BYTES is refused with 413', async () => {
    const res = await prep({ files: [file({ size: t.config.storage.maxUploadBytes + 1 })] });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/^File too large: a\.pdf \(200\.0 MB\); the largest file accepted is 200\.0 MB$/);
  });

  test('needs a token', async () => {
    expect((await t.request('POST', '/api/v1/uploads/prepare-upload', { json: { files: [file()] } })).status).toBe(401);
  });
});

describe('the signed PUT', () => {
  async function prepared(bytes: Buffer, mime = 'application/pdf', filename = 'doc.pdf') {
    const res = await prepare(t, alice, [{ filename, bytes, mime_type: mime }]);
    expect(res.status).toBe(200);
    return res.body.uploads[0] as any;
  }
  const withQuery = (url: string, change: (q: URLSearchParams) => void) => {
    const u = new URL(url);
    change(u.searchParams);
    return u.toString();
  };

  test('a tampered signature, id or expiry is refused with 403 and stores nothing', async () => {
    const bytes = await makePdf(1);
    const u = await prepared(bytes);
    const other = await prepared(bytes);
    const flip = (s: string) => (s[0] === 'a' ? 'b' : 'a') + s.slice(1);
    const urls = [
      withQuery(u.signed_url, (q) => q.set('signature', flip(q.get('signature')!))),
      withQuery(u.signed_url, (q) => q.set('expires', String(Number(q.get('expires')) + 3600))),
      u.signed_url.replace(u.upload_id, other.upload_id),
    ];
    for (const url of urls) {
      const res = await putBytes(t, url, bytes, 'application/pdf');
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/Invalid upload signature/);
    }
    const missing = await putBytes(t, withQuery(u.signed_url, (q) => q.delete('signature')), bytes, 'application/pdf');
    expect(missing.status).toBe(422);
    const malformed = await putBytes(t, withQuery(u.signed_url, (q) => q.set('signature', 'xyz')), bytes, 'application/pdf');
    expect(malformed.status).toBe(422);
    expect(existsSync(blobPath(alice.id, u.upload_id))).toBe(false);
    expect(existsSync(blobPath(alice.id, other.upload_id))).toBe(false);
    expect((await uploadRow(u.upload_id)).status).toBe('pending');
  });

  test('an expired URL is refused with 403 even with a correct signature', async () => {
    const bytes = await makePdf(1);
    const u = await prepared(bytes);
    const row = await uploadRow(u.upload_id);
    const expires = Math.floor(Date.now() / 1000) - 5;
    const signer = new UrlSigner(await resolveJwtSecret(t.config, t.app.database));
    const signature = signer.sign(
      uploadSignatureParts({ uploadId: row.id, key: row.storageKey, size: row.declaredSize, contentType: row.contentType, expires }),
    );
    const url = `${t.baseUrl}/api/v1/uploads/blob/${u.upload_id}?expires=${expires}&signature=${signature}`;
    const res = await putBytes(t, url, bytes, 'application/pdf');
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('This upload URL has expired: prepare the upload again');
    expect(existsSync(blobPath(alice.id, u.upload_id))).toBe(false);
  });

  test('the body must be exactly the announced size', async () => {
    const bytes = await makePdf(1);
    const u = await prepared(bytes);
    const bigger = await putBytes(t, u.signed_url, Buffer.concat([bytes, Buffer.from('extra')]), 'application/pdf');
    expect(bigger.status).toBe(413);
    expect(bigger.body.detail).toMatch(/were announced/);
    const smaller = await putBytes(t, u.signed_url, bytes.subarray(0, bytes.length - 1), 'application/pdf');
    expect(smaller.status).toBe(400);
    expect(existsSync(blobPath(alice.id, u.upload_id))).toBe(false);
    expect((await uploadRow(u.upload_id)).status).toBe('pending');
    // a streamed (chunked) body without Content-Length is counted as it arrives
    const chunks = [bytes, Buffer.alloc(64 * 1024, 1)];
    const stream = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const res = await fetch(u.signed_url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: stream, duplex: 'half' } as RequestInit).catch(
      (e: Error) => ({ status: 'reset', e }) as const,
    );
    if (res.status !== 'reset') expect(res.status).toBe(413);
    expect(existsSync(blobPath(alice.id, u.upload_id))).toBe(false);
    expect(existsSync(tmpDir()) ? readdirSync(tmpDir()) : []).toEqual([]);
    // the upload can still be sent properly
    expect((await putBytes(t, u.signed_url, bytes, 'application/pdf')).status).toBe(200);
  });

  test('the Content-Type must be the announced type', async () => {
    const bytes = await makePdf(1);
    const u = await prepared(bytes);
    for (const ct of ['text/html', 'image/png', 'application/json']) {
      const res = await putBytes(t, u.signed_url, bytes, ct);
      expect(res.status).toBe(415);
      expect(res.body.detail).toBe(`Content-Type must be application/pdf for this upload (got ${ct})`);
    }
    const none = await putBytes(t, u.signed_url, bytes, null);
    expect([400, 415]).toContain(none.status);
    expect((await putBytes(t, u.signed_url, bytes, 'application/pdf; charset=binary')).status).toBe(200);
  });

  test('a repeated PUT before complete replaces the bytes; after complete it is refused', async () => {
    const first = makeTiff(1);
    const second = Buffer.from(first);
    second[second.length - 1] = 0x10; // another pixel value, same size
    const res = await prepare(t, alice, [{ filename: 'again.tiff', bytes: first, mime_type: 'image/tiff' }]);
    const u = res.body.uploads[0];
    const put1 = await putBytes(t, u.signed_url, first, 'image/tiff');
    expect(put1.status).toBe(200);
    const put2 = await putBytes(t, u.signed_url, second, 'image/tiff');
    expect(put2.body.sha256).not.toBe(put1.body.sha256);
    expect(put2.status).toBe(200);
    const done = await complete(t, alice, res.body.upload_session_id, [u.upload_id]);
    expect(done.body.results[0].is_valid).toBe(true);
    const row = await fileRow(u.upload_id);
    expect(row!.sha256).toBe(put2.body.sha256);
    const late = await putBytes(t, u.signed_url, first, 'image/tiff');
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('This upload has already been completed');
  });

  test('an unknown upload id answers 404', async () => {
    const res = await putBytes(t, `${t.baseUrl}/api/v1/uploads/blob/00000000-0000-4000-8000-000000000000?expires=9999999999&signature=${'a'.repeat(64)}`, Buffer.from('x'), 'application/pdf');
    expect(res.status).toBe(404);
  });
});

describe('complete', () => {
  test('a second complete answers the stored results again and changes nothing', async () => {
    const pdf = await makePdf(2);
    const { prepare: p, complete: first } = await uploadAll(t, alice, [{ filename: 'twice.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
    const again = await complete(t, alice, p.upload_session_id, [p.uploads[0].upload_id]);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, already_completed: true, results: first.results });
    expect(again.body.message).toMatch(/^Already completed: /);
    const all = await t.request('GET', '/api/v1/files/my-files?limit=500&include_failed=true', { token: alice.token });
    expect(all.body.files.filter((f: any) => f.id === p.uploads[0].upload_id)).toHaveLength(1);
  });

  test('concurrent completes of one session create each file once', async () => {
    const pdf = await makePdf(1);
    const p = await prepare(t, alice, [{ filename: 'race.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
    const u = p.body.uploads[0];
    await putBytes(t, u.signed_url, pdf, 'application/pdf');
    const answers = await Promise.all([1, 2, 3].map(() => complete(t, alice, p.body.upload_session_id, [u.upload_id])));
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.filter((a) => !a.body.already_completed)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.detail).toBe('This upload session is already being completed');
    expect(await fileRow(u.upload_id)).toMatchObject({ isValid: true });
  });

  test('a complete that died with its process (session left "completing") is taken over after 15 minutes', async () => {
    const pdf = await makePdf(1);
    const p = await prepare(t, alice, [{ filename: 'crashed.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
    const u = p.body.uploads[0];
    await putBytes(t, u.signed_url, pdf, 'application/pdf');
    const db = t.app.database.db;
    await db.update(uploadSessions).set({ status: 'completing', updatedAt: new Date() }).where(eq(uploadSessions.id, p.body.upload_session_id));
    expect((await complete(t, alice, p.body.upload_session_id, [u.upload_id])).status).toBe(409);
    await db
      .update(uploadSessions)
      .set({ updatedAt: new Date(Date.now() - 20 * 60 * 1000) })
      .where(eq(uploadSessions.id, p.body.upload_session_id));
    const done = await complete(t, alice, p.body.upload_session_id, [u.upload_id]);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, already_completed: false });
    expect(done.body.results[0]).toMatchObject({ file_id: u.upload_id, is_valid: true });
  });

  test('missing bytes and unlisted uploads fail; their reservations are released', async () => {
    const pdf = await makePdf(1);
    const p = await prepare(t, alice, [
      { filename: 'sent.pdf', bytes: pdf, mime_type: 'application/pdf' },
      { filename: 'not-sent.pdf', bytes: pdf, mime_type: 'application/pdf' },
      { filename: 'sent-not-listed.pdf', bytes: pdf, mime_type: 'application/pdf' },
    ]);
    const [a, b, c] = p.body.uploads;
    await putBytes(t, a.signed_url, pdf, 'application/pdf');
    await putBytes(t, c.signed_url, pdf, 'application/pdf');
    const done = await complete(t, alice, p.body.upload_session_id, [a.upload_id, b.upload_id]);
    expect(done.status).toBe(200);
    expect(done.body.success).toBe(false);
    expect(done.body.results[0]).toMatchObject({ upload_id: a.upload_id, is_valid: true, file_id: a.upload_id });
    expect(done.body.results[1]).toMatchObject({ upload_id: b.upload_id, is_valid: false, file_id: null });
    expect(done.body.results[1].error_message).toMatch(/No file was received/);
    expect((await uploadRow(c.upload_id)).status).toBe('failed');
    expect(existsSync(blobPath(alice.id, c.upload_id))).toBe(false);
    expect(await fileRow(c.upload_id)).toBeUndefined();
    expect(await fileRow(b.upload_id)).toBeUndefined();
  });

  test('ids that are not uploads of the session, another user\'s session, bad bodies', async () => {
    const pdf = await makePdf(1);
    const p1 = await prepare(t, alice, [{ filename: 'one.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
    const p2 = await prepare(t, alice, [{ filename: 'two.pdf', bytes: pdf, mime_type: 'application/pdf' }]);
    const mixed = await complete(t, alice, p1.body.upload_session_id, [p2.body.uploads[0].upload_id]);
    expect(mixed.status).toBe(404);
    expect(mixed.body.detail).toMatch(/^Not uploads of this session: /);
    const foreign = await complete(t, bob, p1.body.upload_session_id, [p1.body.uploads[0].upload_id]);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Upload session not found');
    for (const json of [{}, { upload_session_id: 'x', completed_uploads: [] }, { upload_session_id: p1.body.upload_session_id, completed_uploads: [] }]) {
      expect((await t.request('POST', '/api/v1/uploads/complete', { token: alice.token, json })).status).toBe(422);
    }
    // nothing changed for the real owner
    expect((await uploadRow(p1.body.uploads[0].upload_id)).status).toBe('pending');
  });
});
