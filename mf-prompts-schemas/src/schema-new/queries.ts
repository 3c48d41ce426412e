import { api, useRefreshingMutation } from '@quarry/shared';
import { OutputSchemaSchema, type OutputSchemaCreate } from '@quarry/shared/schemas';
import { schemaKeys } from '../common/keys';

export function useCreateSchema() {
  return useRefreshingMutation((body: OutputSchemaCreate) => api.post('output-schemas/', body, { schema: OutputSchemaSchema }), schemaKeys.all, 'success');
}
