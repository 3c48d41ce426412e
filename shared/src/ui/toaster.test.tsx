import { act, screen, waitFor } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { Toaster, toast, toastDuration, toaster } from './toaster';

afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});

describe('the duration rule', () => {
  it('defaults to 5000 ms; 0 or less stays; other values as given', () => {
    expect(toastDuration()).toBe(5000);
    expect(toastDuration(null)).toBe(5000);
    expect(toastDuration(0)).toBe(Infinity);
    expect(toastDuration(-1)).toBe(Infinity);
    expect(toastDuration(2500)).toBe(2500);
  });

  it('every helper applies it', () => {
    const create = jest.spyOn(toaster, 'create');
    toast.success('Saved');
    toast.error('Delete Failed', 'Failed to delete resource type');
    toast.warning({ title: 'Connection Lost', description: 'Unable to maintain real-time connection after multiple attempts', duration: 0 });
    toast.info('Heads up', undefined, { duration: 1200 });
    expect(create.mock.calls.map(([o]) => [o.type, o.title, o.description, o.duration])).toEqual([
      ['success', 'Saved', undefined, 5000],
      ['error', 'Delete Failed', 'Failed to delete resource type', 5000],
      ['warning', 'Connection Lost', 'Unable to maintain real-time connection after multiple attempts', Infinity],
      ['info', 'Heads up', undefined, 1200],
    ]);
  });
});

describe('<Toaster />', () => {
  it('shows a toast and removes it after 5 s, but keeps a duration-0 toast', async () => {
    jest.useFakeTimers();
    try {
      renderUi(<Toaster />);
      act(() => {
        toast.success('Message sent successfully!', "We'll get back to you soon.");
        toast.warning({ title: 'Sticky', duration: 0 });
      });
      expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
      expect(screen.getByText("We'll get back to you soon.")).toBeInTheDocument();
      expect(screen.getByText('Sticky')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(4900);
      });
      expect(screen.getByText('Message sent successfully!')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1500);
      });
      await waitFor(() => expect(screen.queryByText('Message sent successfully!')).not.toBeInTheDocument());
      await act(async () => {
        await jest.advanceTimersByTimeAsync(60_000);
      });
      expect(screen.getByText('Sticky')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
