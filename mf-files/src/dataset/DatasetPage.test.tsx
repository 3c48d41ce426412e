// /datasets/{id}: the dataset's files with the reviewed count, its jobs, exports and evaluation,
// Run pipeline on the dataset, and the not-found state.
import { paths } from '@quarry/shared';
import type { DatasetDetail } from '@quarry/shared/schemas';
import { renderRoute } from '@quarry/shared/testing';
import { screen, within } from '@testing-library/react';
import { dataset, fileInfo, uuid } from '../test/factories';
import { setupFakeApi } from '../test/fakeApi';
import DatasetPage from './DatasetPage';

const api = setupFakeApi();
jest.setTimeout(120_000);

const a = fileInfo({ filename: 'a.pdf', actual_pages: 1, page_count: 1, file_size: 40 * 1024, reviewed_at: '2025-02-01T00:00:00.000Z' });
const b = fileInfo({ filename: 'b.pdf', actual_pages: 3, page_count: 3 });
const base = dataset({ name: 'Receipts', files: [a, b], reviewed_count: 1 });
const jobId = uuid();
const detail: DatasetDetail = {
  ...base,
  jobs: [{ id: jobId, name: 'Pipeline on Receipts', job_type: 'full_pipeline', status: 'completed', progress_percentage: 100, created_at: '2025-02-02T10:00:00.000Z', completed_at: '2025-02-02T10:05:00.000Z' }],
  jobs_total: 1,
  exports: ['json', 'csv', 'xlsx'].map((f) => ({ format: f as 'json', label: f.toUpperCase(), path: `datasets/${base.id}/export?format=${f}` })),
  evaluation: { reviewed_files: 1, total_files: 2, run: null, overall: null, message: 'No completed extraction run to evaluate: run an extraction over these files first.' },
};

const open = (id: string) => renderRoute(<DatasetPage />, { path: '/datasets/:datasetId', url: `/datasets/${id}` });

it('shows the files, reviewed count, jobs, exports and evaluation, with Run pipeline on the dataset', async () => {
  api.answer((req) => (req.path.endsWith(`datasets/${base.id}`) ? { body: detail } : { status: 404, body: { detail: 'Not Found' } }));
  open(base.id);
  expect(await screen.findByRole('heading', { level: 1, name: 'Receipts' })).toBeInTheDocument();
  expect(screen.getByTestId('dataset-file-count')).toHaveTextContent('2 files · 4 pages');
  expect(screen.getByTestId('dataset-reviewed')).toHaveTextContent('1 of 2');
  const files = screen.getByRole('table', { name: 'Dataset files' });
  expect(within(files).getByRole('link', { name: 'a.pdf' })).toHaveAttribute('href', paths.files.detail(a.id));
  expect(within(files).getByText('40 KB')).toBeInTheDocument();
  expect(within(files).getByText('1 page')).toBeInTheDocument();
  expect(within(files).getByText('Reviewed')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Pipeline on Receipts' })).toHaveAttribute('href', paths.jobs.pipelineMonitor(jobId));
  expect(screen.getByRole('link', { name: /Run pipeline/ })).toHaveAttribute('href', `/jobs/pipeline?dataset=${base.id}`);
  expect(screen.getByRole('link', { name: /Open evaluation/ })).toHaveAttribute('href', paths.jobs.evaluationDataset(base.id));
  expect(screen.getByTestId('dataset-evaluation')).toHaveTextContent('No completed extraction run');
  for (const label of ['JSON', 'CSV', 'XLSX']) expect(screen.getByRole('button', { name: `Download ${label}` })).toBeInTheDocument();
});

it('an empty dataset says so and offers no pipeline run', async () => {
  const empty = { ...detail, files: [], file_count: 0, total_pages: 0, reviewed_count: 0, jobs: [], jobs_total: 0 };
  api.answer(() => ({ body: empty }));
  open(base.id);
  expect(await screen.findByText('No files in this dataset')).toBeInTheDocument();
  expect(screen.getByText('No jobs on this dataset yet')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Run pipeline/ })).not.toBeInTheDocument();
});

it('another user\'s or a missing dataset shows "Dataset not found" with a way back', async () => {
  api.answer(() => ({ status: 404, body: { detail: 'Dataset not found' } }));
  open(uuid());
  expect((await screen.findAllByText('Dataset not found')).length).toBeGreaterThan(0);
  expect(screen.getByRole('link', { name: 'Back to datasets' })).toHaveAttribute('href', '/files?tab=datasets');
});
