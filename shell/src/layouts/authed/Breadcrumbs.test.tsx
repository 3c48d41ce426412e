import { api, namedCrumb, type RouteHandle } from '@quarry/shared';
import { quietActWarnings, setupFakeApiRoutes, createTestQueryClient } from '@quarry/shared/testing';
import { AppProviders } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { Outlet, RouterProvider, createMemoryRouter, useParams } from 'react-router';
import { Breadcrumbs } from './Breadcrumbs';

const fakeApi = setupFakeApiRoutes();
const PromptSchema = z.object({ id: z.string(), name: z.string() });
const PROMPT = '3f9c2a10-aaaa-4bbb-8ccc-1234567890ab';

// What a remote declares: the page's own query options, and a crumb that reads them.
const promptOptions = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: ['prompts', userId ?? 'anonymous', 'detail', id] as const,
    queryFn: ({ signal }) => api.get(`prompts/${id}`, { signal, schema: PromptSchema }),
    enabled: Boolean(userId),
  });
const promptCrumb = namedCrumb({ placeholder: 'Prompt', query: (p, userId) => promptOptions(userId, p.promptId ?? ''), name: (p) => p.name });

function PromptPage() {
  const { promptId = '' } = useParams();
  const prompt = useQuery(promptOptions('00000000-0000-4000-8000-000000000001', promptId));
  return <h1>{prompt.data ? `Page: ${prompt.data.name}` : 'loading page'}</h1>;
}

function renderAt(url: string, withPage: boolean) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Breadcrumbs />
            <Outlet />
          </>
        ),
        children: [
          {
            path: 'prompts',
            handle: { crumb: 'Prompts' } satisfies RouteHandle,
            children: [{ path: ':promptId', handle: { crumb: promptCrumb } satisfies RouteHandle, element: withPage ? <PromptPage /> : null }],
          },
          {
            path: 'jobs/evaluation',
            handle: { crumb: 'Evaluation', crumbRoot: true } satisfies RouteHandle,
            children: [{ path: 'x', handle: { crumbParents: [{ label: 'Datasets', to: '/datasets' }], crumb: 'Run' } satisfies RouteHandle, element: null }],
          },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <AppProviders client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => quietActWarnings());

describe('Breadcrumbs', () => {
  it("names the prompt through the page's own query: one request for page and crumb, a placeholder until then", async () => {
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    const calls = fakeApi.serve({
      [`GET /prompts/${PROMPT}`]: async () => {
        await answered;
        return { body: { id: PROMPT, name: 'Invoice totals' } };
      },
    });
    renderAt(`/prompts/${PROMPT}`, true);
    const trail = await screen.findByTestId('breadcrumbs');
    await waitFor(() => expect(trail).toHaveTextContent('PromptsPrompt'));
    expect(screen.getByRole('link', { name: 'Prompts' })).toHaveAttribute('href', '/prompts');
    release();
    await screen.findByRole('heading', { name: 'Page: Invoice totals' });
    await waitFor(() => expect(trail).toHaveTextContent('PromptsInvoice totals'));
    expect(calls.filter((c) => c.path === `/prompts/${PROMPT}`)).toHaveLength(1);
  });

  it('keeps the placeholder when the name cannot be read', async () => {
    fakeApi.serve({});
    renderAt(`/prompts/${PROMPT}`, false);
    const trail = await screen.findByTestId('breadcrumbs');
    await waitFor(() => expect(trail.querySelector('[data-crumb-state]')).not.toBeNull());
    expect(trail).toHaveTextContent('PromptsPrompt');
  });

  it("starts the trail at a crumb root and links a parent from another area", async () => {
    fakeApi.serve({});
    renderAt('/jobs/evaluation/x', false);
    const trail = await screen.findByTestId('breadcrumbs');
    expect(trail).toHaveTextContent('EvaluationDatasetsRun');
    expect(screen.getByRole('link', { name: 'Datasets' })).toHaveAttribute('href', '/datasets');
  });
});
