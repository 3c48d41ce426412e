// The two list screens built on ListPage (/prompts, /output-schemas): the states in order
// (loading, error with a toast and Retry, empty with New or naming the search, the rows), each
// screen with its own texts; below 600 px (jsdom's default here) the rows are cards.
import { paths, toaster } from '@quarry/shared';
import type { OutputSchema, Prompt } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeResponse } from '@quarry/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import OutputSchemasPage from '../output-schemas/OutputSchemasPage';
import PromptsPage from '../prompts/PromptsPage';

const fakeApi = setupFakeApiRoutes();
let quiet: jest.SpyInstance;
beforeEach(() => {
  quiet = quietActWarnings();
});
afterEach(() => {
  quiet.mockRestore();
  // the load-failed toast of one test is not another's
  act(() => toaster.remove());
});

const T = '2025-01-05T10:00:00Z';
const prompt: Prompt = {
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'Invoice fields',
  description: 'Totals and dates',
  type: 'text',
  template: 'x'.repeat(130),
  schema_definition: null,
  output_schema_id: null,
  variables: [],
  invalid_variables: [],
  example_count: 2,
  created_at: T,
  updated_at: T,
};
const schema: OutputSchema = {
  id: '00000000-0000-4000-8000-00000000000b',
  name: 'Invoice',
  description: null,
  schema_definition: { type: 'object', properties: { invoice_number: { type: 'string' }, date: { type: 'string' }, total: { type: 'number' }, vendor: { type: 'string' } } },
  field_count: 4,
  usage_count: 0,
  created_at: T,
  updated_at: T,
};

interface Screen {
  page: () => ReactElement;
  route: string;
  list: (items: boolean) => FakeResponse;
  texts: { loading: string; loadFailed: string; empty: string; emptyHint: string; emptyNew: string; newPath: string; list: string };
  item: { name: string; href: string; preview: string; previewTestId: string; deleteLabel: string };
  noun: string;
  nouns: string;
}

const screens: [string, Screen][] = [
  [
    '/prompts',
    {
      page: () => <PromptsPage />,
      route: 'GET /prompts/',
      list: (items) => ({ body: { prompts: items ? [prompt] : [], total_count: items ? 1 : 0 } }),
      texts: { loading: 'Loading prompts...', loadFailed: 'Failed to load prompts', empty: 'No prompts found', emptyHint: 'Create your first prompt template to start extracting data.', emptyNew: 'New prompt', newPath: paths.prompts.new, list: 'Prompts' },
      noun: 'prompt',
      nouns: 'prompts',
      item: { name: 'Invoice fields', href: paths.prompts.detail(prompt.id), preview: `${'x'.repeat(120)}…`, previewTestId: 'template-preview', deleteLabel: 'Delete prompt Invoice fields' },
    },
  ],
  [
    '/output-schemas',
    {
      page: () => <OutputSchemasPage />,
      route: 'GET /output-schemas/',
      list: (items) => ({ body: { schemas: items ? [schema] : [], total_count: items ? 1 : 0 } }),
      texts: { loading: 'Loading output schemas...', loadFailed: 'Failed to load output schemas', empty: 'No output schemas found', emptyHint: 'Create a schema to tell the model which fields to return.', emptyNew: 'New schema', newPath: paths.outputSchemas.new, list: 'Output schemas' },
      noun: 'schema',
      nouns: 'schemas',
      item: { name: 'Invoice', href: paths.outputSchemas.detail(schema.id), preview: '4 fields: invoice_number, date, total, …', previewTestId: 'schema-summary', deleteLabel: 'Delete schema Invoice' },
    },
  ],
];

describe.each(screens)('%s', (_path, s) => {
  it('shows the loading state, then the cards, with how many there are', async () => {
    fakeApi.serve({ [s.route]: () => ({ ...s.list(true), delayMs: 300 }) });
    renderRoute(s.page());
    expect(await screen.findByText(s.texts.loading)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: s.texts.list });
    expect(within(list).getByRole('link', { name: s.item.name })).toHaveAttribute('href', s.item.href);
    expect(within(list).getByTestId(s.item.previewTestId)).toHaveTextContent(s.item.preview);
    expect(within(list).getByRole('button', { name: s.item.deleteLabel })).toBeInTheDocument();
    expect(screen.getByText(`Showing 1–1 of 1 ${s.noun}`)).toBeInTheDocument();
  });

  it('a failed load says so in a toast and in the page; Retry loads again', async () => {
    let fail = true;
    fakeApi.serve({ [s.route]: () => (fail ? { status: 500, body: { detail: 'Database unavailable' } } : s.list(true)) });
    renderRoute(s.page());
    expect(await screen.findAllByText(s.texts.loadFailed)).toHaveLength(2);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: s.item.name }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('an empty list offers New; with a search it says nothing matches', async () => {
    fakeApi.serve({ [s.route]: () => s.list(false) });
    renderRoute(s.page());
    expect(await screen.findByText(s.texts.empty)).toBeInTheDocument();
    expect(screen.getByText(s.texts.emptyHint)).toBeInTheDocument();
    // the empty state's New comes after the header's (both say 'New schema' on /output-schemas)
    expect(screen.getAllByRole('link', { name: s.texts.emptyNew }).at(-1)).toHaveAttribute('href', s.texts.newPath);
    fireEvent.change(screen.getByRole('searchbox', { name: /^Search/ }), { target: { value: 'zzz' } });
    expect(await screen.findByText(`No ${s.nouns} match "zzz"`)).toBeInTheDocument();
    expect(screen.queryByText(s.texts.empty)).not.toBeInTheDocument();
  });
});
