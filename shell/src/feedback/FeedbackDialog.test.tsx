import { toaster } from '@quarry/shared';
import { callsAnswered, quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeRoute } from '@quarry/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { FeedbackDialog } from './FeedbackDialog';

const fakeApi = setupFakeApiRoutes();
const serve = (send: FakeRoute = () => ({ status: 201, body: {} })) => fakeApi.serve({ 'POST /feedback/': send });

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

  it('on failure shows the toast and keeps what was typed', async () => {
    serve(() => ({ status: 500 }));
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
