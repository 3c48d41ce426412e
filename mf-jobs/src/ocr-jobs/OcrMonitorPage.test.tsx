// The OCR monitor: duplicates within 1 s dropped from the log, the failed-update toast, the
// completed results, and its not-found screen.
import { createQueryClient, events, toaster } from '@quarry/shared';
import type { JobEvent, OcrJobDetail } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeRoute } from '@quarry/shared/testing';
import { act, screen, within } from '@testing-library/react';
import OcrMonitorPage from './OcrMonitorPage';

const ID = '7d0c9a4e-5d0f-4a53-9c4a-333333333333';
const event = (id: number, at: string, message: string): JobEvent => ({
  id,
  job_id: ID,
  phase: 'processing',
  sub_phase: 'ocr',
  event_type: 'progress',
  message,
  timestamp: at,
  progress_percentage: 10 * id,
  current_value: null,
  total_value: null,
  units: 'percent',
  details: {},
  context: {},
  status: 'running',
});
const job = (over: Partial<OcrJobDetail> = {}): OcrJobDetail => ({
  id: ID,
  name: 'OCR: scan.pdf',
  description: null,
  status: 'running',
  created_at: '2025-01-05T10:00:00Z',
  updated_at: '2025-01-05T10:00:00Z',
  queued_at: null,
  started_at: '2025-01-05T10:00:01Z',
  completed_at: null,
  progress_percentage: 20,
  file_id: null,
  error_message: null,
  error_details: null,
  filename: 'scan.pdf',
  job_type: 'ocr',
  results_summary: null,
  attempts: 1,
  events: [event(1, '2025-01-05T10:00:01.000Z', 'Page 1 of 3'), event(2, '2025-01-05T10:00:01.400Z', 'Page 1 of 3'), event(3, '2025-01-05T10:00:03.000Z', 'Page 2 of 3')],
  ...over,
});

const fakeApi = setupFakeApiRoutes();
let answer: FakeRoute;
beforeEach(() => {
  quietActWarnings();
  events.setConnectionState('connected');
  fakeApi.serve({ [`GET /ocr/jobs/${ID}`]: (call) => answer(call) });
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});
// the app's query client: its retry policy decides how soon "not found" shows
const render = () => renderRoute(<OcrMonitorPage />, { path: '/jobs/ocr/:jobId', url: `/jobs/ocr/${ID}`, queryClient: createQueryClient() });

describe('OCR monitor', () => {
  jest.setTimeout(20_000);
  it('drops duplicate events within a second and toasts a live failure', async () => {
    answer = () => ({ body: job() });
    render();
    const log = await screen.findByRole('log', { name: 'Live Event Log' });
    expect(within(log).getAllByText('Page 1 of 3')).toHaveLength(1);
    expect(within(log).getByText('Page 2 of 3')).toBeInTheDocument();
    act(() => {
      events.emit({ type: 'job_update', job_id: ID, status: 'failed', job_type: 'ocr', data: { event_id: 9, event_type: 'error', message: 'OCR failed', timestamp: '2025-01-05T10:00:05Z', details: { error: 'page 3 unreadable' } } });
    });
    expect(await screen.findByText('OCR Processing Failed')).toBeInTheDocument();
    expect(within(log).getByTestId('event-error')).toHaveTextContent('page 3 unreadable');
  });

  it('shows the results of a completed job at 100%', async () => {
    answer = () => ({
      body: job({
        status: 'completed',
        completed_at: '2025-01-05T10:00:09Z',
        results_summary: { ocr_text: 'Hello world!', ocr_text_length: 12, text_length: 12, processing_time_seconds: 2, processing_time: 2, page_count: 1, line_count: 1, engine: 'text-layer', result_id: ID, file_id: null, filename: 'scan.pdf' },
      }),
    });
    render();
    expect(await screen.findByText('OCR completed successfully - 12 characters extracted')).toBeInTheDocument();
    expect(screen.getByTestId('ocr-text')).toHaveTextContent('Hello world!');
    expect(screen.getByRole('button', { name: 'Copy Text' })).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('a failed job after a reload shows where it stopped, as it did live', async () => {
    answer = () => ({ body: job({ status: 'failed', progress_percentage: 40, error_message: 'page 3 unreadable' }) });
    render();
    const progress = await screen.findByTestId('ocr-progress');
    expect(progress).toHaveTextContent('Failed: stopped at');
    expect(progress).toHaveTextContent('40%');
  });

  it('a failed job whose credit came back: the status is the failure, the refund is in the log', async () => {
    const refund = '1 credit returned: the job failed through no fault of yours, and failed work is not charged';
    const stored = job().events;
    answer = () => ({
      body: job({
        status: 'failed',
        progress_percentage: 40,
        error_message: 'OCR engine crashed',
        events: [
          ...stored,
          { ...event(4, '2025-01-05T10:00:04.000Z', 'OCR failed: OCR engine crashed'), phase: 'failed', sub_phase: 'error', event_type: 'error', status: 'failed' },
          { ...event(5, '2025-01-05T10:00:04.100Z', refund), phase: 'failed', sub_phase: 'credits_refunded', details: { credits_refunded: 1, balance_after: 9 }, status: 'failed' },
        ],
      }),
    });
    render();
    expect(await screen.findByTestId('ocr-message')).toHaveTextContent('OCR failed: OCR engine crashed');
    expect(within(screen.getByRole('log', { name: 'Live Event Log' })).getByText(refund)).toBeInTheDocument();
  });

  it("counts the server's events and shows its actual figures, the same after a reload as live", async () => {
    answer = () => ({
      body: job({
        status: 'completed',
        completed_at: '2025-01-05T10:00:09Z',
        event_count: 812,
        children: [],
        actual: { pages: 3, chunks: null, tokens: null, credits: 1 },
        results_summary: { ocr_text: 'Hello', ocr_text_length: 5, text_length: 5, processing_time_seconds: 2, processing_time: 2, page_count: 3, line_count: 1, engine: 'text-layer', result_id: ID, file_id: null, filename: 'scan.pdf' },
      }),
    });
    render();
    // the total the server holds, not the events this page received
    expect(await screen.findByTestId('event-count')).toHaveTextContent('812');
    const actual = screen.getByTestId('actual-figures');
    expect(actual).toHaveTextContent('Actual');
    expect(within(actual).getByTestId('actual-pages')).toHaveTextContent('3');
    expect(within(actual).getByTestId('actual-credits')).toHaveTextContent('1');
    expect(within(actual).queryByTestId('actual-tokens')).toBeNull();
    // a live update newer than the server's answer adds to its count
    act(() => {
      events.emit({ type: 'job_update', job_id: ID, status: 'completed', job_type: 'ocr', data: { event_id: 900, event_type: 'progress', message: 'Indexed', timestamp: '2025-01-05T10:00:10Z' } });
    });
    expect(await within(screen.getByRole('log', { name: 'Live Event Log' })).findByText('Indexed')).toBeInTheDocument();
    expect(screen.getByTestId('event-count')).toHaveTextContent('813');
  });

  it('shows "OCR Job not found" for an unknown id', async () => {
    answer = () => ({ status: 404, body: { detail: 'OCR job not found' } });
    render();
    expect(await screen.findByText('OCR Job not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to OCR Jobs' })).toHaveAttribute('href', '/jobs/ocr');
  });
});
