import { toaster } from '@quarry/shared';
import { callsAnswered, quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeRoute } from '@quarry/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { FeedbackDialog } from './FeedbackDialog';

const fakeApi = setupFakeApiRoutes();
/** What the API answers to POST /feedback/: the feedback as stored (FeedbackSchema). */
const stored: FakeRoute = (call) => {
  const sent = call.body as { category: string; message: string; url?: string | null; user_agent?: string | null };
  return {
    status: 201,
    body: {
      id: '7c1e9b2a-4f3d-4a6b-8c5e-1d2f3a4b5c6d',
      user_id: '0b7f3a9e-2c4d-4e8f-9a1b-3c5d7e9f1a2b',
      user_email: 'user@example.com',
      category: sent.category,
      message: sent.message,
      url: sent.url ?? null,
      user_agent: sent.user_agent ?? null,
      created_at: new Date().toISOString(),
    },
  };
};
const serve = (send: FakeRoute = stored) => fakeApi.serve({ 'POST /feedback/': send });

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="open">{String(open)}</span>
      <FeedbackDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

const submit = () => screen.getByRole('button', { name: /submit feedback/i });

beforeEach(() => {
  quietActWarnings();
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  act(() => toaster.remove());
});

describe('FeedbackDialog', () => {
  it('keeps submit disabled until a category and a message are there, and says what is missing', async () => {
    const calls = serve();
    renderRoute(<Harness />);
    expect(submit()).toBeDisabled();
    const message = screen.getByLabelText(/^Message/);
    fireEvent.blur(message);
    expect(await screen.findByText('Please provide feedback.')).toBeInTheDocument();
    fireEvent.change(message, { target: { value: 'Great tool' } });
    expect(screen.getByTestId('feedback-counter')).toHaveTextContent('10/1000');
    expect(submit()).toBeDisabled();
    fireEvent.blur(screen.getByLabelText(/^Category/));
    expect(screen.getByText('Please select a category.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: 'feature' } });
    expect(submit()).toBeEnabled();
    expect(calls).toEqual([]);
  });

  it('sends category, message, url and user agent; thanks; closes itself after 2 s', async () => {
    const calls = serve();
    const { queryClient } = renderRoute(<Harness />);
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: 'bug' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: '  The button is blue  ' } });
    jest.useFakeTimers();
    fireEvent.click(submit());
    await callsAnswered(queryClient);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/feedback/',
        {
          category: 'bug',
          message: 'The button is blue',
          url: window.location.href,
          user_agent: navigator.userAgent,
        },
      ],
    ]);
    expect(screen.getByText('Thank you for your feedback!')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1999);
    });
    expect(screen.getByTestId('open')).toHaveTextContent('true');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('open')).toHaveTextContent('false');
  });

  it.each([
    ['the server fails', () => ({ status: 500 })],
    ['the answer is not the stored feedback', () => ({ status: 201, body: {} })],
  ] as [string, FakeRoute][])('when %s: shows the failure toast and keeps what was typed', async (_, answer) => {
    serve(answer);
    renderRoute(<Harness />);
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Keep me' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Failed to submit feedback. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Keep me');
    expect(screen.getByLabelText(/^Category/)).toHaveValue('other');
  });
});
