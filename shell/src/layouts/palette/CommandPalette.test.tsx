import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeRoutes } from '@quarry/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PaletteButton } from './PaletteButton';
import { WithLoader, testLoader } from './testNav';

const fakeApi = setupFakeApiRoutes();
const FILE_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
const JOB_ID = '7a1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
const T = '2025-03-01T10:00:00.000Z';

const file = {
  id: FILE_ID,
  filename: 'invoice-march.pdf',
  file_size: 40_960,
  mime_type: 'application/pdf',
  file_type: 'pdf',
  estimated_pages: 1,
  actual_pages: 1,
  page_count: 1,
  is_valid: true,
  error_message: null,
  upload_session_id: null,
  sha256: null,
  created_at: T,
  updated_at: T,
  validated_at: T,
};
const job = {
  id: JOB_ID,
  user_id: '00000000-0000-4000-8000-000000000001',
  name: 'OCR: invoice-march.pdf',
  description: null,
  status: 'completed',
  job_type: 'ocr',
  created_at: T,
  updated_at: T,
  queued_at: T,
  started_at: T,
  completed_at: T,
  progress_percentage: 100,
  processing_config: {},
  results_summary: null,
  error_message: null,
  error_details: null,
  processing_time_seconds: 2,
  file_id: FILE_ID,
  dataset_id: null,
  single_file: { id: FILE_ID, filename: 'invoice-march.pdf' },
  dataset_name: null,
  parent_job_id: null,
  root_job_id: JOB_ID,
  attempts: 1,
  max_attempts: 3,
  credit_cost: 1,
  current_phase: null,
  last_message: null,
};

/** The lists answer only what contains the search, as the API does. */
const lists: FakeRoutes = {
  'GET /files/my-files': (c) => {
    const hit = 'invoice-march.pdf'.includes(c.query.get('search') ?? '');
    return { body: { files: hit ? [file] : [], total_count: hit ? 1 : 0, total_pages: 0, offset: 0, limit: 5 } };
  },
  'GET /jobs/': (c) => {
    const hit = job.name.toLowerCase().includes(c.query.get('search') ?? '');
    return { body: { jobs: hit ? [job] : [], total_count: hit ? 1 : 0, offset: 0, limit: 5 } };
  },
  'GET /datasets/': () => ({ body: { datasets: [], total_count: 0 } }),
  'GET /prompts/': () => ({ body: { prompts: [], total_count: 0 } }),
  'GET /output-schemas/': () => ({ body: { schemas: [], total_count: 0 } }),
};

function renderPalette() {
  const { loader } = testLoader();
  return renderRoute(
    <WithLoader loader={loader}>
      <PaletteButton />
    </WithLoader>,
  );
}

const combobox = () => screen.getByRole('combobox', { name: /go to a page or search/i });
const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
const highlighted = () => options().find((o) => o.hasAttribute('data-highlighted'));

beforeEach(() => quietActWarnings());

describe('CommandPalette', () => {
  it('opens with Ctrl+K, lists the pages of the sidebar, and Enter on the best match goes there', async () => {
    fakeApi.serve(lists);
    renderPalette();
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await waitFor(() => expect(combobox()).toHaveFocus());
    // every page the remotes declared, and the shell's own
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(expect.arrayContaining(['Output Schemas', 'Evaluation', 'LLM Test', 'Account'])));
    fireEvent.change(combobox(), { target: { value: 'schem' } });
    await waitFor(() => expect(options()[0]).toHaveTextContent('Output Schemas'));
    await waitFor(() => expect(highlighted()).toHaveTextContent('Output Schemas'));
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(await screen.findByText('elsewhere: /output-schemas')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  });

  it("searches files and jobs by name with the lists' search parameter; arrows move, Enter opens", async () => {
    const calls = fakeApi.serve(lists);
    renderPalette();
    fireEvent.click(screen.getByRole('button', { name: /search and go to/i }));
    await waitFor(() => expect(combobox()).toHaveFocus());
    fireEvent.change(combobox(), { target: { value: 'invoice' } });
    await screen.findByRole('option', { name: /^invoice-march\.pdf$/ });
    const searched = calls.filter((c) => c.query.get('search') === 'invoice').map((c) => c.path).sort();
    expect(searched).toEqual(['/datasets/', '/files/my-files', '/jobs/', '/output-schemas/', '/prompts/']);
    expect(within(screen.getByRole('listbox')).getByRole('group', { name: 'Files' })).toBeInTheDocument();
    await waitFor(() => expect(highlighted()).toHaveTextContent(/^invoice-march\.pdf$/));
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    await waitFor(() => expect(highlighted()).toHaveTextContent(/^OCR: invoice-march\.pdf/));
    fireEvent.keyDown(combobox(), { key: 'ArrowUp' });
    await waitFor(() => expect(highlighted()).toHaveTextContent(/^invoice-march\.pdf$/));
    expect(combobox()).toHaveAttribute('aria-activedescendant', highlighted()!.id);
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(await screen.findByText(`elsewhere: /files/${FILE_ID}`)).toBeInTheDocument();
  });

  it('says what found nothing, and Esc closes it', async () => {
    fakeApi.serve(lists);
    renderPalette();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    await waitFor(() => expect(combobox()).toHaveFocus());
    fireEvent.change(combobox(), { target: { value: 'zzz-nothing' } });
    expect(await screen.findByText('Nothing found for “zzz-nothing”.')).toBeInTheDocument();
    await act(async () => {
      fireEvent.keyDown(combobox(), { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  });

  it('closes from its close button (a phone has no Esc key)', async () => {
    fakeApi.serve(lists);
    renderPalette();
    fireEvent.click(screen.getByRole('button', { name: /search and go to/i }));
    await waitFor(() => expect(combobox()).toHaveFocus());
    fireEvent.click(within(screen.getByTestId('command-palette')).getByRole('button', { name: 'Close search' }));
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  });
});
