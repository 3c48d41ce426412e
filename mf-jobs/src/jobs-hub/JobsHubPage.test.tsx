// /jobs as one list of my jobs: the filters, search, sort and page go to GET /jobs/ (and into
// the address), a live update refreshes the statuses, each row opens its type's monitor and
// cancels or retries; an empty search says what was searched; the job areas stay reachable.
import { events, toaster } from '@quarry/shared';
import type { Job } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall } from '@quarry/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import JobsHubPage from './JobsHubPage';

const T = '2026-03-05T10:00:00Z';
const job = (over: Partial<Job> & { id: string; name: string }): Job => ({
  user_id: '9d0c9a4e-5d0f-4a53-9c4a-000000000000',
  description: null,
  status: 'completed',
  job_type: 'full_pipeline',
  created_at: T,
  updated_at: T,
  queued_at: null,
  started_at: null,
  completed_at: null,
  progress_percentage: 0,
  processing_config: {},
  results_summary: null,
  error_message: null,
  error_details: null,
  processing_time_seconds: null,
  file_id: null,
  dataset_id: null,
  single_file: null,
  dataset_name: null,
  parent_job_id: null,
  root_job_id: over.id,
  attempts: 0,
  max_attempts: 3,
  credit_cost: 1,
  current_phase: null,
  last_message: null,
  ...over,
});

const RUNNING = '1d0c9a4e-5d0f-4a53-9c4a-000000000001';
const FAILED = '1d0c9a4e-5d0f-4a53-9c4a-000000000002';
const OCR = '1d0c9a4e-5d0f-4a53-9c4a-000000000003';
const FILE = '2d0c9a4e-5d0f-4a53-9c4a-000000000003';
const DS = '3d0c9a4e-5d0f-4a53-9c4a-000000000003';

const fakeApi = setupFakeApiRoutes();
beforeEach(() => {
  quietActWarnings();
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});

const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/jobs/');
const lastQuery = (calls: FakeCall[]) => Object.fromEntries(listCalls(calls).at(-1)!.query.entries());

