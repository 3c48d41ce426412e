import { getAccessToken } from '@quarry/shared';
import { renderRoute, type FakeRequest } from '@quarry/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageUploads } from '../common/upload/instances';
import { resourceLimits, uuid } from '../test/factories';
import { setupFakeApi } from '../test/fakeApi';
import UploadsPage from './UploadsPage';

const api = setupFakeApi({ uploads: pageUploads });

interface Options {
  /** PUT answers per file name (default 200). */
  put?: Record<string, { status: number; statusText?: string }>;
  verdicts?: Record<string, { is_valid: boolean; error?: string; pages?: number }>;
  prepare?: (req: FakeRequest) => { status: number; body: unknown } | null;
  /** The first complete answers 401 (an expired access token). */
  expireBeforeComplete?: boolean;
}

function serve(options: Options = {}) {
  const names = new Map<string, string>();
  let stored = 0;
  let pages = 0;
  let expired = options.expireBeforeComplete ?? false;
  api.answer((req) => {
    const path = req.path.replace('/api/v1/', '');
    if (req.method === 'GET' && path === 'users/me/resource-limits') return { body: resourceLimits(stored, pages) };
    if (req.method === 'POST' && path === 'auth/refresh') return { body: { access_token: 'fresh-token', token_type: 'bearer' } };
    if (req.method === 'POST' && path === 'uploads/prepare-upload') {
      const refused = options.prepare?.(req);
      if (refused) return refused;
      const files = (req.json as { files: { filename: string; size: number; mime_type: string }[] }).files;
      return {
        body: {
          success: true,
          error_message: null,
          upload_session_id: uuid(),
          expires_at: '2030-01-01T00:00:00.000Z',
          uploads: files.map((f) => {
            const id = uuid();
            names.set(id, f.filename);
            return {
              upload_id: id,
              filename: f.filename,
              size: f.size,
              file_type: f.filename.endsWith('.png') ? 'png' : 'pdf',
              mime_type: f.mime_type,
              estimated_pages: 1,
              signed_url: `${api.origin}/blob/${id}`,
              method: 'PUT',
              headers: { 'Content-Type': f.mime_type },
              expires_at: '2030-01-01T00:00:00.000Z',
            };
          }),
          quota_info: {
            current_file_count: stored,
            max_file_count: 50,
            current_page_count: pages,
            max_page_count: 500,
            current_storage_bytes: 0,
            max_storage_bytes: null,
            requested_file_count: files.length,
            requested_page_count: files.length,
            requested_storage_bytes: 0,
          },
        },
      };
    }
    if (req.method === 'PUT' && req.path.startsWith('/blob/')) {
      const name = names.get(req.path.split('/').pop()!)!;
      const answer = options.put?.[name];
      if (answer) return { status: answer.status, statusText: answer.statusText, body: { detail: 'nope' } };
      return { body: { upload_id: req.path.split('/').pop(), size: req.body.length, sha256: 'x' } };
    }
    if (req.method === 'POST' && path === 'uploads/complete') {
      if (expired && req.headers.authorization !== 'Bearer fresh-token') {
        return { status: 401, body: { detail: 'Token expired' } };
      }
      expired = false;
      const body = req.json as { upload_session_id: string; completed_uploads: string[] };
      const results = body.completed_uploads.map((id) => {
        const filename = names.get(id)!;
        const v = options.verdicts?.[filename] ?? { is_valid: true, pages: 1 };
        stored += 1;
        pages += v.is_valid ? (v.pages ?? 1) : 0;
        return { upload_id: id, file_id: id, filename, file_size: 10, actual_pages: v.is_valid ? (v.pages ?? 1) : null, is_valid: v.is_valid, error_message: v.error ?? null };
      });
      return { body: { success: true, upload_session_id: body.upload_session_id, already_completed: false, message: 'ok', results } };
    }
    return { status: 404, body: { detail: 'Not Found' } };
  });
}

const pdf = (name: string) => new File(['%PDF-1.7 fake bytes'], name, { type: 'application/pdf' });
const item = (name: string) => screen.getAllByTestId('upload-item').find((i) => i.getAttribute('data-filename') === name)!;

