// The mutation nearly every app's queries.ts writes: call the API, then mark the signed-in
// user's cached answers under one key stale so what is on screen refetches.
import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { useCurrentUser } from './auth/useAuth';

/**
 * `'success'`: refresh after a success only. `'settled'`: after a failure too, for calls whose
 * failure can also mean the cached answer is out of date (already reviewed, already gone).
 */
export type RefreshAfter = 'success' | 'settled';

/** A key of the signed-in user's queries, built from their id. */
export type UserQueryKey = (userId: string | undefined) => QueryKey;

/**
 * A mutation that invalidates the signed-in user's queries under `stale` (one key, or several
 * when one change shows in several places) once it is done. The invalidation is returned to
 * the mutation, so it stays pending until the refetch of what is on screen has finished (a
 * button's spinner covers both).
 */
export function useRefreshingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: UserQueryKey | readonly UserQueryKey[],
  after: RefreshAfter,
): UseMutationResult<TData, Error, TVariables> {
  const client = useQueryClient();
  const userId = useCurrentUser()?.id;
  const invalidate = (key: UserQueryKey) => client.invalidateQueries({ queryKey: key(userId) });
  const refresh = () => (typeof stale === 'function' ? invalidate(stale) : Promise.all(stale.map(invalidate)));
  return useMutation({ mutationFn, ...(after === 'success' ? { onSuccess: refresh } : { onSettled: refresh }) });
}
