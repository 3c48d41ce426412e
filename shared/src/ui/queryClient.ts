import { QueryClient } from '@tanstack/react-query';
import { toAppError } from '../errors/app-error';
import { backoffDelay } from '../errors/handler';

export const FIVE_MINUTES_MS = 5 * 60 * 1000;

/**
 * Options for data cached for 5 minutes without refetching on window focus
 * (email preferences, resource limits): `useQuery({ queryKey, queryFn, ...CACHED_FIVE_MINUTES })`.
 */
export const CACHED_FIVE_MINUTES = {
  staleTime: FIVE_MINUTES_MS,
  gcTime: 2 * FIVE_MINUTES_MS,
  refetchOnWindowFocus: false,
} as const;

/** Queries: retry at most twice, only retryable failures (network, 5xx, 408, 429), never 4xx. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && toAppError(error).retryable;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: (attempt) => backoffDelay(attempt),
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** THE query cache of the page, shared by the shell and every remote. */
export const queryClient: QueryClient = createQueryClient();
