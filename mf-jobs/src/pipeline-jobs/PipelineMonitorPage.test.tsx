// The pipeline monitor against the fake API and the real event bus: polling every 1 s with
// the live channel down and 5 s with it up, none once finished; live updates accepted by
// source (children tracked, other pipelines ignored) and each one refetching; not found
// without a retry.
import { createQueryClient, events, toaster } from '@quarry/shared';
import type { PipelineJob } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeResponse } from '@quarry/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
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

  describe('live and after a reload: the same story, from the server', () => {
    const A = '7d0c9a4e-5d0f-4a53-9c4a-aaaaaaaaaaaa';
    const B = '7d0c9a4e-5d0f-4a53-9c4a-bbbbbbbbbbbb';
    const E = '7d0c9a4e-5d0f-4a53-9c4a-eeeeeeeeeeee';
    const ev = (id: number, job_id: string, phase: string, message: string, context: Record<string, unknown> = {}, details: Record<string, unknown> = {}) => ({
      id,
      job_id,
      phase,
      sub_phase: null,
      event_type: 'progress' as const,
      message,
      timestamp: `2025-01-05T10:00:${String(10 + id).padStart(2, '0')}Z`,
      progress_percentage: null,
      current_value: null,
      total_value: null,
      units: 'percent',
      details,
      context,
      status: 'running' as const,
    });
    const stored = [
      ev(1, ID, 'ocr', 'Pipeline started'),
      ev(2, A, 'ocr', 'OCR a.pdf: page 1 of 1', { pipeline_root_id: ID, job_type: 'ocr' }),
      ev(3, B, 'ocr', 'OCR b.pdf: page 1 of 2', { pipeline_root_id: ID, job_type: 'ocr' }),
      ev(4, E, 'extraction', 'Extraction: 3 of 3 chunks', { pipeline_root_id: ID, job_type: 'extraction' }),
      { ...ev(5, ID, 'completed', 'Pipeline completed: OCR → Chunking → Extraction over 2 file(s) in 4 s', {}, { current_stage: 'completed' }), status: 'completed' as const },
    ];
    const child = (id: string, job_type: string, filename: string | null, message: string) => ({
      id,
      job_type,
      status: 'completed',
      progress_percentage: 100,
      message,
      updated_at: '2025-01-05T10:00:20Z',
      file_id: filename ? A : null,
      filename,
    });
    const done: PipelineJob = {
      ...pipeline('completed', 100),
      completed_at: '2025-01-05T10:00:20Z',
      current_stage: 'completed',
      stages: {
        ocr: { job_id: A, status: 'completed', progress: 100, job_ids: [A, B], completed: 2, failed: 0, total: 2 },
        chunking: { job_id: null, status: 'completed', progress: 100, job_ids: [], completed: 2, failed: 0, total: 2 },
        extraction: { job_id: E, status: 'completed', progress: 100, job_ids: [E], completed: 1, failed: 0, total: 1 },
      },
      processing_config: { estimate: { pages_to_ocr: 3, chunks: 3, estimated_tokens: 900, provider: 'offline', credits: 1 } },
      events: stored,
      event_count: 5,
      children: [child(A, 'ocr', 'a.pdf', 'OCR completed'), child(B, 'ocr', 'b.pdf', 'OCR completed'), child(E, 'extraction', null, 'Extraction completed')],
      actual: { pages: 3, chunks: 3, tokens: 812, credits: 1 },
    };

    it('a completed pipeline after a reload: its children, its event count, its last status once, the actual figures', async () => {
      events.setConnectionState('connected');
      servePipeline(() => ({ body: done }));
      render();
      await screen.findByTestId('pipeline-main');
      expect(screen.queryByText('Waiting for pipeline updates...')).not.toBeInTheDocument();
      expect(screen.getAllByTestId('child-job')).toHaveLength(3);
      expect(screen.getByTestId('child-count-ocr')).toHaveTextContent('OCR: 2');
      expect(screen.getByTestId('child-count-extraction')).toHaveTextContent('EXTRACTION: 1');
      expect(screen.getByTestId('event-count')).toHaveTextContent('5');
      const status = screen.getByTestId('current-status');
      expect(status).toHaveTextContent('Pipeline completed: OCR → Chunking → Extraction over 2 file(s) in 4 s');
      expect(status.textContent).not.toMatch(/completed\s*completed/);
      const actual = (row: string) => screen.getByTestId(`estimate-row-${row}`).querySelectorAll('td')[2]!.textContent;
      expect(actual('pages-to-ocr')).toBe('3');
      expect(actual('chunks')).toBe('3');
      expect(actual('tokens')).toBe('812');
      expect(actual('credits')).toBe('1');
    });

    it('live updates bring the same counts as the server then holds (the count is the server\'s plus what came since)', async () => {
      events.setConnectionState('connected');
      let answer: PipelineJob = { ...pipeline('running'), events: stored.slice(0, 1), event_count: 1, children: [] };
      servePipeline(() => ({ body: answer }));
      render();
      await screen.findByTestId('pipeline-main');
      expect(screen.getByTestId('event-count')).toHaveTextContent('1');
      act(() => {
        for (const e of stored.slice(1, 4)) {
          events.emit({ type: 'job_update', job_id: e.job_id, status: 'running', job_type: String(e.context.job_type), data: { event_id: e.id, phase: e.phase, message: e.message, timestamp: e.timestamp, context: e.context } });
        }
      });
      await waitFor(() => expect(screen.getByTestId('event-count')).toHaveTextContent('4'));
      expect(screen.getAllByTestId('child-job')).toHaveLength(3);
      // the refetch the updates trigger answers the same events: the count stays
      answer = { ...answer, events: stored.slice(0, 4), event_count: 4, children: done.children!.map((c) => ({ ...c, status: 'running', progress_percentage: 50, updated_at: '2025-01-05T10:00:13Z' })) };
      await wait(700);
      expect(screen.getByTestId('event-count')).toHaveTextContent('4');
      expect(screen.getAllByTestId('child-job')).toHaveLength(3);
    });

    it('while it runs, the actual figures are said to be so far', async () => {
      servePipeline(() => ({ body: { ...done, status: 'running', completed_at: null, actual: { pages: 1, chunks: 0, tokens: 0, credits: 1 } } }));
      render();
      const card = await screen.findByTestId('estimate-vs-actual');
      expect(card).toHaveTextContent('Actual so far');
    });

    it('a failed pipeline shows where it stopped, not a full bar', async () => {
      const failed: PipelineJob = {
        ...done,
        status: 'failed',
        overall_progress: 100,
        current_stage: 'extraction',
        error_message: 'Extraction failed for all 3 chunk(s)',
        stages: { ...done.stages, extraction: { job_id: E, status: 'failed', progress: 100, job_ids: [E], completed: 0, failed: 1, total: 1 } },
      };
      servePipeline(() => ({ body: failed }));
      render();
      const bar = await screen.findByTestId('overall-progress');
      expect(bar).toHaveAttribute('data-value', '50');
      expect(bar).toHaveTextContent('Failed during Extraction: work done');
      expect(bar).toHaveTextContent('50%');
      expect(screen.getByTestId('current-stage')).toHaveTextContent('Extraction');
    });

    it('a failed pipeline whose credit came back: the status is the failure, the refund is in the log', async () => {
      const refund = '1 credit returned: the job failed through no fault of yours, and failed work is not charged';
      const failedEvents = [
        ...stored.slice(0, 4),
        { ...ev(5, ID, 'failed', 'Pipeline failed: Extraction failed for all 3 chunk(s)'), event_type: 'error' as const, status: 'failed' as const },
        { ...ev(6, ID, 'failed', refund, {}, { credits_refunded: 1, balance_after: 9 }), sub_phase: 'credits_refunded', status: 'failed' as const },
      ];
      events.setConnectionState('connected');
      servePipeline(() => ({ body: { ...done, status: 'failed', error_message: 'Extraction failed for all 3 chunk(s)', events: failedEvents, event_count: 6 } }));
      render();
      const status = await screen.findByTestId('current-status');
      expect(status).toHaveTextContent('Pipeline failed: Extraction failed for all 3 chunk(s)');
      expect(status).not.toHaveTextContent('credit returned');
      expect(within(screen.getByRole('log', { name: 'Pipeline Event Log' })).getByText(refund)).toBeInTheDocument();

      // the same when the refund arrives live
      act(() => {
        events.emit({ type: 'job_update', job_id: ID, status: 'failed', job_type: 'full_pipeline', data: { event_id: 7, phase: 'failed', sub_phase: 'credits_refunded', message: '2 credits returned: again', timestamp: '2025-01-05T10:00:30Z' } });
      });
      await waitFor(() => expect(screen.getByTestId('event-count')).toHaveTextContent('7'));
      expect(screen.getByTestId('current-status')).toHaveTextContent('Pipeline failed: Extraction failed for all 3 chunk(s)');
    });

    it('says once what it ran with: the prompt and schema by name, each with its version, and the retry', async () => {
      const P = '7d0c9a4e-5d0f-4a53-9c4a-cccccccccccc';
      const S = '7d0c9a4e-5d0f-4a53-9c4a-dddddddddddd';
      const retried: PipelineJob = {
        ...done,
        status: 'failed',
        error_message: 'Extraction failed',
        processing_config: {
          prompt_id: P,
          output_schema_id: S,
          ran_with: {
            mode: 'current',
            prompt: { id: P, name: 'Invoice header', updated_at: '2025-01-04T09:00:00Z' },
            table_prompt: null,
            output_schema: { id: S, name: 'Invoice fields', updated_at: '2025-01-04T09:30:00Z' },
            example: null,
            resolved_at: '2025-01-05T10:00:00Z',
            retried_at: '2025-01-05T11:00:00Z',
          },
        },
        setup_names: { prompt: { id: P, name: 'Invoice header' }, table_prompt: null, output_schema: { id: S, name: 'Invoice fields' } },
      };
      servePipeline(() => ({ body: retried }));
      render();
      const line = await screen.findByTestId('pipeline-setup');
      expect(line).toHaveTextContent(/^Prompt: Invoice header \(version of .+\) · Output schema: Invoice fields \(version of .+\); retried with the current prompt and schema on .+$/);
      // one line: the names are not said a second time
      expect(screen.getAllByText(/Invoice header/)).toHaveLength(1);
      expect(screen.queryByTestId('ran-with')).not.toBeInTheDocument();
    });
  });
});