describe('/uploads', () => {
  it('states the 50-files-per-batch maximum and shows the quota card from resource limits', async () => {
    serve();
    renderRoute(<UploadsPage />, { path: '/uploads' });
    expect(screen.getByText(/Maximum 50 files per batch/)).toBeInTheDocument();
    expect(await screen.findByTestId('quota-files-value')).toHaveTextContent('0 / 50 files');
    expect(screen.getByTestId('quota-pages-value')).toHaveTextContent('0 / 500 pages');
    expect(screen.getByTestId('session-status')).toHaveTextContent('Preparing');
  });

  it('removes files only while preparing, uploads with progress to Valid / Invalid, and the quota card follows', async () => {
    serve({ verdicts: { 'two.pdf': { is_valid: true, pages: 2 }, 'bad.pdf': { is_valid: false, error: 'The PDF cannot be opened' } } });
    const user = userEvent.setup();
    renderRoute(<UploadsPage />, { path: '/uploads' });
    await screen.findByTestId('quota-files-value');
    await user.upload(screen.getByLabelText('Choose files to upload'), [pdf('two.pdf'), pdf('bad.pdf'), pdf('extra.pdf')]);
    expect(screen.getAllByTestId('upload-item')).toHaveLength(3);
    expect(within(item('two.pdf')).getByText('Pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove extra.pdf' }));
    expect(screen.getAllByTestId('upload-item')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveTextContent('Completed'));
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(within(item('two.pdf')).getByText('Valid')).toBeInTheDocument();
    expect(within(item('two.pdf')).getByText(/2 pages/)).toBeInTheDocument();
    expect(within(item('bad.pdf')).getByText('Invalid')).toBeInTheDocument();
    expect(within(item('bad.pdf')).getByText('The PDF cannot be opened')).toBeInTheDocument();
    // the bytes went to the signed URLs with the files' type
    const puts = api.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[0]!.headers['content-type']).toBe('application/pdf');
    // the quota card refreshed after the upload
    await waitFor(() => expect(screen.getByTestId('quota-files-value')).toHaveTextContent('2 / 50 files'));
    expect(screen.getByTestId('quota-pages-value')).toHaveTextContent('2 / 500 pages');
    // no success toast of our own: the shell turns the server's upload events into toasts
    expect(screen.queryByText(/Upload Successful/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryAllByTestId('upload-item')).toHaveLength(0);
  });

  it("a failed PUT marks that file 'Upload failed: {status text}' and leaves the rest going; Retry sends it again", async () => {
    serve({ put: { 'broken.pdf': { status: 500, statusText: 'Internal Server Error' } } });
    const user = userEvent.setup();
    renderRoute(<UploadsPage />, { path: '/uploads' });
    await user.upload(screen.getByLabelText('Choose files to upload'), [pdf('fine.pdf'), pdf('broken.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveTextContent('Failed'));
    expect(within(item('broken.pdf')).getByText('Failed')).toBeInTheDocument();
    expect(within(item('broken.pdf')).getByText('Upload failed: Internal Server Error')).toBeInTheDocument();
    expect(within(item('fine.pdf')).getByText('Valid')).toBeInTheDocument();
    const completes = api.requests.filter((r) => r.path.endsWith('uploads/complete'));
    expect((completes[0]!.json as { completed_uploads: string[] }).completed_uploads).toHaveLength(1);

    serve(); // the storage works again
    await user.click(screen.getByRole('button', { name: 'Retry upload of broken.pdf' }));
    await waitFor(() => expect(within(item('broken.pdf')).getByText('Valid')).toBeInTheDocument());
    expect(screen.getByTestId('session-status')).toHaveTextContent('Completed');
  });

  it("a refused preflight shows the server's error_message and sends no bytes", async () => {
    const message = 'Quota exceeded (max_file_count): you have 50 files and this batch adds 1; the limit is 50 files.';
    serve({ prepare: () => ({ status: 403, body: { detail: message, success: false, error_message: message, quota_info: null } }) });
    const user = userEvent.setup();
    renderRoute(<UploadsPage />, { path: '/uploads' });
    await user.upload(screen.getByLabelText('Choose files to upload'), [pdf('one.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveTextContent('Failed'));
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument(); // the general handler's toast
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('an expired access token during the batch is refreshed and the batch carries on', async () => {
    serve({ expireBeforeComplete: true });
    const user = userEvent.setup();
    renderRoute(<UploadsPage />, { path: '/uploads' });
    await user.upload(screen.getByLabelText('Choose files to upload'), [pdf('late.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveTextContent('Completed'));
    expect(within(item('late.pdf')).getByText('Valid')).toBeInTheDocument();
    expect(api.count('POST', '/api/v1/auth/refresh')).toBe(1);
    expect(getAccessToken()).toBe('fresh-token');
  });

  it('refuses unsupported types by name', async () => {
    serve();
    const user = userEvent.setup({ applyAccept: false });
    renderRoute(<UploadsPage />, { path: '/uploads' });
    await user.upload(screen.getByLabelText('Choose files to upload'), [pdf('ok.pdf'), new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(screen.getByRole('alert')).toHaveTextContent('Unsupported file types: notes.txt');
    expect(screen.getAllByTestId('upload-item')).toHaveLength(1);
  });

  it('the upload state outlives the page: unmount mid-upload, mount again, it is still there and finishes', async () => {
    serve();
    const user = userEvent.setup();
    const first = renderRoute(<UploadsPage />, { path: '/uploads' });
    await user.upload(screen.getByLabelText('Choose files to upload'), [pdf('kept.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    first.unmount();
    renderRoute(<UploadsPage />, { path: '/uploads' });
    expect(item('kept.pdf')).toBeInTheDocument();
    await waitFor(() => expect(within(item('kept.pdf')).getByText('Valid')).toBeInTheDocument());
  });
});
