import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './useDebouncedValue';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('settles on the last value once it stops changing for the pause', () => {
  const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 200), { initialProps: { value: 'a' } });
  expect(result.current).toBe('a');
  rerender({ value: 'ab' });
  act(() => jest.advanceTimersByTime(150));
  rerender({ value: 'abc' });
  act(() => jest.advanceTimersByTime(150));
  expect(result.current).toBe('a');
  act(() => jest.advanceTimersByTime(50));
  expect(result.current).toBe('abc');
});

it('waits 300 ms by default', () => {
  const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), { initialProps: { value: 1 } });
  rerender({ value: 2 });
  act(() => jest.advanceTimersByTime(299));
  expect(result.current).toBe(1);
  act(() => jest.advanceTimersByTime(1));
  expect(result.current).toBe(2);
});
