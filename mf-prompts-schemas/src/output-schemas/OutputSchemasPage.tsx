// /output-schemas: search, sort by the column headers (updated, created, name, usage) or, on a
// phone, a sort select; pages of 20; each schema summarised by its fields ("6 fields:
// invoice_number, date, total, …"), never its JSON; New; delete with confirmation. A schema
// still used by prompts, examples or jobs is not deleted silently: the dialog says what uses it
// and offers 'Delete anyway'.
import { Badge, IconButton, Text } from '@chakra-ui/react';
import { ConfirmDialog, formatDate, handleError, paths, toAppError, toast, LIST_PAGE_SIZE, useListParams } from '@quarry/shared';
import { OUTPUT_SCHEMA_SORTS, type OutputSchema, type OutputSchemaSort } from '@quarry/shared/schemas';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorText } from '../common/errors';
import { ListPage, useListSearch, type ListTexts } from '../common/ListPage';
import { useSchemaList } from '../common/queries';
import { cut } from '../common/templateVariables';
import { useDeleteSchema } from './queries';
import { schemaSummary } from './summary';

/** the summary is cut like the preview it replaced */
export const SCHEMA_PREVIEW_LENGTH = 150;
export const SCHEMAS_LOAD_FAILED = 'Failed to load output schemas';
const SCHEMAS_TEXTS: ListTexts = {
  title: 'Output Schemas',
  description: 'Reusable JSON schemas for structured language-model output.',
  newLabel: 'New schema',
  search: 'Search schemas',
  loading: 'Loading output schemas...',
  loadFailed: SCHEMAS_LOAD_FAILED,
  empty: 'No output schemas found',
  emptyNew: 'New schema',
  list: 'Output schemas',
  noun: ['schema', 'schemas'],
};
const firstOrder = (column: OutputSchemaSort) => (column === 'name' ? 'asc' : 'desc');
const SORT_OPTIONS = [
  { sort: 'updated_at', order: 'desc', label: 'Recently updated' },
  { sort: 'created_at', order: 'desc', label: 'Recently created' },
  { sort: 'name', order: 'asc', label: 'Name (A–Z)' },
  { sort: 'name', order: 'desc', label: 'Name (Z–A)' },
  { sort: 'usage_count', order: 'desc', label: 'Most used' },
] as const;

export default function OutputSchemasPage() {
  const search = useListSearch();
  const params = useListParams(OUTPUT_SCHEMA_SORTS, { sort: 'updated_at', order: 'desc' }, firstOrder);
  const query = useSchemaList({ search: search.term || undefined, sort: params.sort, order: params.order, offset: params.offset, limit: LIST_PAGE_SIZE });
  const remove = useDeleteSchema();
  const [toDelete, setToDelete] = useState<OutputSchema | null>(null);
  const [inUse, setInUse] = useState<string | null>(null);

  const close = () => {
    setToDelete(null);
    setInUse(null);
  };

  return (
    <ListPage
      texts={SCHEMAS_TEXTS}
      newPath={paths.outputSchemas.new}
      search={search}
      params={params}
      sortOptions={SORT_OPTIONS}
      list={{
        query,
        items: (data) => data.schemas,
        total: (data) => data.total_count,
        toastId: 'schemas',
        emptyDescription: 'Create a schema to tell the model which fields to return.',
      }}
      nameHeader={{ header: 'Name', sort: 'name' }}
      name={(s) => ({ name: s.name, to: paths.outputSchemas.detail(s.id), description: s.description })}
      columns={[
        {
          header: 'Fields',
          cell: (s) => (
            <Text textStyle="sm" data-testid="schema-summary" minW="40" maxW="64" whiteSpace="normal" wordBreak="break-word">
              {cut(schemaSummary(s.schema_definition, s.field_count), SCHEMA_PREVIEW_LENGTH)}
            </Text>
          ),
        },
        {
          header: 'Used',
          sort: 'usage_count',
          textAlign: 'end',
          cell: (s) => <Badge colorPalette={s.usage_count ? 'green' : 'gray'}>{s.usage_count === 0 ? 'unused' : `${s.usage_count.toLocaleString('en-US')}×`}</Badge>,
        },
        { header: 'Updated', sort: 'updated_at', cell: (s) => formatDate(s.updated_at) },
        { header: 'Created', sort: 'created_at', cell: (s) => formatDate(s.created_at) },
      ]}
      actions={(s) => (
        <IconButton aria-label={`Delete schema ${s.name}`} size="sm" variant="ghost" colorPalette="red" onClick={() => setToDelete(s)}>
          <Trash2 />
        </IconButton>
      )}
    >
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && close()}
        title={inUse ? 'Schema in use' : 'Delete schema'}
        message={inUse ?? (toDelete ? `Are you sure you want to delete the schema "${toDelete.name}"? This action cannot be undone.` : '')}
        confirmLabel={inUse ? 'Delete anyway' : 'Delete'}
        destructive
        closeOnConfirm={false}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync({ id: toDelete.id, force: inUse !== null });
            toast.success({ title: 'Schema deleted', description: toDelete.name });
            close();
          } catch (e) {
            if (toAppError(e).status === 409) setInUse(errorText(e));
            else {
              handleError(e, { title: 'Delete Failed' });
              close();
            }
          }
        }}
      />
    </ListPage>
  );
}
