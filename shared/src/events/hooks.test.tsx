import { act, render, screen } from '@testing-library/react';
import { Subject } from 'rxjs';
import { events } from './bus';
import { useConnectionState, useJobUpdates, useObservable } from './hooks';
import type { JobUpdateMessage } from './types';

const update = (job_id: string, pct: number): JobUpdateMessage => ({
  type: 'job_update',
  job_id,
  status: 'running',
  data: { progress_percentage: pct },
});

afterEach(() => events.setConnectionState('disconnected'));

it('useJobUpdates returns the latest update of its job only and calls back for each', () => {
  const seen: number[] = [];
  function Probe({ id }: { id: string }) {
    const last = useJobUpdates(id, (m) => seen.push(m.data.progress_percentage ?? -1));
    return <span data-testid="pct">{last ? last.data.progress_percentage : 'none'}</span>;
  }
  const { rerender, unmount } = render(<Probe id="a" />);
  expect(screen.getByTestId('pct')).toHaveTextContent('none');
  act(() => {
    events.emit(update('a', 10));
    events.emit(update('b', 99));
  });
  expect(screen.getByTestId('pct')).toHaveTextContent('10');
  rerender(<Probe id="b" />);
  expect(screen.getByTestId('pct')).toHaveTextContent('none');
  act(() => events.emit(update('b', 50)));
  expect(screen.getByTestId('pct')).toHaveTextContent('50');
  expect(seen).toEqual([10, 50]);
  unmount();
  events.emit(update('b', 70));
  expect(seen).toEqual([10, 50]);
});

it('useConnectionState follows the bus', () => {
  function Probe() {
    return <span data-testid="state">{useConnectionState()}</span>;
  }
  render(<Probe />);
  expect(screen.getByTestId('state')).toHaveTextContent('disconnected');
  act(() => events.setConnectionState('connected'));
  expect(screen.getByTestId('state')).toHaveTextContent('connected');
  act(() => events.setConnectionState('error'));
  expect(screen.getByTestId('state')).toHaveTextContent('error');
});

it('useObservable shows the initial value, then each emission', () => {
  const subject = new Subject<string>();
  function Probe() {
    return <span data-testid="v">{useObservable(subject, 'start')}</span>;
  }
  render(<Probe />);
  expect(screen.getByTestId('v')).toHaveTextContent('start');
  act(() => subject.next('next'));
  expect(screen.getByTestId('v')).toHaveTextContent('next');
});
