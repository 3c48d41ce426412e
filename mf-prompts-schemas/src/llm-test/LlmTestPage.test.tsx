// The LLM test page's history: an answer with nothing in it ({}) is not reported as SUCCESS.
import type { LlmTestResult } from '@quarry/shared/schemas';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { screen, within } from '@testing-library/react';
import LlmTestPage from './LlmTestPage';

const T = '2025-01-05T10:00:00Z';
const result = (id: string, response_content: string | null): LlmTestResult => ({
  id,
  task_id: id,
  kind: 'structured',
  provider: 'ollama',
  requested_provider: 'ollama',
  model: 'llama3',
  status: 'success',
  is_cached_response: false,
  offline: false,
  note: null,
  created_at: T,
  completed_at: T,
  response_content,
  response_json: null,
  error_message: null,
  input_tokens: 10,
  output_tokens: 2,
  total_tokens: 12,
  processing_time_ms: 40,
  cost_estimate: 0,
});
const EMPTY = '7d0c9a4e-5d0f-4a53-9c4a-000000000001';
const FULL = '7d0c9a4e-5d0f-4a53-9c4a-000000000002';

const fakeApi = setupFakeApiRoutes();
beforeEach(() => quietActWarnings());

it('an empty {} answer reads EMPTY ANSWER, not SUCCESS; an answer with values reads SUCCESS', async () => {
  fakeApi.serve({
    'GET /test/llm/results': () => ({ body: { results: [result(EMPTY, '{}'), result(FULL, '{"answer": "42"}')], total_count: 2 } }),
    'GET /test/llm/policy': () => ({ body: { allowed: true, credit_cost: 0, calls_per_minute: 10, credit_balance: 5 } }),
  });
  renderRoute(<LlmTestPage />, { path: '/llm-test' });
  const empty = await screen.findByRole('listitem', { name: `Result ${EMPTY}` });
  expect(within(empty).getByText('EMPTY ANSWER')).toBeInTheDocument();
  expect(within(empty).queryByText('SUCCESS')).not.toBeInTheDocument();
  expect(within(empty).getByText(/answered, but with nothing in it/)).toBeInTheDocument();
  const full = screen.getByRole('listitem', { name: `Result ${FULL}` });
  expect(within(full).getByText('SUCCESS')).toBeInTheDocument();
});
