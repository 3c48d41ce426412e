// The pipeline form: Create disabled until valid; its messages wait until a field was touched;
// the estimate shown before Create; a refused creation keeps what the user entered and toasts
// the server's detail. A link's ?files= preselects files (the run gets a dataset of them) and
// ?dataset= a dataset.
import { createQueryClient, toaster } from '@quarry/shared';
import type { Dataset, JobEstimate, Prompt } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import PipelineJobsPage from './PipelineJobsPage';

const DS = '1d0c9a4e-5d0f-4a53-9c4a-444444444444';
const PROMPT = '2d0c9a4e-5d0f-4a53-9c4a-555555555555';
const T = '2025-01-05T10:00:00Z';
const dataset: Dataset = { id: DS, name: 'Invoices', description: null, status: 'active', file_count: 2, total_pages: 7, total_size: 2000, created_at: T, updated_at: T, archived_at: null, deleted_at: null, files: [] };
const prompt: Prompt = { id: PROMPT, name: 'Fields', description: null, type: 'text', template: 'x', schema_definition: null, output_schema_id: null, variables: [], invalid_variables: [], example_count: 0, created_at: T, updated_at: T };
const ESTIMATE: JobEstimate = {
  job_type: 'full_pipeline', files: [], file_count: 2, pages_to_ocr: 7, chunks: 5, chunks_estimated: true, text_basis: 'text_layer', provider: 'offline', model: 'offline-extractor-v1', offline: true,
  available_providers: ['offline'], estimated_tokens: 0, estimated_input_tokens: 0, estimated_output_tokens: 0, model_tokens_if_llm: 1900, credits: 1, credit_balance: 98,
  balance_after: 97, weekly_jobs_used: 2, weekly_jobs_limit: 10, weekly_resets_at: null, allowed: true, reasons: [],
};

const fakeApi = setupFakeApiRoutes();
beforeEach(() => {
  quietActWarnings();
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});

