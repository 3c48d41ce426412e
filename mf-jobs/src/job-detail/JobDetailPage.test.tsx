// /jobs/{id}: a real job's id opens that job (its monitor, or its own detail for a type without
// one), never sample data; an unknown id reads "Job not found"; /jobs/sample is the labelled sample.
import { events } from '@quarry/shared';
import type { JobDetail } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { screen } from '@testing-library/react';
import JobDetailPage from './JobDetailPage';

const ID = '7d0c9a4e-5d0f-4a53-9c4a-888888888888';
const T = '2025-01-05T10:00:00Z';
const job = (over: Partial<JobDetail>): JobDetail => ({
  id: ID,
  user_id: ID,
  name: 'Invoices',
  description: null,
  status: 'completed',
  job_type: 'extraction',
  created_at: T,
  updated_at: T,
  queued_at: T,
  started_at: T,
  completed_at: T,
  progress_percentage: 100,
  processing_config: {},
  results_summary: null,
  error_message: null,
  error_details: null,
  processing_time_seconds: 1,
  file_id: null,
  dataset_id: null,
  single_file: null,
  parent_job_id: null,
  root_job_id: ID,
  attempts: 1,
  max_attempts: 3,
  credit_cost: 1,
  current_phase: 'completed',
  last_message: 'done',
  events: [],
  event_count: 0,
  ...over,
});

const fakeApi = setupFakeApiRoutes();
beforeEach(() => {
  quietActWarnings();
  events.setConnectionState('connected');
});
const render = (id: string) => renderRoute(<JobDetailPage />, { path: '/jobs/:jobId', url: `/jobs/${id}` });

describe('/jobs/{id}', () => {
  it.each([
    ['extraction', `/jobs/extraction/${ID}`],
    ['full_pipeline', `/jobs/pipeline/${ID}`],
    ['ocr', `/jobs/ocr/${ID}`],
    ['chunking', `/jobs/chunking/${ID}`],
  ])('a real %s job opens its monitor', async (type, to) => {
    fakeApi.serve({ [`GET /jobs/${ID}`]: () => ({ body: job({ job_type: type }) }) });
    render(ID);
    expect(await screen.findByText(`elsewhere: ${to}`)).toBeInTheDocument();
    expect(screen.queryByText(/Quarterly financial reports/)).not.toBeInTheDocument();
  });

  it('a job of a type without a monitor is shown from the server, not sample data', async () => {
    fakeApi.serve({ [`GET /jobs/${ID}`]: () => ({ body: job({ job_type: 'webhook_delivery', name: 'Deliver', status: 'failed', progress_percentage: 40, error_message: 'endpoint down' }) }) });
    render(ID);
    expect(await screen.findByRole('heading', { name: 'Deliver' })).toBeInTheDocument();
    expect(screen.getByText('Job type: webhook_delivery')).toBeInTheDocument();
    expect(screen.getByText('endpoint down')).toBeInTheDocument();
    expect(screen.queryByText(/Sample/)).not.toBeInTheDocument();
  });

  it('an unknown id reads "Job not found"', async () => {
    fakeApi.serve({ [`GET /jobs/${ID}`]: () => ({ status: 404, body: { detail: 'Job not found' } }) });
    render(ID);
    expect(await screen.findByText('Job not found')).toBeInTheDocument();
    expect(screen.getByText('No job of yours has this id.')).toBeInTheDocument();
    expect(screen.queryByText(/Quarterly financial reports/)).not.toBeInTheDocument();
  });

  it('/jobs/sample is the sample, labelled as one', async () => {
    fakeApi.serve({});
    render('sample');
    expect(await screen.findByText('Sample')).toBeInTheDocument();
    expect(screen.getByText(/Sample: this page shows a fixed example job/)).toBeInTheDocument();
  });

  it('the placeholder file pages under a job are badged Sample', async () => {
    const { default: JobFilesPage } = await import('./JobFilesPage');
    fakeApi.serve({});
    renderRoute(<JobFilesPage />, { path: '/jobs/:jobId/file', url: `/jobs/${ID}/file` });
    expect(await screen.findByText('Sample')).toBeInTheDocument();
    expect(screen.getByText(/not this job's files/)).toBeInTheDocument();
  });
});
