// The chunking monitor reads the server's state: the event count the server holds and the
// actual figures it counted, the same after a reload as live; a failed job shows where it stopped.
import { createQueryClient, events } from '@quarry/shared';
import type { ChunkingJobDetail, JobEvent } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeRoute } from '@quarry/shared/testing';
import { act, screen, within } from '@testing-library/react';
import ChunkingMonitorPage from './ChunkingMonitorPage';

const ID = '7d0c9a4e-5d0f-4a53-9c4a-444444444444';
const RUN = '7d0c9a4e-5d0f-4a53-9c4a-555555555555';
const event = (id: number, message: string, progress: number): JobEvent => ({
  id,
  job_id: ID,
  phase: 'chunking',
  sub_phase: null,
  event_type: 'progress',
  message,
  timestamp: `2025-01-05T10:00:0${id}.000Z`,
  progress_percentage: progress,
  current_value: null,
  total_value: null,
  units: 'percent',
  details: {},
  context: {},
  status: 'running',
});
const job = (over: Partial<ChunkingJobDetail> = {}): ChunkingJobDetail => ({
  id: ID,
  name: 'Chunking: manual.pdf (llm_analysis)',
  description: null,
  status: 'running',
  created_at: '2025-01-05T10:00:00Z',
  updated_at: '2025-01-05T10:00:00Z',
  queued_at: null,
  started_at: '2025-01-05T10:00:01Z',
  completed_at: null,
  progress_percentage: 30,
  file_id: null,
  error_message: null,
  error_details: null,
  filename: 'manual.pdf',
  job_type: 'chunking',
  processing_config: { chunking_strategy: 'llm_analysis', model: 'deterministic', window_size: 250, max_chunk_size: 2000, overlap_size: 0, ocr_result_id: RUN },
  results_summary: null,
  events: [event(1, 'Window 1 of 4', 10), event(2, 'Window 2 of 4', 30)],
  ...over,
});

const fakeApi = setupFakeApiRoutes();
let answer: FakeRoute;
beforeEach(() => {
  quietActWarnings();
  events.setConnectionState('connected');
  fakeApi.serve({
    [`GET /chunking/jobs/${ID}`]: (call) => answer(call),
    [`GET /chunking/${ID}/chunks`]: () => ({ body: { chunks: [], total_chunks: 0, run_id: RUN } }),
  });
});
afterEach(() => jest.restoreAllMocks());
const render = () => renderRoute(<ChunkingMonitorPage />, { path: '/jobs/chunking/:jobId', url: `/jobs/chunking/${ID}`, queryClient: createQueryClient() });

describe('chunking monitor', () => {
  jest.setTimeout(20_000);
  it("counts the server's events and shows its actual figures while it runs, a live update adding to the count", async () => {
    answer = () => ({ body: job({ event_count: 640, children: [], actual: { pages: null, chunks: 41, tokens: null, credits: 1 } }) });
    render();
    expect(await screen.findByTestId('event-count')).toHaveTextContent('640');
    const actual = screen.getByTestId('actual-figures');
    expect(actual).toHaveTextContent('Actual so far');
    expect(within(actual).getByTestId('actual-chunks')).toHaveTextContent('41');
    expect(within(actual).getByTestId('actual-credits')).toHaveTextContent('1');
    expect(within(actual).queryByTestId('actual-pages')).toBeNull();
    act(() => {
      events.emit({ type: 'job_update', job_id: ID, status: 'running', job_type: 'chunking', data: { event_id: 700, event_type: 'progress', message: 'Window 3 of 4', timestamp: '2025-01-05T10:00:09Z', progress_percentage: 60 } });
    });
    expect(await within(screen.getByRole('log', { name: 'Event Log' })).findByText('Window 3 of 4')).toBeInTheDocument();
    expect(screen.getByTestId('event-count')).toHaveTextContent('641');
  });

  it('a failed job after a reload shows where it stopped and what it did', async () => {
    answer = () => ({ body: job({ status: 'failed', progress_percentage: 30, error_message: 'The OCR of this file found no text', event_count: 3, children: [], actual: { pages: null, chunks: 0, tokens: null, credits: 0 } }) });
    render();
    const progress = await screen.findByTestId('chunking-progress');
    expect(progress).toHaveTextContent('Failed: stopped at');
    expect(progress).toHaveTextContent('30%');
    expect(screen.getByTestId('event-count')).toHaveTextContent('3');
    const actual = screen.getByTestId('actual-figures');
    expect(actual).toHaveTextContent(/^Actual/);
    expect(within(actual).getByTestId('actual-chunks')).toHaveTextContent('0');
    expect(within(actual).getByTestId('actual-credits')).toHaveTextContent('0');
  });
  it('a failed job whose credit came back: the status is the failure, the refund only in the log', async () => {
    const refund = '1 credit returned: the job failed through no fault of yours, and failed work is not charged';
    const failure = 'Chunking failed: the model did not answer';
    answer = () => ({
      body: job({
        status: 'failed',
        error_message: 'the model did not answer',
        events: [
          event(1, 'Window 1 of 4', 10),
          { ...event(2, failure, 30), phase: 'failed', event_type: 'error', status: 'failed' },
          { ...event(3, refund, 30), phase: 'failed', sub_phase: 'credits_refunded', details: { credits_refunded: 1, balance_after: 9 }, status: 'failed' },
        ],
      }),
    });
    render();
    const log = await screen.findByRole('log', { name: 'Event Log' });
    expect(within(log).getByText(refund)).toBeInTheDocument();
    // once in the log, once as the status
    expect(screen.getAllByText(failure)).toHaveLength(2);
    expect(screen.getAllByText(refund)).toHaveLength(1);
  });
});
