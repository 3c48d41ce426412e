import { api } from '@quarry/shared';
import { OutputSchemaSchema, type OutputSchemaCreate } from '@quarry/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { schemaKeys } from '../common/keys';
import { useUserId } from '../common/queries';

export function useCreateSchema() {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OutputSchemaCreate) => api.post('output-schemas/', body, { schema: OutputSchemaSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: schemaKeys.all(userId) }),
  });
}
