// /output-schemas (spec 2 §2): search, sort (updated, created, name, usage), previews cut at
// 150 characters, New, delete with confirmation. A schema still used by prompts, examples or
// jobs is not deleted silently: the dialog says what uses it and offers 'Delete anyway'.
import { Badge, Text } from '@chakra-ui/react';
import { ConfirmDialog, formatDate, handleError, paths, toAppError, toast } from '@quarry/shared';
import { OUTPUT_SCHEMA_SORTS, type OutputSchema } from '@quarry/shared/schemas';
import { useState } from 'react';
import { errorText } from '../common/errors';
import { ListPage, useListSearch, type ListTexts } from '../common/ListPage';
import { useSchemaList } from '../common/queries';
import { cut } from '../common/templateVariables';
import { useDeleteSchema } from './queries';

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
};
type SchemaSort = (typeof OUTPUT_SCHEMA_SORTS)[number];
const SORT_LABELS: Record<SchemaSort, string> = { updated: 'Recently updated', created: 'Recently created', name: 'Name', usage: 'Most used' };

export default function OutputSchemasPage() {
  const search = useListSearch();
  const [sort, setSort] = useState<SchemaSort>('updated');
  const query = useSchemaList({ search: search.term || undefined, sort });
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
      select={{ label: 'Sort', width: '200px', value: sort, values: OUTPUT_SCHEMA_SORTS, labels: SORT_LABELS, onChange: setSort }}
      list={{ query, items: (data) => data.schemas, toastId: 'schemas', emptyDescription: search.term ? 'No schema matches the search.' : 'Create a schema to tell the model which fields to return.' }}
      card={(s) => ({
        name: s.name,
        to: paths.outputSchemas.detail(s.id),
        tags: (
          <>
            <Badge>{s.field_count} fields</Badge>
            <Badge colorPalette={s.usage_count ? 'green' : 'gray'}>used {s.usage_count}×</Badge>
            <Text fontSize="xs" color="fg.muted">
              updated {formatDate(s.updated_at)}
            </Text>
          </>
        ),
        description: s.description,
        preview: { text: cut(JSON.stringify(s.schema_definition), SCHEMA_PREVIEW_LENGTH), testId: 'schema-preview', wordBreak: 'break-all' },
        deleteLabel: `Delete schema ${s.name}`,
        onDelete: () => setToDelete(s),
      })}
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
