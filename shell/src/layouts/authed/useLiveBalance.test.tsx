import { events, userKeys } from '@quarry/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLiveBalance } from './useLiveBalance';

const USER = '0b0c9a4e-5d0f-4a53-9c4a-111111111111';

function setup() {
  const client = new QueryClient();
  client.setQueryData(userKeys.resourceLimits(USER), { credit_balance: 100, resource_limits: [] });
  const other = userKeys.all('someone-else');
  client.setQueryData(other, 'untouched');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useLiveBalance(USER), { wrapper });
  const stale = () => client.getQueryState(userKeys.resourceLimits(USER))?.isInvalidated;
  return { client, hook, stale, other };
}

describe('useLiveBalance', () => {
  it.each(['credit_request_reviewed', 'credit_balance_adjusted'])('a %s message makes the credits card refetch', (event) => {
    const { stale, client, other } = setup();
    expect(stale()).toBe(false);
    act(() => events.emit({ event, message: 'approved', credit_balance: 400 }));
    expect(stale()).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });

  it('other messages and an unmounted card change nothing', () => {
    const { stale, hook } = setup();
    act(() => events.emit({ event: 'upload_complete', message: 'done' }));
    expect(stale()).toBe(false);
    hook.unmount();
    act(() => events.emit({ event: 'credit_request_reviewed', message: 'approved' }));
    expect(stale()).toBe(false);
  });
});
