import type { Dataset } from '@quarry/shared/schemas';
import { renderRoute, type FakeHandler } from '@quarry/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataset, fileInfo, fileList } from '../test/factories';
import { setupFakeApi } from '../test/fakeApi';
import DatasetsPage from './DatasetsPage';

const api = setupFakeApi();

const a = fileInfo({ filename: 'a.pdf', actual_pages: 2, page_count: 2 });
const b = fileInfo({ filename: 'b.png', file_type: 'png', mime_type: 'image/png', actual_pages: 1, page_count: 1 });
const c = fileInfo({ filename: 'c.pdf', actual_pages: 4, page_count: 4 });

function serve(datasets: Dataset[], overrides: Partial<Record<string, FakeHandler>> = {}) {
  api.answer((req) => {
    const key = `${req.method} ${req.path.replace('/api/v1/', '')}`;
    const own = overrides[key];
    if (own) return own(req);
    if (key === 'GET datasets/') {
      const s = req.query.get('search')?.toLowerCase();
      const list = datasets.filter((d) => !s || d.name.toLowerCase().includes(s) || (d.description ?? '').toLowerCase().includes(s));
      return { body: { datasets: list, total_count: list.length } };
    }
    if (key === 'GET files/my-files') return { body: fileList([a, b, c]) };
    return { status: 404, body: { detail: 'Not Found' } };
  });
}

