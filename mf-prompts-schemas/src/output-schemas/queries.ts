import { api } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promptKeys, schemaKeys } from '../common/keys';
import { useUserId } from '../common/queries';

/** DELETE /output-schemas/{id}: a schema in use answers 409 naming its users; force=true deletes anyway. */
export function useDeleteSchema() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: string; force: boolean }) => api.delete(`output-schemas/${encodeURIComponent(id)}`, { query: { force: force || undefined } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: schemaKeys.all(userId) });
      void client.invalidateQueries({ queryKey: promptKeys.all(userId) });
    },
  });
}
