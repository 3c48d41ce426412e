// The pipeline monitor against the fake API and the real event bus: polling every 1 s with
// the live channel down and 5 s with it up, none once finished; live updates accepted by
// source (children tracked, other pipelines ignored) and each one refetching; not found
// without a retry.
import { createQueryClient, events, toaster } from '@quarry/shared';
import type { PipelineJob } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeResponse } from '@quarry/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import PipelineMonitorPage from './PipelineMonitorPage';

const ID = '7d0c9a4e-5d0f-4a53-9c4a-222222222222';
const stage = (status: string, progress = 0) => ({ job_id: null, status, progress, job_ids: [], completed: 0, failed: 0, total: 0 });
const pipeline = (status: PipelineJob['status'], overall = 10): PipelineJob => ({
  id: ID,
  name: 'Quarterly',
  description: null,
  status,
  job_type: 'full_pipeline',
  dataset_id: null,
  created_at: '2025-01-05T10:00:00Z',
  started_at: '2025-01-05T10:00:01Z',
  completed_at: null,
  overall_progress: overall,
  current_stage: 'ocr',
  pipeline_stages: ['ocr', 'chunking', 'extraction'],
  stages: { ocr: stage('running', 50), chunking: stage('pending'), extraction: stage('pending') },
  processing_config: {},
  results_summary: null,
  error_message: null,
  events: [],
});

const fakeApi = setupFakeApiRoutes();
let current: PipelineJob;
let calls = 0;

beforeEach(() => {
  quietActWarnings();
  calls = 0;
  current = pipeline('running');
  events.setConnectionState('disconnected');
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});

function servePipeline(answer: () => FakeResponse) {
  fakeApi.serve({
    [`GET /jobs/pipeline/${ID}`]: () => {
      calls += 1;
      return answer();
    },
  });
}

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
// the app's query client: the test is about its polling and retry policy
const render = () => renderRoute(<PipelineMonitorPage />, { path: '/jobs/pipeline/:jobId', url: `/jobs/pipeline/${ID}`, queryClient: createQueryClient() });

describe('pipeline monitor', () => {
  jest.setTimeout(20_000);

  it('polls every second with the live channel down, every 5 s with it up, not at all once finished', async () => {
    servePipeline(() => ({ body: current }));
    render();
    expect(await screen.findByText('Full Document Processing Pipeline (OCR → Chunking → Extraction)')).toBeInTheDocument();
    const start = calls;
    await wait(2300);
    expect(calls - start).toBeGreaterThanOrEqual(2);
    expect(calls - start).toBeLessThanOrEqual(3);

    act(() => events.setConnectionState('connected'));
    const connectedAt = calls;
    await wait(2300);
    expect(calls - connectedAt).toBe(0);

    act(() => events.setConnectionState('disconnected'));
    current = pipeline('completed', 100);
    await wait(1300);
    await waitFor(() => expect(screen.getByTestId('job-status')).toHaveTextContent('completed'));
    const doneAt = calls;
    await wait(2300);
    expect(calls - doneAt).toBe(0);
    expect(screen.getByRole('link', { name: 'View All Jobs' })).toBeInTheDocument();
  });

  it('accepts child and aggregated updates, ignores other pipelines, refetches on each', async () => {
    events.setConnectionState('connected');
    servePipeline(() => ({ body: current }));
    render();
    await screen.findByTestId('pipeline-main');
    expect(screen.queryByTestId('child-jobs')).not.toBeInTheDocument();
    const before = calls;
    act(() => {
      events.emit({ type: 'job_update', job_id: 'child-a', status: 'running', job_type: 'ocr', data: { event_id: 11, message: 'Page 1 of 2', timestamp: '2025-01-05T10:00:02Z', progress: { percentage: 140 }, context: { pipeline_root_id: ID, job_type: 'ocr' } } });
      events.emit({ type: 'job_update', job_id: 'child-z', status: 'running', job_type: 'ocr', data: { event_id: 12, message: 'elsewhere', timestamp: '2025-01-05T10:00:02Z', context: { pipeline_root_id: 'another' } } });
      events.emit({ type: 'job_update', job_id: ID, status: 'running', job_type: 'full_pipeline', data: { event_id: 13, phase: 'ocr', message: 'OCR (a.pdf): Page 1 of 2', timestamp: '2025-01-05T10:00:03Z', progress: { percentage: 5 }, context: { aggregated_from_children: true } } });
    });
    expect(await screen.findByTestId('child-jobs')).toBeInTheDocument();
    expect(screen.getAllByTestId('child-job')).toHaveLength(1);
    expect(screen.getByTestId('child-count-ocr')).toHaveTextContent('OCR: 1');
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
    expect(screen.getByTestId('current-status')).toHaveTextContent('OCR (a.pdf): Page 1 of 2');
    expect(screen.getAllByText('aggregated').length).toBeGreaterThan(0);
    await waitFor(() => expect(calls).toBeGreaterThan(before));
  });

  it('shows "Pipeline Job not found" with the error, without retrying', async () => {
    servePipeline(() => ({ status: 404, body: { detail: 'Job not found' } }));
    render();
    expect(await screen.findByText('Pipeline Job not found')).toBeInTheDocument();
    expect(screen.getByText('Job not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Jobs' })).toHaveAttribute('href', '/jobs');
    await wait(500);
    expect(calls).toBe(1);
  });
});
