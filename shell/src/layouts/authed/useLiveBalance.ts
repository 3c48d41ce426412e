// The credits card follows the balance live: when an administrator approves a credit request
// or adjusts the balance, the server tells this user's socket, and the cached
// `users/me/resource-limits` (the card's source) is refetched without a reload.
import { events, userKeys } from '@quarry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { merge } from 'rxjs';

/** Socket events after which the balance has changed. */
export const BALANCE_EVENTS = ['credit_request_reviewed', 'credit_balance_adjusted'] as const;

export function useLiveBalance(userId: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return undefined;
    const sub = merge(...BALANCE_EVENTS.map((name) => events.on(name))).subscribe(() => {
      void client.invalidateQueries({ queryKey: userKeys.resourceLimits(userId) });
    });
    return () => sub.unsubscribe();
  }, [client, userId]);
}
