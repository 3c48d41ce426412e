// The query nearly every app's queries.ts writes: the signed-in user's own data, keyed under
// their id, and not asked for before someone is signed in.
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useCurrentUser } from './auth/useAuth';

export type SignedInQueryOptions<TData, TKey extends QueryKey> = Omit<UseQueryOptions<TData, Error, TData, TKey>, 'queryKey' | 'queryFn' | 'enabled'> & {
  /** a further condition (an id chosen, a job completed); the query also waits for a user */
  enabled?: boolean;
};

/** `useQuery` of `fetch`, keyed by `queryKey(userId)`, idle until a user is signed in. */
export function useSignedInQuery<TData, TKey extends QueryKey>(
  queryKey: (userId: string | undefined) => TKey,
  fetch: (signal: AbortSignal) => Promise<TData>,
  { enabled = true, ...options }: SignedInQueryOptions<TData, TKey> = {},
): UseQueryResult<TData, Error> {
  const userId = useCurrentUser()?.id;
  return useQuery({
    ...options,
    queryKey: queryKey(userId),
    queryFn: ({ signal }) => fetch(signal),
    enabled: Boolean(userId) && enabled,
  });
}
