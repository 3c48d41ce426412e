import { api } from '@quarry/shared';
import { LlmFormatResponseSchema, OutputSchemaSchema, ValidateDataResponseSchema, type OutputSchemaUpdate } from '@quarry/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { promptKeys, schemaKeys } from '../common/keys';
import { schemaQueryOptions, useUserId } from '../common/queries';

export const useSchemaDetail = (id: string) => {
  const userId = useUserId();
  return useQuery({ ...schemaQueryOptions(userId, id), retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2 });
};

export const useLlmFormat = (id: string, enabled: boolean) => {
  const userId = useUserId();
  return useQuery({
    queryKey: schemaKeys.llmFormat(userId, id),
    queryFn: ({ signal }) => api.get(`output-schemas/${encodeURIComponent(id)}/llm-format`, { signal, schema: LlmFormatResponseSchema }),
    enabled: Boolean(userId) && enabled,
  });
};

export function useUpdateSchema(id: string) {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: OutputSchemaUpdate) => api.put(`output-schemas/${encodeURIComponent(id)}`, patch, { schema: OutputSchemaSchema }),
    onSuccess: (schema) => {
      client.setQueryData(schemaKeys.detail(userId, id), schema);
      void client.invalidateQueries({ queryKey: schemaKeys.all(userId) });
      void client.invalidateQueries({ queryKey: promptKeys.all(userId) });
    },
  });
}

export const useValidateData = (id: string) =>
  useMutation({
    mutationFn: (data: unknown) => api.post(`output-schemas/${encodeURIComponent(id)}/validate-data`, { data }, { schema: ValidateDataResponseSchema }),
  });