describe('/datasets', () => {
  it("says 'No datasets found' / 'Create your first dataset to get started.' when there are none", async () => {
    serve([]);
    renderRoute(<DatasetsPage />, { path: '/datasets' });
    expect(await screen.findByText('No datasets found')).toBeInTheDocument();
    expect(screen.getByText('Create your first dataset to get started.')).toBeInTheDocument();
    // the screen loads the available files as well
    await waitFor(() => expect(api.count('GET', '/api/v1/files/my-files')).toBe(1));
  });

  it("with an active search: 'Try adjusting your search criteria.'", async () => {
    serve([dataset({ name: 'Invoices', files: [a] })]);
    const user = userEvent.setup();
    renderRoute(<DatasetsPage />, { path: '/datasets' });
    await screen.findByRole('article', { name: 'Invoices' });
    await user.type(screen.getByRole('searchbox', { name: 'Search datasets' }), 'contracts');
    expect(await screen.findByText('No datasets found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.endsWith('/datasets/')).at(-1)!.query.get('search')).toBe('contracts');
  });

  it('cards show status, file count, page count, created and updated dates', async () => {
    serve([dataset({ name: 'Invoices', files: [a, b] }), dataset({ name: 'Old', status: 'archived', files: [] })]);
    renderRoute(<DatasetsPage />, { path: '/datasets' });
    const card = within(await screen.findByRole('article', { name: 'Invoices' }));
    expect(card.getByText('active')).toBeInTheDocument();
    expect(card.getByTestId('dataset-file-count')).toHaveTextContent('2 files');
    expect(card.getByTestId('dataset-page-count')).toHaveTextContent('3 pages');
    expect(card.getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(card.getByText('Feb 10, 2025')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Old' })).getByText('archived')).toHaveAttribute('data-palette', 'orange');
    // manage files is a hover action that the keyboard reaches too
    const manage = card.getByRole('button', { name: 'Manage files of Invoices' });
    manage.focus();
    expect(manage).toHaveFocus();
  });

  it('cards say how many of their files are reviewed', async () => {
    serve([dataset({ name: 'Invoices', files: [a, b], reviewed_count: 1 }), dataset({ name: 'Done', files: [c], reviewed_count: 1 })]);
    renderRoute(<DatasetsPage />, { path: '/datasets' });
    const card = within(await screen.findByRole('article', { name: 'Invoices' }));
    expect(card.getByTestId('dataset-reviewed-count')).toHaveTextContent('1 of 2 reviewed');
    expect(within(screen.getByRole('article', { name: 'Done' })).getByTestId('dataset-reviewed-count')).toHaveTextContent('1 of 1 reviewed');
  });

  it('deletes after the question word for word, then says Dataset Deleted', async () => {
    const d = dataset({ name: 'Invoices', files: [a] });
    let list = [d];
    serve(list, {
      ['DELETE datasets/' + d.id]: () => {
        list = [];
        return { body: { ...d, status: 'deleted', deleted_at: '2025-03-01T00:00:00.000Z' } };
      },
      'GET datasets/': () => ({ body: { datasets: list, total_count: list.length } }),
    });
    const user = userEvent.setup();
    renderRoute(<DatasetsPage />, { path: '/datasets' });
    await user.click(await screen.findByRole('button', { name: 'Delete Invoices' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to delete dataset "Invoices"? This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Dataset Deleted')).toBeInTheDocument();
    expect(await screen.findByText('No datasets found')).toBeInTheDocument();
  });

  it("a failed delete says 'Delete Failed' and leaves the list as it was", async () => {
    const d = dataset({ name: 'Invoices', files: [a] });
    serve([d], { ['DELETE datasets/' + d.id]: () => ({ status: 500, body: { detail: 'Internal Server Error' } }) });
    const user = userEvent.setup();
    renderRoute(<DatasetsPage />, { path: '/datasets' });
    await user.click(await screen.findByRole('button', { name: 'Delete Invoices' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('article', { name: 'Invoices' })).toBeInTheDocument();
  });

  it("the file manager needs a selection ('Please select files to add or remove'), adds and removes", async () => {
    const d = dataset({ name: 'Invoices', files: [a] });
    const answer = (ids: string[]) => ({ body: { ...d, added_file_ids: ids, removed_file_ids: [], unchanged_file_ids: [] } });
    serve([d], {
      ['POST datasets/' + d.id + '/files']: (req) => answer((req.json as { file_ids: string[] }).file_ids),
      ['DELETE datasets/' + d.id + '/files']: () => answer([]),
    });
    const user = userEvent.setup();
    renderRoute(<DatasetsPage />, { path: '/datasets' });
    await user.click(await screen.findByRole('button', { name: 'Manage files of Invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Files: Invoices' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Selected (0)' }));
    expect(await within(dialog).findByText('Please select files to add or remove')).toBeInTheDocument();
    const toAdd = within(within(dialog).getByRole('group', { name: 'Files to add' }));
    expect(toAdd.queryByText('a.pdf')).not.toBeInTheDocument(); // already in the dataset
    await user.click(toAdd.getByRole('checkbox', { name: /c\.pdf/ }));
    expect(within(dialog).queryByText('Please select files to add or remove')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Selected (1)' }));
    await waitFor(() => expect(api.requests.find((r) => r.method === 'POST')?.json).toEqual({ file_ids: [c.id] }));
    expect(await screen.findByText('Files Added', undefined, { timeout: 5000 })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Remove Files' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Files to remove' })).getByRole('checkbox', { name: /a\.pdf/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Selected (1)' }));
    await waitFor(() => expect(api.requests.find((r) => r.method === 'DELETE')?.json).toEqual({ file_ids: [a.id] }));
  });

  it("failures in the file manager say 'Error Adding Files' / 'Error Removing Files'", async () => {
    const d = dataset({ name: 'Invoices', files: [a] });
    serve([d], {
      ['POST datasets/' + d.id + '/files']: () => ({ status: 409, body: { detail: 'The dataset is archived' } }),
      ['DELETE datasets/' + d.id + '/files']: () => ({ status: 409, body: { detail: 'The dataset is archived' } }),
    });
    const user = userEvent.setup();
    renderRoute(<DatasetsPage />, { path: '/datasets' });
    await user.click(await screen.findByRole('button', { name: 'Manage files of Invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Files: Invoices' });
    await user.click(within(within(dialog).getByRole('group', { name: 'Files to add' })).getByRole('checkbox', { name: /b\.png/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Selected (1)' }));
    expect(await screen.findByText('Error Adding Files')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Remove Files' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Files to remove' })).getByRole('checkbox', { name: /a\.pdf/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Selected (1)' }));
    expect(await screen.findByText('Error Removing Files')).toBeInTheDocument();
  });
});
