// /prompts (spec 2 §2): the user's prompts (up to 100) with search and a type filter, each
// previewing its template cut at 120 characters; New; delete with confirmation. A failed load
// shows 'Failed to load prompts' (spec 2 §8) as a toast and in the page with Retry.
import { Badge, Box, Button, Card, HStack, IconButton, Input, InputGroup, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, formatDate, handleError, paths, toast } from '@quarry/shared';
import type { Prompt, PromptKind } from '@quarry/shared/schemas';
import { Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../common/errors';
import { cut } from '../common/templateVariables';
import { useDebounced } from '../common/useDebounced';
import { useDeletePrompt, usePromptList } from './queries';

export const PROMPTS_TEXTS = {
  loadFailed: 'Failed to load prompts',
  empty: 'No prompts found',
  emptyHint: 'Create your first prompt template to start extracting data.',
  confirmDelete: (name: string) => `Are you sure you want to delete the prompt "${name}"? Its examples are deleted with it.`,
} as const;

export const TEMPLATE_PREVIEW_LENGTH = 120;

export default function PromptsPage() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<'all' | PromptKind>('all');
  const debounced = useDebounced(search.trim(), 250);
  const query = usePromptList({ search: debounced || undefined, type: type === 'all' ? undefined : type });
  const remove = useDeletePrompt();
  const [toDelete, setToDelete] = useState<Prompt | null>(null);

  useEffect(() => {
    if (query.isError) toast.error({ id: `prompts-${query.errorUpdatedAt}`, title: PROMPTS_TEXTS.loadFailed, description: errorText(query.error) });
  }, [query.isError, query.errorUpdatedAt, query.error]);

  return (
    <Box>
      <PageHeader
        title="Prompts"
        description="Prompt templates for table and text chunks, with their examples and output schemas."
        actions={
          <Button asChild colorPalette="brand">
            <Link to={paths.prompts.new}>
              <Plus /> New
            </Link>
          </Button>
        }
      />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mb="5">
        <InputGroup flex="1" startElement={<Search size={16} />}>
          <Input aria-label="Search prompts" placeholder="Search prompts" value={search} onChange={(e) => setSearch(e.target.value)} />
        </InputGroup>
        <NativeSelect.Root width={{ base: 'full', sm: '180px' }}>
          <NativeSelect.Field aria-label="Type" value={type} onChange={(e) => setType(e.target.value as 'all' | PromptKind)}>
            <option value="all">All types</option>
            <option value="table">Table</option>
            <option value="text">Text</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      {query.isPending ? (
        <LoadingState text="Loading prompts..." />
      ) : query.isError ? (
        <ErrorState title={PROMPTS_TEXTS.loadFailed} message={errorText(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.prompts.length === 0 ? (
        <EmptyState
          title={PROMPTS_TEXTS.empty}
          description={debounced || type !== 'all' ? 'No prompt matches the search or filter.' : PROMPTS_TEXTS.emptyHint}
          action={
            <Button asChild size="sm" colorPalette="brand">
              <Link to={paths.prompts.new}>New prompt</Link>
            </Button>
          }
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Prompts">
          {query.data.prompts.map((p) => (
            <Card.Root as="li" key={p.id} size="sm">
              <Card.Body>
                <HStack justify="space-between" align="flex-start" gap="3">
                  <Stack gap="1" minW="0" flex="1">
                    <HStack gap="2" wrap="wrap">
                      <ChakraLink asChild fontWeight="semibold" colorPalette="brand">
                        <Link to={paths.prompts.detail(p.id)}>{p.name}</Link>
                      </ChakraLink>
                      <Badge colorPalette={p.type === 'table' ? 'purple' : 'blue'}>{p.type}</Badge>
                      {p.invalid_variables.length ? <Badge colorPalette="red">invalid variables</Badge> : null}
                      <Text fontSize="xs" color="fg.muted">
                        {p.example_count} example{p.example_count === 1 ? '' : 's'} · {formatDate(p.created_at)}
                      </Text>
                    </HStack>
                    {p.description ? (
                      <Text fontSize="sm" color="fg.muted">
                        {p.description}
                      </Text>
                    ) : null}
                    <Text fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-word" data-testid="template-preview">
                      {cut(p.template, TEMPLATE_PREVIEW_LENGTH)}
                    </Text>
                  </Stack>
                  <IconButton aria-label={`Delete prompt ${p.name}`} size="sm" variant="ghost" colorPalette="red" onClick={() => setToDelete(p)}>
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
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete prompt"
        message={toDelete ? PROMPTS_TEXTS.confirmDelete(toDelete.name) : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            toast.success({ title: 'Prompt deleted', description: toDelete.name });
          } catch (e) {
            handleError(e, { title: 'Delete Failed' });
            throw e;
          }
        }}
      />
    </Box>
  );
}
