import { toaster } from '@quarry/shared';
import type { WebhookDelivery, WebhookEndpoint } from '@quarry/shared/schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { quietActWarnings, renderRoute, setupFakeApiRoutes } from '@quarry/shared/testing';
import { WebhooksSection } from './WebhooksSection';

const fakeApi = setupFakeApiRoutes();

const ENDPOINT: WebhookEndpoint = {
  id: '0b0c9a4e-5d0f-4a53-9c4a-333333333333',
  url: 'https://example.com/hooks',
  description: null,
  events: ['job.completed', 'job.failed'],
  enabled: true,
  created_at: '2026-01-05T10:00:00Z',
  updated_at: '2026-01-05T10:00:00Z',
};
const DELIVERY: WebhookDelivery = {
  id: '0b0c9a4e-5d0f-4a53-9c4a-444444444444',
  endpoint_id: ENDPOINT.id,
  message_id: 'msg_1',
  event_type: 'job.completed',
  status: 'failed',
  attempts: 6,
  created_at: '2026-01-05T10:00:00Z',
  last_attempt_at: '2026-01-05T11:00:00Z',
  attempt_log: [{ attempt: 6, status: 'failed', response_status: 500, duration_ms: 42, error: 'The receiver answered 500', created_at: '2026-01-05T11:00:00Z' }],
};
const SECRET = `whsec_${'A'.repeat(43)}=`;
const list = (endpoints: WebhookEndpoint[]) => ({ body: { endpoints, total_count: endpoints.length } });

beforeEach(() => quietActWarnings());
afterEach(() => act(() => toaster.remove()));

/**
 * The checkbox as the form's state has it: the root's data-state follows the controlled
 * `checked` prop, while the native input toggles on the click itself, before React has the event.
 */
const stateOf = (input: HTMLElement) => input.closest('[data-part="root"]')?.getAttribute('data-state');

describe('WebhooksSection', () => {
  it('shows loading, then the empty state; a load failure offers Retry', async () => {
    let calls = 0;
    fakeApi.serve({ 'GET /webhooks/': () => ((calls += 1) === 1 ? { status: 503 } : list([])) });
    renderRoute(<WebhooksSection />);
    expect(screen.getByText('Loading webhook endpoints...')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load webhook endpoints')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
  });

  it('checks the form, adds an endpoint and shows its secret once', async () => {
    let endpoints: WebhookEndpoint[] = [];
    const calls = fakeApi.serve({
      'GET /webhooks/': () => list(endpoints),
      'POST /webhooks/': (call) => {
        const b = call.body as { url: string; events: string[] };
        endpoints = [{ ...ENDPOINT, url: b.url, events: b.events }];
        return { status: 201, body: { ...endpoints[0], secret: SECRET } };
      },
    });
    renderRoute(<WebhooksSection />);
    await screen.findByText('No webhook endpoints yet');
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    fireEvent.change(within(form).getByLabelText(/Endpoint URL/), { target: { value: 'ftp://nope' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('The URL must be a valid http:// or https:// address')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/Endpoint URL/), { target: { value: 'https://erp.example.com/in' } });
    const jobFailed = within(form).getByRole('checkbox', { name: 'Job failed' });
    expect(jobFailed).toBeChecked();
    fireEvent.click(jobFailed);
    await waitFor(() => expect(stateOf(within(form).getByRole('checkbox', { name: 'Job failed' }))).toBe('unchecked'));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'File reviewed' }));
    await waitFor(() => expect(stateOf(within(form).getByRole('checkbox', { name: 'File reviewed' }))).toBe('checked'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByTestId('new-webhook-secret-value')).toHaveTextContent(SECRET);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ url: 'https://erp.example.com/in', events: ['job.completed', 'file.reviewed'] }]);
    expect(await screen.findByText('https://erp.example.com/in')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('shows the server detail when the endpoint is refused', async () => {
    fakeApi.serve({
      'GET /webhooks/': () => list([]),
      'POST /webhooks/': () => ({ status: 422, body: { detail: [{ loc: ['body', 'url'], msg: '127.0.0.1 is a private, loopback or link-local address', type: 'value_error' }] } }),
    });
    renderRoute(<WebhooksSection />);
    await screen.findByText('No webhook endpoints yet');
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'http://127.0.0.1/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(/Could not add the endpoint: 127.0.0.1 is a private/)).toBeInTheDocument();
  });

  it('sends a test event, shows the delivery log and redelivers', async () => {
    let deliveries: WebhookDelivery[] = [DELIVERY];
    const calls = fakeApi.serve({
      'GET /webhooks/': () => list([ENDPOINT]),
      [`GET /webhooks/${ENDPOINT.id}/deliveries`]: () => ({ body: { deliveries, total_count: deliveries.length } }),
      [`POST /webhooks/${ENDPOINT.id}/test`]: () => {
        const test = { ...DELIVERY, id: '0b0c9a4e-5d0f-4a53-9c4a-555555555555', event_type: 'webhook.test', status: 'succeeded' as const, attempts: 1, attempt_log: [{ ...DELIVERY.attempt_log[0]!, attempt: 1, status: 'succeeded' as const, response_status: 200, error: null }] };
        deliveries = [test, ...deliveries];
        return { status: 202, body: test };
      },
      [`POST /webhooks/${ENDPOINT.id}/deliveries/${DELIVERY.id}/redeliver`]: () => {
        deliveries = deliveries.map((d) => (d.id === DELIVERY.id ? { ...d, status: 'succeeded' } : d));
        return { status: 202, body: { ...DELIVERY, status: 'pending' } };
      },
    });
    renderRoute(<WebhooksSection />);
    const item = await screen.findByTestId('webhook-endpoint');
    fireEvent.click(within(item).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(2));
    const rows = screen.getAllByTestId('webhook-delivery');
    expect(within(rows[0]!).getByText('webhook.test')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('job.completed')).toBeInTheDocument();
    const failed = screen.getAllByTestId('webhook-delivery').find((r) => within(r).queryByText('failed'))!;
    expect(within(failed).getByText('500')).toBeInTheDocument();
    expect(within(failed).getByText('42 ms')).toBeInTheDocument();
    expect(within(failed).getByText('The receiver answered 500')).toBeInTheDocument();
    fireEvent.click(within(failed).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/redeliver'))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('failed')).not.toBeInTheDocument());
    fireEvent.click(within(item).getByRole('button', { name: 'Hide deliveries' }));
    expect(screen.queryByTestId('webhook-delivery')).not.toBeInTheDocument();
  });

  it('deletes an endpoint after confirmation', async () => {
    let endpoints = [ENDPOINT];
    fakeApi.serve({
      'GET /webhooks/': () => list(endpoints),
      [`DELETE /webhooks/${ENDPOINT.id}`]: () => {
        endpoints = [];
        return { status: 204 };
      },
    });
    renderRoute(<WebhooksSection />);
    const item = await screen.findByTestId('webhook-endpoint');
    fireEvent.click(within(item).getByRole('button', { name: `Delete endpoint ${ENDPOINT.url}` }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
  });
});
