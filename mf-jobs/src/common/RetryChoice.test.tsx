// Retry of a failed extraction or pipeline is a choice, the current prompt and schema first,
// usable from the keyboard; what the job ran with is said by name and version.
import { toaster } from '@quarry/shared';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JobControls } from './JobControls';

const ID = '7d0c9a4e-5d0f-4a53-9c4a-444444444444';
const fakeApi = setupFakeApiRoutes();

const job = (status: string) => ({
  id: ID,
  name: 'Extract',
  description: null,
  status,
  job_type: 'extraction',
  progress_percentage: 0,
  processing_config: {},
  results_summary: null,
  error_message: null,
  error_details: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  started_at: null,
  completed_at: null,
  file_id: null,
  dataset_id: null,
  parent_id: null,
  root_id: ID,
  credit_cost: 1,
});

beforeEach(() => quietActWarnings());
afterEach(() => act(() => toaster.remove()));

describe('RetryChoice in the job controls', () => {
  jest.setTimeout(20_000);

  it('offers the current prompt and schema first, then as it was; the keyboard chooses; the choice is sent', async () => {
    const calls = fakeApi.serve({ [`POST /jobs/${ID}/start`]: () => ({ body: job('queued') }) });
    renderRoute(<JobControls jobId={ID} status="failed" error="Extraction failed for all 3 chunk(s)" what="extraction job" retryChoice />);
    const trigger = screen.getByRole('button', { name: 'Retry' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Retry with the current prompt and schema', 'Retry as it was']);
    expect(screen.getByText(/every chunk is extracted again/)).toBeInTheDocument();
    await waitFor(() => expect(items[0]).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ retry_mode: 'current' });
  });

  it('"Retry as it was" sends original', async () => {
    const calls = fakeApi.serve({ [`POST /jobs/${ID}/start`]: () => ({ body: job('queued') }) });
    renderRoute(<JobControls jobId={ID} status="failed" what="pipeline" retryChoice />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const asItWas = await screen.findByRole('menuitem', { name: 'Retry as it was' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(asItWas).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ retry_mode: 'original' });
  });

  it('other job types keep the single Retry that resumes', async () => {
    const calls = fakeApi.serve({ [`POST /jobs/${ID}/start`]: () => ({ body: job('queued') }) });
    renderRoute(<JobControls jobId={ID} status="failed" what="OCR job" />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toBeUndefined();
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });

  it('says what the job ran with: names, versions and the retry choice', () => {
    fakeApi.serve({});
    renderRoute(
      <JobControls
        jobId={ID}
        status="completed"
        ranWith={{
          mode: 'current',
          prompt: { id: 'p', name: 'Invoice prompt', updated_at: '2026-01-02T10:00:00Z' },
          table_prompt: null,
          output_schema: { id: 's', name: 'Invoice fields', updated_at: '2026-01-03T10:00:00Z' },
          example: null,
          resolved_at: '2026-01-04T10:00:00Z',
          retried_at: '2026-01-04T10:00:00Z',
        }}
      />,
    );
    const note = screen.getByTestId('ran-with');
    expect(note).toHaveTextContent(/Ran with prompt "Invoice prompt" \(version of .+\), schema "Invoice fields" \(version of .+\); retried with the current prompt and schema on /);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
