import { paths } from '@quarry/shared';
import { renderRoute, type FakeHandler } from '@quarry/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { libraryUploads } from '../common/upload/instances';
import { dataset, fileInfo, fileList } from '../test/factories';
import { setupFakeApi } from '../test/fakeApi';
import FilesPage from './FilesPage';

const api = setupFakeApi({ uploads: libraryUploads });
// a loaded two-core machine renders these screens slowly
jest.setTimeout(120_000);

const report = fileInfo({ filename: 'report.pdf', file_size: 1_572_864, actual_pages: 2, page_count: 2 });
const scan = fileInfo({ filename: 'scan.png', file_type: 'png', mime_type: 'image/png', file_size: 52_000, actual_pages: 1, page_count: 1 });
const pending = fileInfo({ filename: 'waiting.pdf', is_valid: null, actual_pages: null, validated_at: null });
const broken = fileInfo({ filename: 'broken.pdf', is_valid: false, actual_pages: null, page_count: 0, error_message: 'The file content does not match its type' });

function serve(overrides: Partial<Record<string, FakeHandler>> = {}) {
  api.answer((req) => {
    const key = `${req.method} ${req.path.replace('/api/v1/', '')}`;
    const own = overrides[key];
    if (own) return own(req);
    if (key === 'GET files/my-files') {
      const includeFailed = req.query.get('include_failed') === 'true';
      const search = req.query.get('search')?.toLowerCase();
      const all = [report, scan, pending, ...(includeFailed ? [broken] : [])];
      return { body: fileList(all.filter((f) => !search || f.filename.toLowerCase().includes(search))) };
    }
    if (key === 'GET datasets/') return { body: { datasets: [], total_count: 0 } };
    return { status: 404, body: { detail: 'Not Found' } };
  });
}

const row = (name: string) => screen.getAllByTestId('file-row').find((r) => r.getAttribute('data-filename') === name)!;

