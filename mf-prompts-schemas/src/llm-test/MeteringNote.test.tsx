// The LLM test page says what a model call costs and how often it may run, from the server's policy.
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { screen } from '@testing-library/react';
import { MeteringNote } from './MeteringNote';

const fakeApi = setupFakeApiRoutes();
beforeEach(() => quietActWarnings());

it('states the charge (offline extractor included), the balance and the limit', async () => {
  fakeApi.serve({ 'GET /test/llm/policy': () => ({ body: { allowed: true, credit_cost: 2, calls_per_minute: 10, credit_balance: 1250 } }) });
  renderRoute(<MeteringNote />);
  const note = await screen.findByTestId('metering-note');
  expect(note).toHaveTextContent(
    'Each request that calls a model takes 2 credits from your balance, as a job does, whichever provider answers — the offline extractor included (your balance: 1,250 credits). At most 10 calls a minute; answers from the cache are free.',
  );
});

it('says so when an administrator switched model calls off', async () => {
  fakeApi.serve({ 'GET /test/llm/policy': () => ({ body: { allowed: false, credit_cost: 1, calls_per_minute: 10, credit_balance: 3 } }) });
  renderRoute(<MeteringNote />);
  expect(await screen.findByText(/Model test calls are switched off on this server: only administrators can run them/)).toBeInTheDocument();
});
