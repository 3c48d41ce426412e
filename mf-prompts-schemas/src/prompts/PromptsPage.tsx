// /prompts (spec 2 §2): the user's prompts (up to 100) with search and a type filter, each
// previewing its template cut at 120 characters; New; delete with confirmation. A failed load
// shows 'Failed to load prompts' (spec 2 §8) as a toast and in the page with Retry.
import { Badge, Text } from '@chakra-ui/react';
import { ConfirmDialog, formatDate, handleError, paths, toast } from '@quarry/shared';
import { PROMPT_TYPES, type Prompt, type PromptKind } from '@quarry/shared/schemas';
import { useState } from 'react';
import { ListPage, useListSearch } from '../common/ListPage';
import { cut } from '../common/templateVariables';
import { useDeletePrompt, usePromptList } from './queries';

export const PROMPTS_TEXTS = {
  title: 'Prompts',
  description: 'Prompt templates for table and text chunks, with their examples and output schemas.',
  newLabel: 'New',
  search: 'Search prompts',
  loading: 'Loading prompts...',
  loadFailed: 'Failed to load prompts',
  empty: 'No prompts found',
  emptyHint: 'Create your first prompt template to start extracting data.',
  emptyNew: 'New prompt',
  list: 'Prompts',
  confirmDelete: (name: string) => `Are you sure you want to delete the prompt "${name}"? Its examples are deleted with it.`,
} as const;

export const TEMPLATE_PREVIEW_LENGTH = 120;

type TypeFilter = 'all' | PromptKind;
const TYPE_FILTERS: readonly TypeFilter[] = ['all', ...PROMPT_TYPES];
const TYPE_FILTER_LABELS: Record<TypeFilter, string> = { all: 'All types', table: 'Table', text: 'Text' };

export default function PromptsPage() {
  const search = useListSearch();
  const [type, setType] = useState<TypeFilter>('all');
  const query = usePromptList({ search: search.term || undefined, type: type === 'all' ? undefined : type });
  const remove = useDeletePrompt();
  const [toDelete, setToDelete] = useState<Prompt | null>(null);

  return (
    <ListPage
      texts={PROMPTS_TEXTS}
      newPath={paths.prompts.new}
      search={search}
      select={{ label: 'Type', width: '180px', value: type, values: TYPE_FILTERS, labels: TYPE_FILTER_LABELS, onChange: setType }}
      list={{ query, items: (data) => data.prompts, toastId: 'prompts', emptyDescription: search.term || type !== 'all' ? 'No prompt matches the search or filter.' : PROMPTS_TEXTS.emptyHint }}
      card={(p) => ({
        name: p.name,
        to: paths.prompts.detail(p.id),
        tags: (
          <>
            <Badge colorPalette={p.type === 'table' ? 'purple' : 'blue'}>{p.type}</Badge>
            {p.invalid_variables.length ? <Badge colorPalette="red">invalid variables</Badge> : null}
            <Text fontSize="xs" color="fg.muted">
              {p.example_count} example{p.example_count === 1 ? '' : 's'} · {formatDate(p.created_at)}
            </Text>
          </>
        ),
        description: p.description,
        preview: { text: cut(p.template, TEMPLATE_PREVIEW_LENGTH), testId: 'template-preview', wordBreak: 'break-word' },
        deleteLabel: `Delete prompt ${p.name}`,
        onDelete: () => setToDelete(p),
      })}
    >
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
    </ListPage>
  );
}
