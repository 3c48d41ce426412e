import { useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { AppError } from '../errors/app-error';
import { AppProviders } from './AppProviders';
import { CACHED_FIVE_MINUTES, queryClient, shouldRetryQuery } from './queryClient';
import { toast, toaster } from './toaster';

afterEach(() => act(() => toaster.remove()));

it('provides THE query client, Chakra, and one toast region', async () => {
  let seen: unknown;
  function Probe() {
    seen = useQueryClient();
    const q = useQuery({ queryKey: ['probe'], queryFn: async () => 'data', ...CACHED_FIVE_MINUTES });
    return <span>{q.data ?? 'loading'}</span>;
  }
  render(
    <AppProviders>
      <Probe />
    </AppProviders>,
  );
  expect(seen).toBe(queryClient);
  expect(await screen.findByText('data')).toBeInTheDocument();
  act(() => {
    toast.info('Processing Started');
  });
  expect(await screen.findByText('Processing Started')).toBeInTheDocument();
  expect(screen.getAllByRole('region')).toHaveLength(1);
  queryClient.clear();
});

it('retries queries only for retryable failures, at most twice', () => {
  expect(shouldRetryQuery(0, new AppError({ kind: 'network' }))).toBe(true);
  expect(shouldRetryQuery(1, new AppError({ kind: 'system', status: 503 }))).toBe(true);
  expect(shouldRetryQuery(2, new AppError({ kind: 'system', status: 503 }))).toBe(false);
  expect(shouldRetryQuery(0, new AppError({ kind: 'validation', status: 404 }))).toBe(false);
  expect(shouldRetryQuery(0, new AppError({ kind: 'authentication', status: 401 }))).toBe(false);
  expect(CACHED_FIVE_MINUTES).toMatchObject({ staleTime: 300_000, refetchOnWindowFocus: false });
});
