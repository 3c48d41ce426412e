// The evaluation page: loading, the no-reviewed-files state, an error with retry, and the
// figures beside the previous run with the worse fields and their examples.
import { toaster } from '@quarry/shared';
import type { Evaluation } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall, type FakeRoute } from '@quarry/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EvaluationPage from './EvaluationPage';

const DS = '7d0c9a4e-5d0f-4a53-9c4a-333333333333';
const R1 = '7d0c9a4e-5d0f-4a53-9c4a-444444444444';
const R2 = '7d0c9a4e-5d0f-4a53-9c4a-555555555555';
const F1 = '7d0c9a4e-5d0f-4a53-9c4a-666666666666';
const run = (id: string, name: string) => ({ job_id: id, name, created_at: '2025-01-05T10:00:00Z', completed_at: '2025-01-05T10:01:00Z', prompt_name: 'Invoices', provider: null });
const fig = (c: number, fp: number, fn: number, files = 2) => ({
  files,
  correct: c,
  false_positives: fp,
  false_negatives: fn,
  same: c,
  precision: c + fp ? c / (c + fp) : null,
  recall: c + fn ? c / (c + fn) : null,
  accuracy: c / files,
});
const base: Evaluation = {
  scope: { kind: 'dataset', id: DS, name: 'March invoices' },
  total_files: 3,
  reviewed_files: 2,
  run: run(R2, 'Second run'),
  previous_run: run(R1, 'First run'),
  runs: [run(R2, 'Second run'), run(R1, 'First run')],
  overall: { ...fig(2, 0, 2, 4), row_recall: 1 },
  previous_overall: { ...fig(3, 1, 1, 4), row_recall: 1 },
  fields: [
    { field: 'invoice_number', kind: 'field', current: fig(2, 0, 0), previous: fig(2, 0, 0), worse: false, examples: [] },
    { field: 'vendor', kind: 'field', current: fig(0, 0, 2), previous: fig(1, 1, 1), worse: true, examples: [{ file_id: F1, filename: 'beta.pdf', expected: 'Contoso Supplies', got: null, previous: 'Contoso Supplies' }] },
    { field: 'items', kind: 'table', current: { files: 2, reviewed_rows: 4, extracted_rows: 4, recalled_rows: 4, row_recall: 1, row_precision: 1 }, previous: null, worse: false, examples: [] },
  ],
  message: null,
};

const fakeApi = setupFakeApiRoutes();
let answer: FakeRoute;
let calls: FakeCall[];
beforeEach(() => {
  quietActWarnings();
  calls = fakeApi.serve({ [`GET /datasets/${DS}/evaluation`]: (call) => answer(call), [`GET /jobs/${R2}/evaluation`]: (call) => answer(call) });
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});
const render = (url = `/jobs/evaluation/datasets/${DS}`) => renderRoute(<EvaluationPage />, { path: '/jobs/evaluation/datasets/:datasetId', url });

describe('EvaluationPage', () => {
  jest.setTimeout(20_000);
  it('shows the figures beside the previous run and the fields that got worse', async () => {
    answer = () => ({ body: base });
    render();
    expect(screen.getByText('Evaluating the run against the reviewed files...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Evaluation: March invoices' })).toBeInTheDocument();
    expect(screen.getByTestId('evaluation-ground-truth')).toHaveTextContent('Ground truth: 2 of 3 files reviewed');
    const overall = screen.getByTestId('evaluation-overall');
    expect(within(overall).getAllByText('50%')).toHaveLength(2); // recall and accuracy 2/4
    expect(within(overall).getAllByText('-25 pts (was 75%)')).toHaveLength(2); // recall and accuracy
    const table = screen.getByRole('table', { name: 'Per-field figures' });
    const vendor = within(table).getAllByTestId('evaluation-field-row')[1]!;
    expect(vendor).toHaveTextContent('vendor');
    expect(vendor).toHaveTextContent('worse');
    expect(vendor).toHaveTextContent('0%(was 50%)');
    const worse = screen.getByTestId('evaluation-worse');
    expect(within(worse).getByRole('link', { name: 'beta.pdf' })).toHaveAttribute('href', `/files/${F1}`);
    expect(within(worse).getByText('(empty)')).toBeInTheDocument();
    expect(within(worse).getAllByText('Contoso Supplies')).toHaveLength(2);
  });

  it('goes back to Evaluation, where its breadcrumb puts it, from a dataset or a run', async () => {
    answer = () => ({ body: base });
    const { unmount } = render();
    expect(await screen.findByRole('link', { name: 'Back to Evaluation' })).toHaveAttribute('href', '/jobs/evaluation');
    unmount();
    renderRoute(<EvaluationPage />, { path: '/jobs/evaluation/runs/:jobId', url: `/jobs/evaluation/runs/${R2}` });
    expect(await screen.findByRole('link', { name: 'Back to Evaluation' })).toHaveAttribute('href', '/jobs/evaluation');
    expect(screen.getByRole('link', { name: 'Open the extraction run' })).toHaveAttribute('href', `/jobs/extraction/${R2}`);
  });

  it('picks another run from the list', async () => {
    answer = () => ({ body: base });
    render();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Run to evaluate' }), R1);
    await waitFor(() => expect(calls.at(-1)?.query.get('job_id')).toBe(R1));
    expect(calls[0]!.query.has('job_id')).toBe(false);
  });

  it('says so when no file is reviewed', async () => {
    answer = () => ({ body: { ...base, reviewed_files: 0, overall: null, previous_overall: null, fields: [], message: 'No reviewed files in this dataset yet. Mark files Reviewed on their file page.' } });
    render();
    expect(await screen.findByText('No reviewed files')).toBeInTheDocument();
    expect(screen.getByText(/^No reviewed files in this dataset yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Files' })).toHaveAttribute('href', '/files');
  });

  it('shows the error with a retry', async () => {
    answer = () => ({ status: 404, body: { detail: 'Dataset not found' } });
    render();
    expect(await screen.findByText('Evaluation not available')).toBeInTheDocument();
    expect(screen.getByText('Dataset not found')).toBeInTheDocument();
    answer = () => ({ body: base });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Evaluation: March invoices' })).toBeInTheDocument();
  });
});
