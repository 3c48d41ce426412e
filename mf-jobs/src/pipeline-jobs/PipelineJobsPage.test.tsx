// The pipeline form: Create disabled until valid with the spec's messages; the estimate shown
// before Create; a refused creation keeps what the user entered and toasts the server's detail.
import { AppError, api, auth, toaster } from '@quarry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { quietActWarnings, renderRoute, signInForTest } from '../common/testing';
import PipelineJobsPage from './PipelineJobsPage';

const DS = '1d0c9a4e-5d0f-4a53-9c4a-444444444444';
const PROMPT = '2d0c9a4e-5d0f-4a53-9c4a-555555555555';
const ESTIMATE = {
  job_type: 'full_pipeline', files: [], file_count: 2, pages_to_ocr: 7, chunks: 5, chunks_estimated: true, text_basis: 'text_layer', provider: 'offline', model: 'offline-extractor-v1', offline: true,
  available_providers: ['offline'], estimated_tokens: 0, estimated_input_tokens: 0, estimated_output_tokens: 0, model_tokens_if_llm: 1900, credits: 1, credit_balance: 98,
  balance_after: 97, weekly_jobs_used: 2, weekly_jobs_limit: 10, weekly_resets_at: null, allowed: true, reasons: [],
};

beforeEach(async () => {
  quietActWarnings();
  await signInForTest();
  jest.spyOn(api, 'get').mockImplementation(((path: string) => {
    if (path === 'datasets/') return Promise.resolve({ datasets: [{ id: DS, name: 'Invoices', file_count: 2 }], total_count: 1 });
    if (path === 'prompts/') return Promise.resolve({ prompts: [{ id: PROMPT, name: 'Fields', type: 'text' }], total_count: 1 });
    if (path === 'examples/') return Promise.resolve({ examples: [], total_count: 0 });
    if (path === 'jobs/') return Promise.resolve({ jobs: [], total_count: 0, offset: 0, limit: 10 });
    throw new Error(`unexpected GET ${path}`);
  }) as typeof api.get);
});
afterEach(() => {
  jest.restoreAllMocks();
  auth.clear();
  toaster.remove();
});

describe('pipeline form', () => {
  jest.setTimeout(20_000);
  it('is disabled until valid, shows the estimate, keeps the input when the server refuses', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(((path: string) => {
      if (path === 'jobs/estimate') return Promise.resolve(ESTIMATE);
      if (path === 'jobs/pipeline') return Promise.reject(new AppError({ kind: 'validation', status: 429, message: 'x', detail: 'Weekly job limit reached (weekly_jobs)' }));
      throw new Error(`unexpected POST ${path}`);
    }) as typeof api.post);
    renderRoute(<PipelineJobsPage />, { path: '/jobs/pipeline', url: '/jobs/pipeline' });
    await screen.findByRole('textbox', { name: /Job name/ });
    const create = screen.getByRole('button', { name: 'Create Pipeline Job' });
    expect(create).toBeDisabled();
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
    expect(post).toHaveBeenCalledWith('jobs/pipeline', expect.objectContaining({ name: 'Quarterly', dataset_id: DS, prompt_id: PROMPT, pipeline_stages: ['ocr', 'chunking', 'extraction'] }), expect.anything());
  });
});
