import type { OperationsOverview } from '@quarry/shared/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall } from '@quarry/shared/testing';
import OperationsPage from './OperationsPage';

const fakeApi = setupFakeApiRoutes();

jest.setTimeout(30_000);

const FAILED_ID = '00000000-0000-4000-8000-0000000000f1';
const overview = (over: Partial<OperationsOverview> = {}): OperationsOverview => ({
  generated_at: '2026-03-01T10:00:30.000Z',
  jobs_by_status: { queued: 2, running: 1, failed: 1 },
  jobs_by_type_and_status: [
    { job_type: 'ocr', status: 'failed', count: 1 },
    { job_type: 'ocr', status: 'queued', count: 2 },
    { job_type: 'ocr', status: 'running', count: 1 },
  ],
  queued_count: 2,
  running_count: 1,
  oldest_queued_age_seconds: 95,
  workers: [
    {
      name: 'host-a:42:abcd',
      hostname: 'host-a',
      pid: 42,
      concurrency: 2,
      job_types: ['ocr'],
      started_at: '2026-03-01T09:00:00.000Z',
      last_heartbeat_at: '2026-03-01T10:00:25.000Z',
      alive: true,
      stopped_at: null,
      running_jobs: [{ id: '00000000-0000-4000-8000-0000000000a1', name: 'OCR of invoice.pdf', job_type: 'ocr', progress_percentage: 40 }],
    },
  ],
  throughput_last_hour: { completed: 12, failed: 1, cancelled: 0 },
  recent_failures: [
    {
      id: FAILED_ID,
      name: 'OCR of gone.png',
      job_type: 'ocr',
      user_email: 'ada@example.com',
      error_message: 'The file gone.png was deleted before its OCR could run',
      attempts: 1,
      retryable: true,
      failed_at: '2026-03-01T09:59:00.000Z',
    },
  ],
  ...over,
});

beforeEach(() => {
  quietActWarnings();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('operations view', () => {
  it('shows the queue, the oldest queued age, workers with heartbeat and running jobs, throughput and failures', async () => {
    fakeApi.serve({ 'GET /admin/operations': () => ({ body: overview() }) });
    renderRoute(<OperationsPage />);
    expect(await screen.findByTestId('ops-Queued')).toHaveTextContent('2');
    expect(screen.getByTestId('ops-Running')).toHaveTextContent('1');
    expect(screen.getByTestId('ops-Oldest queued job')).toHaveTextContent('1m 35s');
    expect(screen.getByTestId('ops-Workers alive')).toHaveTextContent('1 of 1');
    expect(screen.getByTestId('ops-Last hour')).toHaveTextContent('12 done');
    const worker = screen.getByTestId('worker');
    expect(worker).toHaveTextContent('Alive');
    expect(worker).toHaveTextContent('last heartbeat 5s ago');
    expect(worker).toHaveTextContent('OCR of invoice.pdf');
    expect(screen.getByRole('table', { name: 'Jobs by type and status' })).toHaveTextContent('ocr');
    expect(screen.getByTestId('failure')).toHaveTextContent('The file gone.png was deleted before its OCR could run');
  });

  it('Retry queues the failed job again and says so; a refusal shows the server detail', async () => {
    let refuse = false;
    const retry = jest.fn(() =>
      refuse ? { status: 409, body: { detail: 'Only a failed job can be retried; this job is queued' } } : { body: { id: FAILED_ID, status: 'queued', message: 'Job "OCR of gone.png" is queued again' } },
    );
    const calls: FakeCall[] = fakeApi.serve({ 'GET /admin/operations': () => ({ body: overview() }), [`POST /admin/jobs/${FAILED_ID}/retry`]: retry });
    const user = userEvent.setup();
    renderRoute(<OperationsPage />);
    await user.click(within(await screen.findByTestId('failure')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Job Retried')).toBeInTheDocument();
    expect(screen.getByText('Job "OCR of gone.png" is queued again')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/admin/operations').length).toBeGreaterThan(1));
    refuse = true;
    await user.click(within(screen.getByTestId('failure')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Retry Failed')).toBeInTheDocument();
    expect(screen.getByText('Only a failed job can be retried; this job is queued')).toBeInTheDocument();
  });

  it('a load error offers Retry', async () => {
    fakeApi.serve({ 'GET /admin/operations': () => ({ status: 500 }) });
    renderRoute(<OperationsPage />);
    expect((await screen.findAllByText('Failed to load operations')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
