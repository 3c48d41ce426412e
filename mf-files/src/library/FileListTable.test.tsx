// The file list as people work in it: server-side sorting (clickable headers with aria-sort),
// pages with a size choice, names that link to the file, and the selection's bulk actions
// (delete after a confirmation, add to dataset, run the pipeline); below 600 px, cards.
import { paths } from '@quarry/shared';
import type { FileBulkResponse, FileInfo } from '@quarry/shared/schemas';
import { renderRoute, type FakeHandler } from '@quarry/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { libraryUploads } from '../common/upload/instances';
import { dataset, fileInfo } from '../test/factories';
import { setupFakeApi } from '../test/fakeApi';
import FilesPage from './FilesPage';

const api = setupFakeApi({ uploads: libraryUploads });
jest.setTimeout(120_000);

const many: FileInfo[] = Array.from({ length: 57 }, (_, i) =>
  fileInfo({ filename: `doc-${String(i).padStart(2, '0')}.pdf`, file_size: 1000 * (i + 1), actual_pages: 1 + (i % 3), page_count: 1 + (i % 3) }),
);
const target = dataset({ name: 'Invoices' });

function serve(files: FileInfo[], overrides: Record<string, FakeHandler> = {}) {
  api.answer((req) => {
    const key = `${req.method} ${req.path.replace('/api/v1/', '')}`;
    const own = overrides[key];
    if (own) return own(req);
    if (key === 'GET files/my-files') {
      const sort = (req.query.get('sort') ?? 'created_at') as keyof FileInfo;
      const dir = req.query.get('order') === 'asc' ? 1 : -1;
      const sorted = [...files].sort((a, b) => (a[sort]! < b[sort]! ? -dir : a[sort]! > b[sort]! ? dir : a.id < b.id ? -dir : dir));
      const offset = Number(req.query.get('offset'));
      const limit = Number(req.query.get('limit'));
      const totalPages = files.reduce((n, f) => n + f.page_count, 0);
      return { body: { files: sorted.slice(offset, offset + limit), total_count: files.length, total_pages: totalPages, offset, limit } };
    }
    if (key === 'GET datasets/') return { body: { datasets: [target], total_count: 1 } };
    return { status: 404, body: { detail: 'Not Found' } };
  });
}

const names = () => screen.getAllByTestId('file-row').map((r) => r.getAttribute('data-filename'));
const lastList = () => api.requests.filter((r) => r.path.endsWith('files/my-files')).at(-1)!.query;
const asked = (offset: number, limit: number) =>
  api.requests.some((r) => r.path.endsWith('files/my-files') && r.query.get('offset') === String(offset) && r.query.get('limit') === String(limit));

it('sorts on the server from the column headers and says so with aria-sort', async () => {
  serve(many);
  const user = userEvent.setup();
  renderRoute(<FilesPage />, { path: '/files' });
  await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(20));
  const uploaded = screen.getByRole('columnheader', { name: /Uploaded/ });
  expect(uploaded).toHaveAttribute('aria-sort', 'descending');
  expect(screen.getByRole('columnheader', { name: /Filename/ })).toHaveAttribute('aria-sort', 'none');

  await user.click(screen.getByRole('button', { name: /Filename/ }));
  await waitFor(() => expect(names()[0]).toBe('doc-00.pdf'));
  expect(lastList().get('sort')).toBe('filename');
  expect(lastList().get('order')).toBe('asc');
  expect(screen.getByRole('columnheader', { name: /Filename/ })).toHaveAttribute('aria-sort', 'ascending');

  await user.click(screen.getByRole('button', { name: /Filename/ }));
  await waitFor(() => expect(names()[0]).toBe('doc-56.pdf'));
  expect(lastList().get('order')).toBe('desc');

  await user.click(screen.getByRole('button', { name: /Size/ }));
  await waitFor(() => expect(lastList().get('sort')).toBe('file_size'));
  expect(screen.getByRole('columnheader', { name: /Size/ })).toHaveAttribute('aria-sort', 'descending');
});

it('pages through the list: "Showing 1–20 of 57 files", next page, page size', async () => {
  serve(many);
  const user = userEvent.setup();
  renderRoute(<FilesPage />, { path: '/files' });
  expect(await screen.findByText('Showing 1–20 of 57 files')).toBeInTheDocument();
  expect(lastList().get('limit')).toBe('20');
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('Showing 21–40 of 57 files')).toBeInTheDocument();
  await waitFor(() => expect(asked(20, 20)).toBe(true));
  await user.click(screen.getByRole('button', { name: 'Page 3' }));
  expect(await screen.findByText('Showing 41–57 of 57 files')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Files per page'), '50');
  expect(await screen.findByText('Showing 1–50 of 57 files')).toBeInTheDocument();
  await waitFor(() => expect(asked(0, 50)).toBe(true));
});

