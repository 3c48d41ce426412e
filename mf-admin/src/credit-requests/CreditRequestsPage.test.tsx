import { CREDIT_REQUEST_MESSAGES } from '@quarry/shared/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall, type FakeRoutes } from '@quarry/shared/testing';
import CreditRequestsPage from './CreditRequestsPage';
import { STATS, creditRequest } from './fixtures';

const fakeApi = setupFakeApiRoutes();

const pending = creditRequest({ amount: 1000, project_description: 'Invoice tables for the Q3 audit, around 300 documents in total.' });
const other = creditRequest({
  amount: 500,
  user: { id: '22222222-2222-4222-8222-222222222222', name: 'Grace Hopper', email: 'grace@navy.example', current_balance: 20 },
  project_description: 'Research on handwritten ledgers from the 1890s, needs OCR.',
});
const approved = creditRequest({
  status: 'approved',
  amount: 250,
  admin_notes: 'Enjoy the extra credits',
  reviewed_at: '2026-03-02T09:30:00.000Z',
  reviewer: { id: '33333333-3333-4333-8333-333333333333', name: null, email: 'boss@example.com' },
  user: { id: '44444444-4444-4444-8444-444444444444', name: null, email: 'linus@example.com', current_balance: 900 },
});

let calls: FakeCall[];
// typing into Chakra fields is slow on a busy machine
jest.setTimeout(30_000);

beforeEach(() => {
  quietActWarnings();
});
afterEach(() => {
  jest.restoreAllMocks();
});

function serve(over: FakeRoutes = {}) {
  calls = fakeApi.serve({
    'GET /admin/credit-requests/': (c) => {
      const s = c.query.get('status_filter');
      return { body: [pending, other, approved].filter((r) => !s || r.status === s) };
    },
    'GET /admin/credit-requests/stats': () => ({ body: STATS }),
    ...over,
  });
}

const cards = () => screen.queryAllByTestId('credit-request');

describe('admin credit requests', () => {
  it('shows the counters and one card per request, limit 100', async () => {
    serve();
    renderRoute(<CreditRequestsPage />);
    expect(await screen.findByTestId('stat-Pending requests')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-Credits requested')).toHaveTextContent('1,500');
    expect(screen.getByTestId('stat-Approved')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-Rejected')).toHaveTextContent('1');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(calls.find((c) => c.path === '/admin/credit-requests/')!.query.get('limit')).toBe('100');
    expect(calls.find((c) => c.path === '/admin/credit-requests/')!.query.has('status_filter')).toBe(false);
  });

  it('search matches user email, user name and project description', async () => {
    serve();
    renderRoute(<CreditRequestsPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    const box = screen.getByRole('searchbox', { name: 'Search requests' });
    const search = (text: string) => fireEvent.change(box, { target: { value: text } });
    search('GRACE@navy');
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('grace@navy.example');
    search('lovelace');
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('ada@example.com');
    search('handwritten ledgers');
    expect(cards()).toHaveLength(1);
    search('nothing like this');
    expect(cards()).toHaveLength(0);
    expect(screen.getByText('No matching requests')).toBeInTheDocument();
  });

  it('the status filter asks the server with status_filter', async () => {
    serve();
    const user = userEvent.setup();
    renderRoute(<CreditRequestsPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status filter' }), 'approved');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls.at(-1)!.query.get('status_filter')).toBe('approved');
    // a reviewed request shows its notes, reviewer and time, and only a View button
    const card = cards()[0]!;
    expect(within(card).getByTestId('review-summary')).toHaveTextContent('Enjoy the extra credits');
    expect(within(card).getByTestId('review-summary')).toHaveTextContent('Approved by boss@example.com');
    expect(within(card).queryByRole('button', { name: 'Review' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status filter' }), 'all');
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it("a load error shows 'Error Loading Requests' with the server detail, and Retry loads again", async () => {
    let fail = true;
    serve({ 'GET /admin/credit-requests/': () => (fail ? { status: 500, body: { detail: 'Database is down' } } : { body: [pending] }) });
    const user = userEvent.setup();
    renderRoute(<CreditRequestsPage />);
    expect(await screen.findByText('Error Loading Requests')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it("without a detail the panel says 'Failed to load credit requests'", async () => {
    serve({ 'GET /admin/credit-requests/': () => ({ status: 503 }) });
    renderRoute(<CreditRequestsPage />);
    expect(await screen.findByText('Failed to load credit requests')).toBeInTheDocument();
  });
});

describe('the review modal', () => {
  async function openReview(over: FakeRoutes = {}) {
    serve(over);
    const user = userEvent.setup();
    renderRoute(<CreditRequestsPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(within(cards()[0]!).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog');
    return { user, dialog };
  }

  it('shows user info with the balance and the details', async () => {
    const { dialog } = await openReview();
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByTestId('review-balance')).toHaveTextContent('80 credits');
    expect(within(dialog).getByText('1,000 credits')).toBeInTheDocument();
    expect(within(dialog).getByText('Data extraction')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('rejection needs notes: nothing is sent until they are given, and typing clears the message', async () => {
    const review = jest.fn((c: FakeCall) => ({ body: { ...pending, status: 'rejected', admin_notes: (c.body as { admin_notes: string }).admin_notes } }));
    const { user, dialog } = await openReview({ [`PUT /admin/credit-requests/${pending.id}/review`]: review });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(CREDIT_REQUEST_MESSAGES.rejectNotes)).toBeInTheDocument();
    expect(CREDIT_REQUEST_MESSAGES.rejectNotes).toBe('Please provide notes explaining why this request is being rejected');
    expect(review).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Review notes' }), 'Not enough detail');
    expect(within(dialog).queryByText(CREDIT_REQUEST_MESSAGES.rejectNotes)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(review).toHaveBeenCalledTimes(1));
    expect(review.mock.calls[0]![0].body).toEqual({ status: 'rejected', admin_notes: 'Not enough detail' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approval notes are optional', async () => {
    const review = jest.fn(() => ({ body: { ...pending, status: 'approved' } }));
    const { user, dialog } = await openReview({ [`PUT /admin/credit-requests/${pending.id}/review`]: review });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(review).toHaveBeenCalledTimes(1));
    expect((review.mock.calls[0] as unknown as [FakeCall])[0].body).toEqual({ status: 'approved', admin_notes: null });
    expect(await screen.findByText('Request Approved')).toBeInTheDocument();
  });

  it('a failed review shows the server detail and keeps the notes; without one the spec fallback', async () => {
    let answer: { status: number; body?: unknown } = { status: 409, body: { detail: 'Credit request has already been reviewed (approved) and cannot be reviewed again' } };
    const { user, dialog } = await openReview({ [`PUT /admin/credit-requests/${pending.id}/review`]: () => answer });
    await user.type(within(dialog).getByRole('textbox', { name: 'Review notes' }), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Credit request has already been reviewed (approved) and cannot be reviewed again')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Review notes' })).toHaveValue('ok');
    answer = { status: 500 };
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Failed to reject request')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Failed to approve request')).toBeInTheDocument();
  });

  it('a reviewed request opens without Approve or Reject and says it cannot be reviewed again', async () => {
    serve();
    const user = userEvent.setup();
    renderRoute(<CreditRequestsPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(within(cards()[2]!).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Review notes' })).toBeNull();
    expect(within(dialog).getByTestId('review-outcome')).toHaveTextContent('Enjoy the extra credits');
    expect(within(dialog).getByTestId('review-outcome')).toHaveTextContent('Reviewed by boss@example.com');
    expect(within(dialog).getByTestId('review-outcome')).toHaveTextContent('cannot be reviewed again');
  });
});
