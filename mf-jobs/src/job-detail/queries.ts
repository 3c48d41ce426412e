// /jobs/{id}: the job itself (any type), to open its monitor or show it.
import { api, jobKeys } from '@quarry/shared';
import { JobDetailSchema } from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { useUserId } from '../common/queries';

export function useJob(id: string) {
  const userId = useUserId();
  return useQuery({
    // the extraction monitor reads the same answer under the same key
    queryKey: [...jobKeys.detail(userId, id), 'job'] as const,
    queryFn: ({ signal }) => api.get(`jobs/${encodeURIComponent(id)}`, { signal, schema: JobDetailSchema }),
    enabled: Boolean(userId && id),
    retry: false,
  });
}