it('one file reads "1 file"; names link to their page; a row runs the pipeline on its file', async () => {
  const only = fileInfo({ filename: 'single.pdf', actual_pages: 1, page_count: 1 });
  serve([only]);
  renderRoute(<FilesPage />, { path: '/files' });
  expect(await screen.findByText('Showing 1–1 of 1 file')).toBeInTheDocument();
  expect(screen.getByTestId('file-summary')).toHaveTextContent('1 file · 1 page');
  expect(screen.getByRole('link', { name: 'single.pdf' })).toHaveAttribute('href', paths.files.detail(only.id));
  expect(screen.getByRole('link', { name: 'Run pipeline on single.pdf' })).toHaveAttribute('href', `/jobs/pipeline?files=${only.id}`);
});

it('bulk delete asks first, sends one request and names what was refused', async () => {
  const [a, b, c] = many;
  let sent: unknown;
  serve(many.slice(0, 3), {
    'POST files/bulk': (req) => {
      sent = req.json;
      const answer: FileBulkResponse = {
        action: 'delete',
        done: [a!.id],
        refused: [{ id: b!.id, reason: 'File "doc-01.pdf" is in dataset "Q1"' }],
        message: '1 file deleted; 1 file was left unchanged',
      };
      return { body: answer };
    },
  });
  const user = userEvent.setup();
  renderRoute(<FilesPage />, { path: '/files' });
  await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
  expect(screen.queryByRole('region', { name: 'Selected files' })).not.toBeInTheDocument();
  await user.click(screen.getByLabelText(`Select ${a!.filename}`));
  await user.click(screen.getByLabelText(`Select ${b!.filename}`));
  const bar = screen.getByRole('region', { name: 'Selected files' });
  expect(bar).toHaveTextContent('2 files selected');
  expect(within(bar).getByRole('link', { name: /Run pipeline/ })).toHaveAttribute('href', paths.jobs.pipelineFor({ files: [a!.id, b!.id] }));

  await user.click(within(bar).getByRole('button', { name: /Delete/ }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 files?' });
  expect(confirm).toHaveTextContent('doc-00.pdf, doc-01.pdf');
  expect(api.count('POST', '/api/v1/files/bulk')).toBe(0);
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(sent).toEqual({ action: 'delete', file_ids: [a!.id, b!.id] }));
  expect(await screen.findByText(/doc-01\.pdf: File "doc-01\.pdf" is in dataset "Q1"/)).toBeInTheDocument();
  // the deleted file leaves the selection, the refused one stays
  await waitFor(() => expect(screen.getByRole('region', { name: 'Selected files' })).toHaveTextContent('1 file selected'));
  expect(c).toBeDefined();
});

it('adds the selection to a chosen dataset', async () => {
  const [a, b] = many;
  let sent: unknown;
  serve(many.slice(0, 2), {
    'POST files/bulk': (req) => {
      sent = req.json;
      return { body: { action: 'add_to_dataset', done: [a!.id, b!.id], refused: [], message: '2 files added to "Invoices"' } };
    },
  });
  const user = userEvent.setup();
  renderRoute(<FilesPage />, { path: '/files' });
  await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
  await user.click(screen.getByLabelText('Select all files on this page'));
  await user.click(within(screen.getByRole('region', { name: 'Selected files' })).getByRole('button', { name: /Add to dataset/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add 2 files to a dataset' });
  expect(await within(dialog).findByRole('option', { name: 'Invoices (0 files)' })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(sent).toMatchObject({ action: 'add_to_dataset', dataset_id: target.id }));
  expect((sent as { file_ids: string[] }).file_ids.sort()).toEqual([a!.id, b!.id].sort());
  expect(await screen.findByText('2 files added to "Invoices"')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected files' })).not.toBeInTheDocument());
});

describe('below 600 px', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width: 599'),
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('shows a card per file with every column and action, and a sort choice', async () => {
    const f = fileInfo({ filename: 'phone.pdf', file_size: 2048, actual_pages: 3, page_count: 3 });
    serve([f]);
    const user = userEvent.setup();
    renderRoute(<FilesPage />, { path: '/files' });
    const card = await screen.findByRole('listitem');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('phone.pdf');
    expect(card).toHaveTextContent('valid');
    expect(within(card).getByTestId('file-size')).toHaveTextContent('2.0 KB');
    expect(within(card).getByTestId('file-pages')).toHaveTextContent('3 pages');
    expect(card).toHaveTextContent('Jan 5, 2025');
    expect(within(card).getByRole('link', { name: 'View details of phone.pdf' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Run pipeline on phone.pdf' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete phone.pdf' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort files' }), 'Name A–Z');
    await waitFor(() => expect(lastList().get('sort')).toBe('filename'));
    expect(lastList().get('order')).toBe('asc');
  });
});
