import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useRefreshingMutation } from './refreshingMutation';

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { invalidate, wrapper };
}

describe('useRefreshingMutation', () => {
  it('refreshes the key after a success', async () => {
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(() => useRefreshingMutation((n: number) => Promise.resolve(n * 2), (userId) => ['things', userId ?? 'anonymous'], 'success'), { wrapper });
    await act(async () => {
      expect(await result.current.mutateAsync(2)).toBe(4);
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things', 'anonymous'] });
  });

  it('refreshes every key it is given', async () => {
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(() => useRefreshingMutation(() => Promise.resolve(1), [() => ['a'], () => ['b']], 'success'), { wrapper });
    await act(async () => {
      await result.current.mutateAsync();
    });
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ['a'] }], [{ queryKey: ['b'] }]]);
  });

  it("'success' leaves the cache alone after a failure; 'settled' refreshes it", async () => {
    for (const [after, calls] of [['success', 0], ['settled', 1]] as const) {
      const { invalidate, wrapper } = setup();
      const { result } = renderHook(() => useRefreshingMutation(() => Promise.reject(new Error('no')), () => ['things'], after), { wrapper });
      act(() => result.current.mutate());
      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(invalidate).toHaveBeenCalledTimes(calls);
    }
  });
});
