// The jobs list: GET /jobs/ with the list's filters, sort and page, kept on screen while the
// next page loads.
import { api, jobKeys } from '@quarry/shared';
import { JobListResponseSchema } from '@quarry/shared/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useUserId } from '../common/queries';
import { listQuery, type JobsListParams } from './listParams';

export function useJobsList(p: JobsListParams) {
  const userId = useUserId();
  const query = listQuery(p);
  return useQuery({
    queryKey: jobKeys.list(userId, { view: 'all', ...query }),
    queryFn: ({ signal }) => api.get('jobs/', { query, signal, schema: JobListResponseSchema }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });
}