describe('pipeline form', () => {
  jest.setTimeout(20_000);
  it('is disabled until valid, shows the estimate, keeps the input when the server refuses', async () => {
    const calls = fakeApi.serve({
      'GET /datasets/': () => ({ body: { datasets: [dataset], total_count: 1 } }),
      'GET /prompts/': () => ({ body: { prompts: [prompt], total_count: 1 } }),
      'GET /examples/': () => ({ body: { examples: [], total_count: 0 } }),
      'GET /jobs/': () => ({ body: { jobs: [], total_count: 0, offset: 0, limit: 10 } }),
      'POST /jobs/estimate': () => ({ body: ESTIMATE }),
      'POST /jobs/pipeline': () => ({ status: 429, body: { detail: 'Weekly job limit reached (weekly_jobs)' } }),
    });
    renderRoute(<PipelineJobsPage />, { path: '/jobs/pipeline', url: '/jobs/pipeline', queryClient: createQueryClient() });
    await screen.findByRole('textbox', { name: /Job name/ });
    const create = screen.getByRole('button', { name: 'Create Pipeline Job' });
    expect(create).toBeDisabled();
    // an untouched form shows no warning
    expect(screen.queryByTestId('pipeline-validation')).not.toBeInTheDocument();
    expect(screen.queryByText(/Missing required fields/)).not.toBeInTheDocument();
    fireEvent.blur(screen.getByRole('textbox', { name: /Job name/ }));
    expect(screen.getByText('Missing required fields: fill in job name, dataset, and select at least one pipeline stage')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Job name/ }), { target: { value: 'Quarterly' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Dataset/ }), { target: { value: DS } });
    expect(screen.getByText('Missing extraction requirements: Extraction stage requires a prompt template')).toBeInTheDocument();
    expect(create).toBeDisabled();
    fireEvent.change(screen.getByRole('combobox', { name: /^Prompt template/ }), { target: { value: PROMPT } });
    await waitFor(() => expect(create).toBeEnabled());
    expect(await screen.findByTestId('estimate-pages')).toHaveTextContent('7');
    expect(screen.getByTestId('estimate-credits')).toHaveTextContent('1');
    expect(screen.getByTestId('estimate-basis')).toHaveTextContent("Tokens are based on the documents' text layer (not OCRed yet).");
    fireEvent.click(create);
    expect(await screen.findByText('Job creation failed')).toBeInTheDocument();
    expect(screen.getByText('Weekly job limit reached (weekly_jobs)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Job name/ })).toHaveValue('Quarterly');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/jobs/pipeline').map((c) => c.body)).toEqual([
      expect.objectContaining({ name: 'Quarterly', dataset_id: DS, prompt_id: PROMPT, pipeline_stages: ['ocr', 'chunking', 'extraction'] }),
    ]);
  });

  it('preselects files from ?files= and runs on a dataset of them; ?dataset= preselects a dataset', async () => {
    const F1 = '3d0c9a4e-5d0f-4a53-9c4a-000000000001';
    const F2 = '3d0c9a4e-5d0f-4a53-9c4a-000000000002';
    const NEW_DS = '4d0c9a4e-5d0f-4a53-9c4a-000000000001';
    const file = (id: string, filename: string) => ({
      id, filename, file_size: 40_000, mime_type: 'application/pdf', file_type: 'pdf', estimated_pages: 1, actual_pages: 1, page_count: 1, is_valid: true,
      error_message: null, upload_session_id: null, sha256: null, created_at: T, updated_at: T, validated_at: T,
    });
    const calls = fakeApi.serve({
      'GET /datasets/': () => ({ body: { datasets: [dataset], total_count: 1 } }),
      'GET /prompts/': () => ({ body: { prompts: [prompt], total_count: 1 } }),
      'GET /examples/': () => ({ body: { examples: [], total_count: 0 } }),
      'GET /jobs/': () => ({ body: { jobs: [], total_count: 0, offset: 0, limit: 10 } }),
      [`GET /files/${F1}`]: () => ({ body: file(F1, 'walk_invoice_2024-03-with-a-very-long-distinguishing-name.pdf') }),
      [`GET /files/${F2}`]: () => ({ body: file(F2, 'receipt 7.png') }),
      'POST /jobs/estimate': () => ({ body: ESTIMATE }),
      'POST /datasets/': () => ({ status: 201, body: { ...dataset, id: NEW_DS, name: 'x', file_count: 2 } }),
      'POST /jobs/pipeline': () => ({ status: 429, body: { detail: 'Weekly job limit reached (weekly_jobs)' } }),
    });
    const { unmount } = renderRoute(<PipelineJobsPage />, { path: '/jobs/pipeline', url: `/jobs/pipeline?files=${F1},${F2},not-an-id` });
    expect(await screen.findByText('walk_invoice_2024-03-with-a-very-long-distinguishing-name.pdf')).toBeInTheDocument();
    expect(screen.getByText('receipt 7.png')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Dataset/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('pipeline-validation')).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Job name/ }), { target: { value: 'Two files' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Prompt template/ }), { target: { value: PROMPT } });
    const create = screen.getByRole('button', { name: 'Create Pipeline Job' });
    await waitFor(() => expect(create).toBeEnabled());
    // the cost of the run on the chosen files shows before it starts
    expect(await screen.findByTestId('estimate-pages')).toHaveTextContent('7');
    expect(calls.filter((c) => c.path === '/jobs/estimate').at(-1)!.body).toMatchObject({ job_type: 'full_pipeline', file_ids: [F1, F2] });
    fireEvent.click(create);
    expect(await screen.findByText('Job creation failed')).toBeInTheDocument();
    const posted = calls.filter((c) => c.method === 'POST' && c.path !== '/jobs/estimate').map((c) => [c.path, c.body]);
    expect(posted).toEqual([
      ['/datasets/', { name: 'walk_invoice_2024-03-with-a-very-long-distinguishing-name.pdf, receipt 7.png', description: 'Files of the pipeline run "Two files"', file_ids: [F1, F2] }],
      ['/jobs/pipeline', expect.objectContaining({ name: 'Two files', dataset_id: NEW_DS, prompt_id: PROMPT })],
    ]);
    unmount();

    renderRoute(<PipelineJobsPage />, { path: '/jobs/pipeline', url: `/jobs/pipeline?dataset=${DS}` });
    expect(await screen.findByRole('combobox', { name: /^Dataset/ })).toHaveValue(DS);
    expect(screen.queryByTestId('pipeline-validation')).not.toBeInTheDocument();
  });
});
