// Sorting and paging of the /prompts and /output-schemas lists: wide screens sort by the column
// headers (aria-sort tells which way), phones by a select; the server is asked for each page and
// the pager says "Showing 21–40 of 48 prompts".
import type { OutputSchema, Prompt } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall } from '@quarry/shared/testing';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import OutputSchemasPage from '../output-schemas/OutputSchemasPage';
import PromptsPage from '../prompts/PromptsPage';

const fakeApi = setupFakeApiRoutes();
let quiet: jest.SpyInstance;
const narrowMatchMedia = window.matchMedia;
const wide = (matches: boolean) => {
  window.matchMedia = (query: string) => ({ ...narrowMatchMedia(query), matches });
};
beforeEach(() => {
  quiet = quietActWarnings();
  wide(true);
});
afterEach(() => {
  quiet.mockRestore();
  window.matchMedia = narrowMatchMedia;
});
// twenty table rows of Chakra in jsdom are slow on a busy machine
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 15_000 });

const T = '2025-01-05T10:00:00Z';
const prompt = (i: number): Prompt => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Prompt ${i}`,
  description: null,
  type: 'text',
  template: '{{ text_chunk }}',
  schema_definition: null,
  output_schema_id: null,
  variables: ['text_chunk'],
  invalid_variables: [],
  example_count: i % 3,
  created_at: T,
  updated_at: T,
});
const TOTAL = 48;

function servePrompts(): FakeCall[] {
  return fakeApi.serve({
    'GET /prompts/': (call) => {
      const offset = Number(call.query.get('offset'));
      const limit = Number(call.query.get('limit'));
      const ids = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, k) => offset + k + 1);
      return { body: { prompts: ids.map(prompt), total_count: TOTAL } };
    },
  });
}
const last = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET').at(-1)!.query;

describe('/prompts sorted and paged by the server', () => {
  it('the column headers sort, and say which way in aria-sort', async () => {
    const calls = servePrompts();
    renderRoute(<PromptsPage />, { path: '/prompts' });
    const table = await screen.findByRole('table', { name: 'Prompts' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Updated')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(last(calls).get('sort')).toBe('updated_at');

    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(header('Name')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Updated')).toHaveAttribute('aria-sort', 'none');
    await waitFor(() => expect(`${last(calls).get('sort')} ${last(calls).get('order')}`).toBe('name asc'));

    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(header('Name')).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(`${last(calls).get('sort')} ${last(calls).get('order')}`).toBe('name desc'));
    // names link to their pages; the counts read as words
    expect(within(table).getByRole('link', { name: 'Prompt 1' })).toHaveAttribute('href', '/prompts/00000000-0000-4000-8000-000000000001');
    expect(within(table).getAllByText('1 example').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('2 examples').length).toBeGreaterThan(0);
  });

  it('pages of 20: "Showing 1–20 of 48 prompts", Next asks for the next page', async () => {
    const calls = servePrompts();
    renderRoute(<PromptsPage />, { path: '/prompts' });
    expect(await screen.findByText('Showing 1–20 of 48 prompts')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–40 of 48 prompts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prompt 21' })).toBeInTheDocument();
    expect(last(calls).get('offset')).toBe('20');
    expect(last(calls).get('limit')).toBe('20');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 41–48 of 48 prompts')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getAllByTestId('list-row')).toHaveLength(8);
    // a new sort starts again at the first page
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Created' })).getByRole('button'));
    expect(await screen.findByText('Showing 1–20 of 48 prompts')).toBeInTheDocument();
    expect(last(calls).get('offset')).toBe('0');
    expect(last(calls).get('sort')).toBe('created_at');
  });

  it('on a phone the rows are cards with every column labelled, sorted by a select', async () => {
    wide(false);
    const calls = servePrompts();
    renderRoute(<PromptsPage />, { path: '/prompts' });
    const list = await screen.findByRole('list', { name: 'Prompts' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getAllByRole('listitem')[0]!;
    for (const label of ['Type', 'Examples', 'Updated', 'Created']) expect(within(card).getByText(label)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete prompt Prompt 1' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'name:asc' } });
    await waitFor(() => expect(`${last(calls).get('sort')} ${last(calls).get('order')}`).toBe('name asc'));
  });
});

describe('/output-schemas', () => {
  const schema = (i: number, names: string[]): OutputSchema => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Schema ${i}`,
    description: null,
    schema_definition: { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) },
    field_count: names.length,
    usage_count: i - 1,
    created_at: T,
    updated_at: T,
  });

  it('summarises each schema by its fields, never its JSON; Used sorts the most used first', async () => {
    const calls = fakeApi.serve({
      'GET /output-schemas/': () => ({
        body: { schemas: [schema(1, ['invoice_number', 'date', 'total', 'vendor', 'lines', 'currency']), schema(2, ['total'])], total_count: 2 },
      }),
    });
    renderRoute(<OutputSchemasPage />, { path: '/output-schemas' });
    const table = await screen.findByRole('table', { name: 'Output schemas' });
    const summaries = within(table).getAllByTestId('schema-summary').map((e) => e.textContent);
    expect(summaries).toEqual(['6 fields: invoice_number, date, total, …', '1 field: total']);
    expect(table).not.toHaveTextContent('{');
    expect(within(table).getByText('unused')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 schemas')).toBeInTheDocument();
    const used = within(table).getByRole('columnheader', { name: 'Used' });
    fireEvent.click(within(used).getByRole('button'));
    await waitFor(() => expect(used).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(`${last(calls).get('sort')} ${last(calls).get('order')}`).toBe('usage_count desc'));
  });
});