describe('jobs list', () => {
  jest.setTimeout(120_000);

  it('lists jobs of every type with what they ran on; filters, search and sort go to the server and the address', async () => {
    let status: Job['status'] = 'running';
    const calls = fakeApi.serve({
      'GET /jobs/': (c) => {
        const all = [
          job({ id: RUNNING, name: 'October run', status, progress_percentage: 40, dataset_id: DS, dataset_name: 'October receipts' }),
          job({ id: OCR, name: 'Walk pipeline 2 (no requirements) · OCR: walk_invoice_2024-03.pdf', job_type: 'ocr', file_id: FILE, single_file: { id: FILE, filename: 'walk_invoice_2024-03.pdf' } }),
        ];
        const jobs = c.query.get('search') === 'zebra' ? [] : all;
        return { body: { jobs, total_count: jobs.length, offset: 0, limit: 20 } };
      },
    });
    const { router } = renderRoute(<JobsHubPage />, { path: '/jobs', url: '/jobs' });
    const rows = await screen.findAllByTestId('job-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Dataset: October receipts')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('File: walk_invoice_2024-03.pdf')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('40%')).toBeInTheDocument();
    expect(lastQuery(calls)).toMatchObject({ sort: 'created_at', order: 'desc', offset: '0', limit: '20' });
    // the job areas and the wizard stay on the page
    expect(screen.getByTestId('hub-card-ocr')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create a job \(wizard\)/ })).toHaveAttribute('href', '/jobs/create');

    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'ocr' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ job_type: 'ocr' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ job_type: 'ocr', status: 'failed' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ created_from: '2026-03-01', created_to: '2026-03-31' }));
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'name', order: 'asc' }));
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'name', order: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('?type=ocr&status=failed&from=2026-03-01&to=2026-03-31&sort=name&order=desc');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zebra' } });
    expect(await screen.findByText('No jobs match', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/No job matches "zebra", type OCR, status Failed, created 2026-03-01 to 2026-03-31\./)).toBeInTheDocument();
    expect(lastQuery(calls)).toMatchObject({ search: 'zebra' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findAllByTestId('job-row');
    expect(lastQuery(calls)).toEqual({ sort: 'created_at', order: 'desc', offset: '0', limit: '20' });

    // a live update of any job refreshes the list
    status = 'completed';
    const before = listCalls(calls).length;
    act(() => events.emit({ type: 'job_update', job_id: RUNNING, status: 'completed', job_type: 'full_pipeline', data: {} }));
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByText('40%')).not.toBeInTheDocument());
  });

  it('opens, cancels (after a confirmation) and retries from the row', async () => {
    const calls = fakeApi.serve({
      'GET /jobs/': () => ({
        body: {
          jobs: [job({ id: RUNNING, name: 'Running one', status: 'running' }), job({ id: FAILED, name: 'Failed one', status: 'failed', job_type: 'extraction' }), job({ id: OCR, name: 'Done OCR', job_type: 'ocr' })],
          total_count: 45,
          offset: 0,
          limit: 20,
        },
      }),
      'POST /jobs/1d0c9a4e-5d0f-4a53-9c4a-000000000001/cancel': () => ({ body: job({ id: RUNNING, name: 'Running one', status: 'cancelled' }) }),
      'POST /jobs/1d0c9a4e-5d0f-4a53-9c4a-000000000002/start': () => ({ body: job({ id: FAILED, name: 'Failed one', status: 'queued', job_type: 'extraction' }) }),
    });
    renderRoute(<JobsHubPage />, { path: '/jobs', url: '/jobs' });
    await screen.findAllByTestId('job-row');
    expect(screen.getByTestId('jobs-count')).toHaveTextContent('1–3 of 45 jobs');
    // a done job can be opened only
    expect(screen.queryByRole('button', { name: 'Cancel Done OCR' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry Done OCR' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Open Done OCR' })[0]).toHaveAttribute('href', `/jobs/ocr/${OCR}`);
    expect(screen.getAllByRole('link', { name: 'Open Running one' })[0]).toHaveAttribute('href', `/jobs/pipeline/${RUNNING}`);
    expect(screen.getAllByRole('link', { name: 'Open Failed one' })[0]).toHaveAttribute('href', `/jobs/extraction/${FAILED}`);

    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel Running one' })[0]!);
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    expect(await screen.findByText('Job cancelled')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/jobs/${RUNNING}/cancel`)).toHaveLength(1);

    // a failed extraction offers the monitor's two retries, the current prompt and schema first
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry Failed one' })[0]!);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Retry with the current prompt and schema', 'Retry as it was']);
    expect(calls.some((c) => c.path.endsWith('/start'))).toBe(false);
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(items[0]).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Job restarted')).toBeInTheDocument();
    const starts = calls.filter((c) => c.method === 'POST' && c.path === `/jobs/${FAILED}/start`);
    expect(starts).toHaveLength(1);
    expect(starts[0]!.body).toEqual({ retry_mode: 'current' });

    // 45 jobs: three pages
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ offset: '40', limit: '20' }));
  });

  it("retries a job that used no prompt at once; a pipeline with a prompt offers the choice", async () => {
    const PIPE = '1d0c9a4e-5d0f-4a53-9c4a-000000000004';
    const calls = fakeApi.serve({
      'GET /jobs/': () => ({
        body: {
          jobs: [
            job({ id: OCR, name: 'Failed OCR', status: 'failed', job_type: 'ocr' }),
            job({ id: PIPE, name: 'Failed pipeline', status: 'failed', processing_config: { prompt_id: 'p1' } }),
            job({ id: RUNNING, name: 'Chunks only', status: 'failed', processing_config: {} }),
          ],
          total_count: 3,
          offset: 0,
          limit: 20,
        },
      }),
      [`POST /jobs/${OCR}/start`]: () => ({ body: job({ id: OCR, name: 'Failed OCR', status: 'queued', job_type: 'ocr' }) }),
    });
    renderRoute(<JobsHubPage />, { path: '/jobs', url: '/jobs' });
    await screen.findAllByTestId('job-row');
    expect(screen.getAllByRole('button', { name: 'Retry Failed pipeline' })[0]).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.getAllByRole('button', { name: 'Retry Chunks only' })[0]).not.toHaveAttribute('aria-haspopup');
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry Failed OCR' })[0]!);
    expect(await screen.findByText('Job restarted')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    const starts = calls.filter((c) => c.method === 'POST' && c.path === `/jobs/${OCR}/start`);
    expect(starts).toHaveLength(1);
    expect(starts[0]!.body).toBeUndefined();
  });

  it('says there are no jobs yet, and shows an error with a retry', async () => {
    let fail = true;
    fakeApi.serve({
      'GET /jobs/': () => (fail ? { status: 500, body: { detail: 'database down' } } : { body: { jobs: [], total_count: 0, offset: 0, limit: 20 } }),
    });
    renderRoute(<JobsHubPage />, { path: '/jobs', url: '/jobs' });
    expect(await screen.findByText('Error loading jobs')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No jobs yet')).toBeInTheDocument();
  });
});
