import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeRoute } from '@quarry/shared/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import CreditRequestPage from './CreditRequestPage';

const fakeApi = setupFakeApiRoutes();

const DESCRIPTION = 'We extract invoice tables from scanned supplier PDFs for the finance team.';

function fillValid() {
  fireEvent.click(screen.getByRole('button', { name: '1,000' }));
  fireEvent.change(screen.getByLabelText(/^Usage purpose/), { target: { value: 'business_automation' } });
  fireEvent.change(screen.getByLabelText(/^Project description/), { target: { value: DESCRIPTION } });
}

/** What the API answers to POST /credit-requests/: the request as stored (CreditRequestSchema). */
const created: FakeRoute = (call) => {
  const sent = call.body as { amount: number; usage_purpose: string; project_description: string; urgency?: string };
  const now = new Date().toISOString();
  return {
    status: 201,
    body: {
      id: '5a0c6f4e-8d1b-4c55-9a57-0d4f3b2e6c11',
      user_id: '0b7f3a9e-2c4d-4e8f-9a1b-3c5d7e9f1a2b',
      amount: sent.amount,
      usage_purpose: sent.usage_purpose,
      project_description: sent.project_description,
      feedback: null,
      urgency: sent.urgency ?? 'normal',
      expected_duration: null,
      status: 'pending',
      admin_notes: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: now,
      updated_at: now,
    },
  };
};

const EARLIER = {
  id: '5a0c6f4e-8d1b-4c55-9a57-0d4f3b2e6c00',
  user_id: '0b7f3a9e-2c4d-4e8f-9a1b-3c5d7e9f1a2b',
  amount: 500,
  usage_purpose: 'research',
  project_description: DESCRIPTION,
  feedback: null,
  urgency: 'normal',
  expected_duration: null,
  status: 'pending',
  admin_notes: null as string | null,
  reviewed_by: null,
  reviewed_at: '2026-01-03T10:00:00.000Z' as string | null,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
};

const serve = (submit: FakeRoute) =>
  fakeApi.serve({
    'GET /users/me/resource-limits': () => ({ body: { credit_balance: 250, resource_limits: [] } }),
    'GET /credit-requests/my-requests': () => ({ body: { credit_requests: [], total_count: 0 } }),
    'POST /credit-requests/': submit,
  });
const posts = (calls: ReturnType<typeof serve>) => calls.filter((c) => c.method === 'POST');

beforeEach(() => {
  quietActWarnings();
});
afterEach(() => jest.restoreAllMocks());

describe('CreditRequestPage', () => {
  it('shows every message of an empty form, sends nothing, and clears a message when its field is edited', async () => {
    const calls = serve(created);
    renderRoute(<CreditRequestPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(screen.getByText('Please enter a valid amount greater than 0')).toBeInTheDocument();
    expect(screen.getByText('Please select a usage purpose')).toBeInTheDocument();
    expect(screen.getByText('Please provide details about your project')).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '5' } });
    expect(screen.queryByText('Please enter a valid amount greater than 0')).not.toBeInTheDocument();
    expect(screen.getByText('Please select a usage purpose')).toBeInTheDocument();
  });

  it('sends the payload and shows the confirmation with Return to Files', async () => {
    const calls = serve(created);
    renderRoute(<CreditRequestPage />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Request submitted')).toBeInTheDocument();
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      [
        '/credit-requests/',
        {
          amount: 1000,
          usage_purpose: 'business_automation',
          project_description: DESCRIPTION,
          urgency: 'normal',
        },
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Return to Files' })).toHaveAttribute('href', '/files');
  });

  it.each([
    [403, 'You do not have permission to submit credit requests.'],
    [429, 'Too many requests. Please wait a moment before trying again.'],
    [502, 'Server error. Please try again later or contact support if the problem persists.'],
  ])('a %i shows the Submission Failed panel and keeps the form', async (status, message) => {
    serve(() => ({ status }));
    renderRoute(<CreditRequestPage />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    const panel = await screen.findByTestId('submission-failed');
    expect(panel).toHaveTextContent('Submission Failed');
    expect(panel).toHaveTextContent(message);
    expect(screen.getByLabelText(/^Amount/)).toHaveValue('1000');
    expect(screen.getByLabelText(/^Project description/)).toHaveValue(DESCRIPTION);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit request' })).toBeEnabled());
  });

  it('lists my earlier requests with their status, and a new one after sending', async () => {
    let mine: Array<Omit<typeof EARLIER, 'status' | 'admin_notes'> & { status: string; admin_notes: string | null }> = [
      { ...EARLIER, status: 'rejected', admin_notes: 'Please describe the documents' },
    ];
    fakeApi.serve({
      'GET /users/me/resource-limits': () => ({ body: { credit_balance: 250, low_balance_threshold: 10, resource_limits: [] } }),
      'GET /credit-requests/my-requests': () => ({ body: { credit_requests: mine, total_count: mine.length } }),
      'POST /credit-requests/': (call) => {
        const res = created(call) as { status: number; body: (typeof mine)[number] };
        mine = [res.body, ...mine];
        return res;
      },
    });
    renderRoute(<CreditRequestPage />);
    const first = await screen.findAllByTestId('my-credit-request');
    expect(first).toHaveLength(1);
    expect(first[0]).toHaveTextContent('Rejected');
    expect(first[0]).toHaveTextContent('Please describe the documents');
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(screen.getAllByTestId('my-credit-request')).toHaveLength(2));
    expect(screen.getAllByTestId('my-credit-request')[0]).toHaveTextContent('Pending review');
  });

  it('shows the empty state when there are no earlier requests', async () => {
    serve(created);
    renderRoute(<CreditRequestPage />);
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
  });
});