describe('/files File Library', () => {
  it('lists files with validity, size in the unit that fits, pages and US dates; links to the file detail', async () => {
    serve();
    renderRoute(<FilesPage />, { path: '/files' });
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
    const r = within(row('report.pdf'));
    expect(r.getByText('valid')).toBeInTheDocument();
    expect(r.getByText('1.5 MB')).toBeInTheDocument();
    expect(r.getByTestId('file-pages')).toHaveTextContent('2 pages');
    expect(within(row('scan.png')).getByTestId('file-pages')).toHaveTextContent(/^1 page$/);
    expect(within(row('scan.png')).getByTestId('file-size')).toHaveTextContent('51 KB');
    expect(r.getByRole('link', { name: 'report.pdf' })).toHaveAttribute('href', paths.files.detail(report.id));
    expect(r.getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(r.getByRole('link', { name: 'View details of report.pdf' })).toHaveAttribute('href', paths.files.detail(report.id));
    expect(within(row('waiting.pdf')).getByText('pending')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /File Library/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Refresh files' })).toBeInTheDocument();
  });

  it('says how many files are reviewed and marks the reviewed ones', async () => {
    const reviewed = { ...report, reviewed_at: '2025-03-01T10:00:00Z' };
    serve({ 'GET files/my-files': () => ({ body: { ...fileList([reviewed, { ...scan, reviewed_at: null }, pending]), reviewed_count: 1 } }) });
    renderRoute(<FilesPage />, { path: '/files' });
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
    expect(screen.getByTestId('file-reviewed-count')).toHaveTextContent('1 of 3 reviewed');
    expect(within(row('report.pdf')).getByText('Reviewed')).toBeInTheDocument();
    expect(within(row('scan.png')).queryByText('Reviewed')).not.toBeInTheDocument();
  });

  it('Show/Hide Invalid asks for the failed files too and shows why they are invalid', async () => {
    serve();
    const user = userEvent.setup();
    renderRoute(<FilesPage />, { path: '/files' });
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Show Invalid' }));
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(4));
    expect(within(row('broken.pdf')).getByText('invalid')).toBeInTheDocument();
    expect(within(row('broken.pdf')).getByText('The file content does not match its type')).toBeInTheDocument();
    expect(api.requests.some((r) => r.path.endsWith('files/my-files') && r.query.get('include_failed') === 'true')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Hide Invalid' }));
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
  });

  it('searches by filename on the server and says so when nothing matches', async () => {
    serve();
    const user = userEvent.setup();
    renderRoute(<FilesPage />, { path: '/files' });
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'scan');
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(1));
    expect(api.requests.at(-1)!.query.get('search')).toBe('scan');
    await user.clear(screen.getByRole('searchbox', { name: 'Search files' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'zzz');
    expect(await screen.findByText('No files match “zzz”')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria.')).toBeInTheDocument();
    expect(screen.queryByText(/Showing 0/)).not.toBeInTheDocument();
  });

  it("Select all / Deselect all and 'Create Dataset (n)' for the selection, with the dataset rules", async () => {
    serve({
      'POST datasets/': (req) => ({ status: 201, body: dataset({ name: (req.json as { name: string }).name, files: [report, scan] }) }),
    });
    const user = userEvent.setup();
    renderRoute(<FilesPage />, { path: '/files' });
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
    expect(screen.getByRole('button', { name: /Create Dataset \(0\)/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('button', { name: /Create Dataset \(3\)/ })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Deselect all' }));
    await user.click(screen.getByLabelText('Select report.pdf'));
    await user.click(screen.getByLabelText('Select scan.png'));
    await user.click(screen.getByRole('button', { name: /Create Dataset \(2\)/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Create Dataset' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Dataset' }));
    expect(await within(dialog).findByText('Dataset name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Q1');
    expect(within(dialog).queryByText('Dataset name is required')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Dataset' }));
    await waitFor(() => expect(api.count('POST', '/api/v1/datasets/')).toBe(1));
    const sent = api.requests.find((r) => r.method === 'POST')!.json as { name: string; file_ids: string[] };
    expect(sent.name).toBe('Q1');
    expect(sent.file_ids.sort()).toEqual([report.id, scan.id].sort());
    expect(await screen.findByText('Dataset Created')).toBeInTheDocument();
  });

  it("a dataset needs at least one file: 'Please select at least one file for the dataset'", async () => {
    serve();
    const user = userEvent.setup();
    renderRoute(<FilesPage />, { path: '/files', url: '/files?tab=datasets' });
    await user.click(await screen.findByRole('button', { name: 'Create Dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Dataset' });
    await within(dialog).findByText('report.pdf');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Empty');
    await user.click(within(dialog).getByRole('button', { name: 'Create Dataset' }));
    expect(await within(dialog).findByText('Please select at least one file for the dataset')).toBeInTheDocument();
    expect(api.count('POST', '/api/v1/datasets/')).toBe(0);
  });

  it("a failed create shows 'Error Creating Dataset' and keeps what the user typed", async () => {
    serve({ 'POST datasets/': () => ({ status: 409, body: { detail: 'A dataset named "Q1" already exists' } }) });
    const user = userEvent.setup();
    renderRoute(<FilesPage />, { path: '/files' });
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
    await user.click(screen.getByLabelText('Select report.pdf'));
    await user.click(screen.getByRole('button', { name: /Create Dataset \(1\)/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Dataset' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Q1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Dataset' }));
    expect(await screen.findByText('Error Creating Dataset')).toBeInTheDocument();
    expect(screen.getByText('A dataset named "Q1" already exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Q1');
  });

  it('deleting a file in a dataset asks whether to force, then deletes with force=true', async () => {
    serve({
      ['DELETE files/' + report.id]: (req) =>
        req.query.get('force') === 'true'
          ? { body: { message: 'deleted', file_id: report.id, removed_from_datasets: [{ id: report.id, name: 'Q1' }] } }
          : { status: 409, body: { detail: 'File "report.pdf" is in dataset "Q1". Remove it from the datasets first, or delete it with force=true to remove it from all datasets.' } },
    });
    const user = userEvent.setup();
    renderRoute(<FilesPage />, { path: '/files' });
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Delete report.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete File' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete "report.pdf"? This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const force = await screen.findByRole('alertdialog', { name: 'File Is in Datasets' });
    expect(force).toHaveTextContent('is in dataset "Q1"');
    expect(force).toHaveTextContent('Delete it anyway and remove it from all datasets?');
    await user.click(within(force).getByRole('button', { name: 'Delete and Remove from Datasets' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.query.get('force'))).toEqual([null, 'true']));
    expect(await screen.findByText('File Deleted')).toBeInTheDocument();
  });

  it("another delete failure is 'Delete Failed' and asks nothing more", async () => {
    serve({ ['DELETE files/' + scan.id]: () => ({ status: 500, body: { detail: 'Internal Server Error' } }) });
    const user = userEvent.setup();
    renderRoute(<FilesPage />, { path: '/files' });
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Delete scan.png' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete File' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'File Is in Datasets' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('file-row')).toHaveLength(3);
  });

  it('the load failure shows an error with Retry', async () => {
    let fail = true;
    serve({ 'GET files/my-files': () => (fail ? { status: 400, body: { detail: 'Bad filter' } } : { body: fileList([report]) }) });
    const user = userEvent.setup();
    renderRoute(<FilesPage />, { path: '/files' });
    expect(await screen.findByText('Failed to load files')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(1));
  });

  it('refuses unsupported types by name before sending anything', async () => {
    serve();
    const user = userEvent.setup({ applyAccept: false });
    renderRoute(<FilesPage />, { path: '/files' });
    await user.upload(screen.getByLabelText('Choose files to upload'), [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported file types: notes.txt');
    expect(api.requests.some((r) => r.path.includes('uploads'))).toBe(false);
  });
});
