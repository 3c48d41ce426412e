import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, handleError, LoadingState, plural, toAppError, toast, useDebouncedValue } from '@quarry/shared';
import type { Dataset } from '@quarry/shared/schemas';
import { Database, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useAvailableFiles } from '../files/queries';
import { SearchInput } from '../SearchInput';
import { SortChoice, type SortOption } from '../SortChoice';
import { CreateDatasetDialog } from './CreateDatasetDialog';
import { DatasetCard } from './DatasetCard';
import { DatasetFilesDialog } from './DatasetFilesDialog';
import { useDatasets, useDeleteDataset, type DatasetSort } from './queries';

export const DATASETS_TEXTS = {
  empty: 'No datasets found',
  emptySearch: 'Try adjusting your search criteria.',
  /** the empty state of a search, naming what was searched */
  noMatch: (search: string) => `No datasets match “${search}”`,
  emptyFirst: 'Create your first dataset to get started.',
  loadFailed: 'Failed to load datasets',
  deleteTitle: 'Delete Dataset',
  deleteQuestion: (name: string) => `Are you sure you want to delete dataset "${name}"? This action cannot be undone.`,
  deleted: 'Dataset Deleted',
  deleteFailed: 'Delete Failed',
} as const;

const SORTS: readonly SortOption<DatasetSort['sort']>[] = [
  { value: 'created_at:desc', label: 'Newest first', sort: { sort: 'created_at', order: 'desc' } },
  { value: 'created_at:asc', label: 'Oldest first', sort: { sort: 'created_at', order: 'asc' } },
  { value: 'name:asc', label: 'Name A–Z', sort: { sort: 'name', order: 'asc' } },
  { value: 'name:desc', label: 'Name Z–A', sort: { sort: 'name', order: 'desc' } },
  { value: 'file_count:desc', label: 'Most files first', sort: { sort: 'file_count', order: 'desc' } },
  { value: 'file_count:asc', label: 'Fewest files first', sort: { sort: 'file_count', order: 'asc' } },
];

/** The datasets grid (the /files Datasets tab and /datasets): search, refresh, create, manage, delete. */
export function DatasetsPanel() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DatasetSort>(SORTS[0]!.sort);
  const debounced = useDebouncedValue(search);
  const datasets = useDatasets(debounced, sort);
  // the tab loads the available files too, so the dialogs open with their lists ready
  useAvailableFiles();
  const remove = useDeleteDataset();
  const [creating, setCreating] = useState(false);
  const [managingId, setManagingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Dataset | null>(null);

  const list = datasets.data?.datasets ?? [];
  const managing = managingId ? (list.find((d) => d.id === managingId) ?? null) : null;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(DATASETS_TEXTS.deleted, deleting.name);
    } catch (error) {
      handleError(error, { title: DATASETS_TEXTS.deleteFailed });
      throw error;
    }
  };

  let body;
  if (datasets.isPending) body = <LoadingState text="Loading datasets..." />;
  else if (datasets.isError)
    body = <ErrorState title={DATASETS_TEXTS.loadFailed} message={toAppError(datasets.error).message} onRetry={() => void datasets.refetch()} />;
  else if (list.length === 0)
    body = (
      <EmptyState
        icon={<Database />}
        title={DATASETS_TEXTS.empty}
        description={
          debounced.trim() ? (
            <>
              <Text as="span" display="block">
                {DATASETS_TEXTS.noMatch(debounced.trim())}
              </Text>
              <Text as="span">{DATASETS_TEXTS.emptySearch}</Text>
            </>
          ) : (
            DATASETS_TEXTS.emptyFirst
          )
        }
      />
    );
  else
    body = (
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {list.map((d) => (
          <DatasetCard key={d.id} dataset={d} onManage={(x) => setManagingId(x.id)} onDelete={setDeleting} />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap">
        <SearchInput label="Search datasets" placeholder="Search by name or description" value={search} onChange={setSearch} />
        <HStack gap="2" ml="auto" wrap="wrap">
          <SortChoice label="Sort datasets" size="md" choices={SORTS} value={sort} onChange={setSort} />
          <Button variant="outline" onClick={() => void datasets.refetch()} loading={datasets.isFetching && !datasets.isPending} aria-label="Refresh datasets">
            <RefreshCw /> Refresh
          </Button>
          <Button colorPalette="brand" onClick={() => setCreating(true)}>
            <Plus /> Create Dataset
          </Button>
        </HStack>
      </HStack>
      {datasets.data && list.length > 0 ? (
        <Text textStyle="sm" color="fg.muted">
          {plural(datasets.data.total_count, 'dataset')}
        </Text>
      ) : null}
      {body}
      <CreateDatasetDialog open={creating} onOpenChange={setCreating} />
      <DatasetFilesDialog dataset={managing} onOpenChange={(open) => !open && setManagingId(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={DATASETS_TEXTS.deleteTitle}
        message={deleting ? DATASETS_TEXTS.deleteQuestion(deleting.name) : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
