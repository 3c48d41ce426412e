import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createTestQueryClient, signInForTests, signOutForTests, TEST_USER } from './testing/renderRoute';
import { useSignedInQuery } from './signedInQuery';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;

afterEach(() => signOutForTests());

describe('useSignedInQuery', () => {
  it('waits for a signed-in user', () => {
    const fetch = jest.fn(() => Promise.resolve(1));
    const { result } = renderHook(() => useSignedInQuery((userId) => ['things', userId ?? 'anonymous'], fetch), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fetches under the user's key, and waits for its own condition too", async () => {
    signInForTests({ baseUrl: 'http://fake.test' });
    const keys: unknown[] = [];
    const fetch = jest.fn(() => Promise.resolve(42));
    const { result, rerender } = renderHook(
      ({ ready }: { ready: boolean }) =>
        useSignedInQuery(
          (userId) => {
            keys.push(userId);
            return ['things', userId ?? 'anonymous'];
          },
          fetch,
          { enabled: ready },
        ),
      { wrapper, initialProps: { ready: false } },
    );
    expect(fetch).not.toHaveBeenCalled();
    rerender({ ready: true });
    await waitFor(() => expect(result.current.data).toBe(42));
    expect(keys).toContain(TEST_USER.id);
  });
});
