// /jobs/{id}: the job itself (any type), to open its monitor or show it.
import { useQuery } from '@tanstack/react-query';
import { jobQuery } from '../common/jobDetailQueries';
import { useUserId } from '../common/queries';

/** The extraction monitor reads the same answer under the same key. */
export function useJob(id: string) {
  return useQuery({ ...jobQuery(useUserId(), id), retry: false });
}
