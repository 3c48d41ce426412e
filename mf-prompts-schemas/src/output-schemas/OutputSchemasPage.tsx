// /output-schemas (spec 2 §2): search, sort (updated, created, name, usage), previews cut at
// 150 characters, New, delete with confirmation. A schema still used by prompts, examples or
// jobs is not deleted silently: the dialog says what uses it and offers 'Delete anyway'.
import { Badge, Box, Button, Card, HStack, IconButton, Input, InputGroup, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, formatDate, handleError, paths, toAppError, toast } from '@quarry/shared';
import { OUTPUT_SCHEMA_SORTS, type OutputSchema } from '@quarry/shared/schemas';
import { Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../common/errors';
import { useSchemaList } from '../common/queries';
import { cut } from '../common/templateVariables';
import { useDebounced } from '../common/useDebounced';
import { useDeleteSchema } from './queries';

export const SCHEMA_PREVIEW_LENGTH = 150;
export const SCHEMAS_LOAD_FAILED = 'Failed to load output schemas';
const SORT_LABELS: Record<(typeof OUTPUT_SCHEMA_SORTS)[number], string> = { updated: 'Recently updated', created: 'Recently created', name: 'Name', usage: 'Most used' };

export default function OutputSchemasPage() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<(typeof OUTPUT_SCHEMA_SORTS)[number]>('updated');
  const debounced = useDebounced(search.trim(), 250);
  const query = useSchemaList({ search: debounced || undefined, sort });
  const remove = useDeleteSchema();
  const [toDelete, setToDelete] = useState<OutputSchema | null>(null);
  const [inUse, setInUse] = useState<string | null>(null);

  useEffect(() => {
    if (query.isError) toast.error({ id: `schemas-${query.errorUpdatedAt}`, title: SCHEMAS_LOAD_FAILED, description: errorText(query.error) });
  }, [query.isError, query.errorUpdatedAt, query.error]);

  const close = () => {
    setToDelete(null);
    setInUse(null);
  };

  return (
    <Box>
      <PageHeader
        title="Output Schemas"
        description="Reusable JSON schemas for structured language-model output."
        actions={
          <Button asChild colorPalette="brand">
            <Link to={paths.outputSchemas.new}>
              <Plus /> New schema
            </Link>
          </Button>
        }
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mb="5">
        <InputGroup flex="1" startElement={<Search size={16} />}>
          <Input aria-label="Search schemas" placeholder="Search schemas" value={search} onChange={(e) => setSearch(e.target.value)} />
        </InputGroup>
        <NativeSelect.Root width={{ base: 'full', sm: '200px' }}>
          <NativeSelect.Field aria-label="Sort" value={sort} onChange={(e) => setSort(e.target.value as typeof sort)}>
            {OUTPUT_SCHEMA_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      {query.isPending ? (
        <LoadingState text="Loading output schemas..." />
      ) : query.isError ? (
        <ErrorState title={SCHEMAS_LOAD_FAILED} message={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.schemas.length === 0 ? (
        <EmptyState
          title="No output schemas found"
          description={debounced ? 'No schema matches the search.' : 'Create a schema to tell the model which fields to return.'}
          action={
            <Button asChild size="sm" colorPalette="brand">
              <Link to={paths.outputSchemas.new}>New schema</Link>
            </Button>
          }
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Output schemas">
          {query.data.schemas.map((s) => (
            <Card.Root as="li" key={s.id} size="sm">
              <Card.Body>
                <HStack justify="space-between" align="flex-start" gap="3">
                  <Stack gap="1" minW="0" flex="1">
                    <HStack gap="2" wrap="wrap">
                      <ChakraLink asChild fontWeight="semibold" colorPalette="brand">
                        <Link to={paths.outputSchemas.detail(s.id)}>{s.name}</Link>
                      </ChakraLink>
                      <Badge>{s.field_count} fields</Badge>
                      <Badge colorPalette={s.usage_count ? 'green' : 'gray'}>used {s.usage_count}×</Badge>
                      <Text fontSize="xs" color="fg.muted">
                        updated {formatDate(s.updated_at)}
                      </Text>
                    </HStack>
                    {s.description ? (
                      <Text fontSize="sm" color="fg.muted">
                        {s.description}
                      </Text>
                    ) : null}
                    <Text fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all" data-testid="schema-preview">
                      {cut(JSON.stringify(s.schema_definition), SCHEMA_PREVIEW_LENGTH)}
                    </Text>
                  </Stack>
                  <IconButton aria-label={`Delete schema ${s.name}`} size="sm" variant="ghost" colorPalette="red" onClick={() => setToDelete(s)}>
                    <Trash2 />
                  </IconButton>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
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
    </Box>
  );
}
