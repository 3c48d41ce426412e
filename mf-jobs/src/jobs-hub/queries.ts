// The jobs list: GET /jobs/ with the list's filters, sort and page, kept on screen while the
// next page loads.
import { api, jobKeys, useSignedInQuery } from '@quarry/shared';
import { JobListResponseSchema } from '@quarry/shared/schemas';
import { keepPreviousData } from '@tanstack/react-query';
import { listQuery, type JobsListParams } from './listParams';

export function useJobsList(p: JobsListParams) {
  const query = listQuery(p);
  return useSignedInQuery(
    (userId) => jobKeys.list(userId, { view: 'all', ...query }),
    (signal) => api.get('jobs/', { query, signal, schema: JobListResponseSchema }),
    { placeholderData: keepPreviousData },
  );
}
