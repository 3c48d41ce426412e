// /prompts: the user's prompts, sorted and paged by the server (by updated, created or name),
// with search and a type filter, each previewing its template cut at 120 characters; New;
// delete with confirmation. A failed load shows 'Failed to load prompts' as a toast and in the
// page with Retry.
import { Badge, IconButton } from '@chakra-ui/react';
import { formatDate, paths, toast, plural, useListParams } from '@quarry/shared';
import { PROMPT_SORTS, PROMPT_TYPES, type Prompt, type PromptKind, type PromptSort } from '@quarry/shared/schemas';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ListPage, useListSearch } from '../common/ListPage';
import { cut } from '../common/templateVariables';
import { useDeletePrompt, usePromptList } from './queries';
import { DeleteDialog } from '../common/DeleteDialog';

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
  noun: ['prompt', 'prompts'],
  confirmDelete: (name: string) => `Are you sure you want to delete the prompt "${name}"? Its examples are deleted with it.`,
} as const;

export const TEMPLATE_PREVIEW_LENGTH = 120;

type TypeFilter = 'all' | PromptKind;
const TYPE_FILTERS: readonly TypeFilter[] = ['all', ...PROMPT_TYPES];
const TYPE_FILTER_LABELS: Record<TypeFilter, string> = { all: 'All types', table: 'Table', text: 'Text' };
const firstOrder = (column: PromptSort) => (column === 'name' ? 'asc' : 'desc');
const SORT_OPTIONS = [
  { sort: 'updated_at', order: 'desc', label: 'Recently updated' },
  { sort: 'created_at', order: 'desc', label: 'Recently created' },
  { sort: 'created_at', order: 'asc', label: 'Oldest first' },
  { sort: 'name', order: 'asc', label: 'Name (A–Z)' },
  { sort: 'name', order: 'desc', label: 'Name (Z–A)' },
] as const;

export default function PromptsPage() {
  const search = useListSearch();
  const [type, setType] = useState<TypeFilter>('all');
  const params = useListParams(PROMPT_SORTS, { sort: 'updated_at', order: 'desc' }, firstOrder);
  const query = usePromptList({ search: search.term || undefined, type: type === 'all' ? undefined : type, sort: params.sort, order: params.order, offset: params.offset });
  const remove = useDeletePrompt();
  const [toDelete, setToDelete] = useState<Prompt | null>(null);

  return (
    <ListPage
      texts={PROMPTS_TEXTS}
      newPath={paths.prompts.new}
      search={search}
      filtered={type !== 'all'}
      filter={{
        label: 'Type',
        width: '180px',
        value: type,
        values: TYPE_FILTERS,
        labels: TYPE_FILTER_LABELS,
        onChange: (t) => {
          setType(t);
          if (params.offset > 0) params.setOffset(0);
        },
      }}
      params={params}
      sortOptions={SORT_OPTIONS}
      list={{
        query,
        items: (data) => data.prompts,
        total: (data) => data.total_count,
        toastId: 'prompts',
        emptyDescription: type !== 'all' ? `No ${TYPE_FILTER_LABELS[type].toLowerCase()} prompts yet.` : PROMPTS_TEXTS.emptyHint,
      }}
      nameHeader={{ header: 'Name', sort: 'name' }}
      name={(p) => ({
        name: p.name,
        to: paths.prompts.detail(p.id),
        tags: p.invalid_variables.length ? <Badge colorPalette="red">invalid variables</Badge> : null,
        description: p.description,
        preview: { text: cut(p.template, TEMPLATE_PREVIEW_LENGTH), testId: 'template-preview' },
      })}
      columns={[
        { header: 'Type', cell: (p) => <Badge colorPalette={p.type === 'table' ? 'purple' : 'blue'}>{p.type}</Badge> },
        { header: 'Examples', textAlign: 'end', cell: (p) => plural(p.example_count, 'example') },
        { header: 'Updated', sort: 'updated_at', cell: (p) => formatDate(p.updated_at) },
        { header: 'Created', sort: 'created_at', cell: (p) => formatDate(p.created_at) },
      ]}
      actions={(p) => (
        <IconButton aria-label={`Delete prompt ${p.name}`} size="sm" variant="ghost" colorPalette="red" onClick={() => setToDelete(p)}>
          <Trash2 />
        </IconButton>
      )}
    >
      <DeleteDialog
        item={toDelete}
        onClose={() => setToDelete(null)}
        title="Delete prompt"
        message={(prompt) => PROMPTS_TEXTS.confirmDelete(prompt.name)}
        remove={async (prompt) => {
          await remove.mutateAsync(prompt.id);
          toast.success({ title: 'Prompt deleted', description: prompt.name });
        }}
      />
    </ListPage>
  );
}
