// The extraction monitor from the server's answer alone (a reload): the prompt and output schema
// by name, the event count the server holds, a failed run's bar where it stopped, and the
// actual figures beside the estimate.
import { createQueryClient, events, toaster } from '@quarry/shared';
import type { JobDetail, JobEvent } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { act, screen } from '@testing-library/react';
import ExtractionMonitorPage from './ExtractionMonitorPage';

const ID = '7d0c9a4e-5d0f-4a53-9c4a-444444444444';
const USER = '7d0c9a4e-5d0f-4a53-9c4a-555555555555';
const PROMPT = '852bd888-5d0f-4a53-9c4a-666666666666';
const SCHEMA = '7d0c9a4e-5d0f-4a53-9c4a-777777777777';
const event = (id: number, message: string, details: Record<string, unknown> = {}): JobEvent => ({
  id,
  job_id: ID,
  phase: 'extraction',
  sub_phase: null,
  event_type: 'progress',
  message,
  timestamp: `2025-01-05T10:00:0${id}Z`,
  progress_percentage: 100,
  current_value: null,
  total_value: null,
  units: 'percent',
  details,
  context: {},
  status: 'running',
});
const T = '2025-01-05T10:00:00Z';
const job = (over: Partial<JobDetail> = {}): JobDetail => ({
  id: ID,
  user_id: USER,
  name: 'Invoices',
  description: null,
  status: 'failed',
  job_type: 'extraction',
  created_at: T,
  updated_at: T,
  queued_at: T,
  started_at: T,
  completed_at: null,
  progress_percentage: 100,
  processing_config: { processing_mode: 'dataset', prompt_id: PROMPT, output_schema_id: SCHEMA, estimate: { pages_to_ocr: 0, chunks: 94, estimated_tokens: 30000, provider: 'offline', credits: 1 } },
  results_summary: null,
  error_message: 'Extraction failed for 60 of 94 chunk(s)',
  error_details: null,
  processing_time_seconds: null,
  file_id: null,
  dataset_id: null,
  single_file: null,
  parent_job_id: null,
  root_job_id: ID,
  attempts: 1,
  max_attempts: 3,
  credit_cost: 1,
  current_phase: 'failed',
  last_message: 'failed',
  events: [event(1, 'Extraction started'), event(2, 'Chunk 94 of 94', { total_chunks: 94, chunks_processed: 94, failed_extractions: 60, successful_extractions: 34 })],
  event_count: 212,
  children: [],
  actual: { pages: 0, chunks: 94, tokens: 28123, credits: 0 },
  setup_names: { prompt: { id: PROMPT, name: 'Invoice header' }, table_prompt: null, output_schema: { id: SCHEMA, name: 'Invoice with line items' } },
  ...over,
});

const fakeApi = setupFakeApiRoutes();
let answer: JobDetail;
beforeEach(() => {
  quietActWarnings();
  events.setConnectionState('connected');
  fakeApi.serve({ [`GET /jobs/${ID}`]: () => ({ body: answer }) });
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});
const render = () => renderRoute(<ExtractionMonitorPage />, { path: '/jobs/extraction/:jobId', url: `/jobs/extraction/${ID}`, queryClient: createQueryClient() });

describe('extraction monitor after a reload', () => {
  jest.setTimeout(20_000);

  it('names the prompt and the output schema, not their ids', async () => {
    answer = job();
    render();
    expect(await screen.findByTestId('setup-prompt')).toHaveTextContent('Invoice header');
    expect(screen.getByTestId('setup-schema')).toHaveTextContent('Invoice with line items');
    expect(screen.queryByText(/852bd888/)).not.toBeInTheDocument();
  });

  it('says once what it ran with: the names, the version of each, the retry', async () => {
    answer = job({
      processing_config: {
        processing_mode: 'dataset',
        prompt_id: PROMPT,
        output_schema_id: SCHEMA,
        ran_with: {
          mode: 'original',
          prompt: { id: PROMPT, name: 'Invoice header', updated_at: '2025-01-04T09:00:00Z' },
          table_prompt: null,
          output_schema: { id: SCHEMA, name: 'Invoice with line items', updated_at: '2025-01-04T09:30:00Z' },
          example: null,
          resolved_at: '2025-01-05T10:00:00Z',
          retried_at: '2025-01-05T11:00:00Z',
        },
      },
    });
    render();
    const line = await screen.findByTestId('setup-line');
    expect(line).toHaveTextContent(/^Prompt: Invoice header \(version of .+\) · Output schema: Invoice with line items \(version of .+\); retried as it was on .+$/);
    expect(screen.getAllByText(/Invoice header/)).toHaveLength(1);
    expect(screen.queryByTestId('ran-with')).not.toBeInTheDocument();
  });

  it("a prompt's own schema and a deleted prompt say so", async () => {
    answer = job({ processing_config: { prompt_id: PROMPT, output_schema_id: null, setup: { schema: { type: 'object' } } }, setup_names: { prompt: { id: PROMPT, name: null }, table_prompt: null, output_schema: null } });
    render();
    expect(await screen.findByTestId('setup-schema')).toHaveTextContent("The prompt's own schema");
    expect(screen.getByTestId('setup-prompt')).toHaveTextContent('A deleted one');
  });

  it("a failed run shows where it stopped; the event count and the actual figures are the server's", async () => {
    answer = job();
    render();
    const bar = await screen.findByTestId('extraction-bar');
    expect(bar).toHaveAttribute('data-value', '36');
    expect(bar).toHaveTextContent('Failed: 34 of 94 chunks extracted');
    expect(screen.getByTestId('event-count')).toHaveTextContent('212');
    expect(screen.getByText('the newest 2 shown')).toBeInTheDocument();
    const actual = (row: string) => screen.getByTestId(`estimate-row-${row}`).querySelectorAll('td')[2]!.textContent;
    expect(actual('chunks')).toBe('94');
    expect(actual('tokens')).toBe('28.1K');
    expect(actual('credits')).toBe('0');
  });
});
