import { Box, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, plural, toAppError, useDebouncedValue, ErrorAlert } from '@quarry/shared';
import type { FileInfo } from '@quarry/shared/schemas';
import { FileText, FolderPlus, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CreateDatasetDialog } from '../datasets/CreateDatasetDialog';
import { SearchInput } from '../SearchInput';
import { DropZone } from '../upload/DropZone';
import { libraryUploads } from '../upload/instances';
import { UploadList } from '../upload/UploadList';
import { useUploads } from '../upload/useUploads';
import { FilePager, PAGE_SIZES } from './FilePager';
import { FileTable, type FileSort } from './FileTable';
import { useFileList, useFileListPages } from './queries';
import { SelectionBar } from './SelectionBar';
import { useDeleteFileFlow } from './useDeleteFileFlow';
import { useLiveFileUpdates } from './useLiveFileUpdates';

export const LIBRARY_TEXTS = {
  empty: 'No files found',
  emptySearch: 'Try adjusting your search criteria.',
  /** the empty state of a search, naming what was searched */
  noMatch: (search: string) => `No files match “${search}”`,
  emptyFirst: 'Upload your first file to get started.',
  loadFailed: 'Failed to load files',
  showInvalid: 'Show Invalid',
  hideInvalid: 'Hide Invalid',
  selectAll: 'Select all',
  deselectAll: 'Deselect all',
  createDataset: (n: number) => `Create Dataset (${n})`,
  loadMore: 'Load More Files',
} as const;

export interface FileLibraryProps {
  /** /files-old: pages of 50 with 'Load More Files' and the summary cards. */
  variant?: 'tab' | 'old';
}

/** The file library (the /files File Library tab; /files-old): upload, list, select, delete. */
export function FileLibrary({ variant = 'tab' }: FileLibraryProps) {
  const [search, setSearch] = useState('');
  const [showInvalid, setShowInvalid] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);
  const [sort, setSort] = useState<FileSort>({ sort: 'created_at', order: 'desc' });
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [offset, setOffset] = useState(0);
  const debounced = useDebouncedValue(search);
  const filters = { search: debounced, include_failed: showInvalid };
  const uploads = useUploads(libraryUploads);
  const deletion = useDeleteFileFlow();
  useLiveFileUpdates();

  // a new filter, order or page size starts again at the first page
  const listShape = `${debounced}|${showInvalid}|${sort.sort}|${sort.order}|${pageSize}`;
  const shapeRef = useRef(listShape);
  useEffect(() => {
    if (shapeRef.current !== listShape) {
      shapeRef.current = listShape;
      setOffset(0);
    }
  }, [listShape]);

  // One of the two is enabled: a sorted page on the tab, pages of 50 on the old screen.
  const single = useFileList({ ...filters, ...sort, offset, limit: pageSize }, variant === 'tab');
  const paged = useFileListPages(filters, variant === 'old');
  const query = variant === 'tab' ? single : paged;
  const files: FileInfo[] = useMemo(
    () => (variant === 'tab' ? (single.data?.files ?? []) : (paged.data?.pages.flatMap((p) => p.files) ?? [])),
    [variant, single.data, paged.data],
  );
  const first = variant === 'tab' ? single.data : paged.data?.pages[0];
  const totalCount = first?.total_count ?? 0;
  const totalPages = first?.total_pages ?? 0;
  const reviewedCount = first?.reviewed_count;

  // names of the selected files seen so far (a selection may span pages)
  const namesRef = useRef(new Map<string, string>());
  for (const f of files) namesRef.current.set(f.id, f.filename);

  const visibleIds = files.map((f) => f.id);
  const chosen = new Set(selected);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => chosen.has(id));
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const toggleAll = () => setSelected((s) => (allSelected ? s.filter((id) => !visibleIds.includes(id)) : [...new Set([...s, ...visibleIds])]));

  // a page emptied by a delete shows the one before it
  useEffect(() => {
    if (variant === 'tab' && single.data && single.data.files.length === 0 && offset > 0 && single.data.total_count > 0) {
      setOffset(Math.max(0, Math.floor((single.data.total_count - 1) / pageSize) * pageSize));
    }
  }, [variant, single.data, offset, pageSize]);

  const send = uploads.send;
  // stable, so the memoised drop zone does not redraw at every upload progress notice
  const onFiles = useCallback(
    (list: File[]) => {
      const { error } = send(list);
      setDropError(error);
    },
    [send],
  );

  let body;
  if (query.isPending) body = <LoadingState text="Loading files..." />;
  else if (query.isError) body = <ErrorState title={LIBRARY_TEXTS.loadFailed} message={toAppError(query.error).message} onRetry={() => void query.refetch()} />;
  else if (files.length === 0)
    body = debounced.trim() ? (
      <EmptyState icon={<FileText />} title={LIBRARY_TEXTS.noMatch(debounced.trim())} description={LIBRARY_TEXTS.emptySearch} />
    ) : (
      <EmptyState icon={<FileText />} title={LIBRARY_TEXTS.empty} description={LIBRARY_TEXTS.emptyFirst} />
    );
  else body = <FileTable files={files} sort={variant === 'tab' ? sort : undefined} onSort={setSort} selected={chosen} onToggle={toggle} onToggleAll={toggleAll} onDelete={deletion.ask} />;

  return (
    <Stack gap="4">
      {variant === 'old' ? (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <SummaryCard label="Total Files" value={totalCount} />
          <SummaryCard label="Total Pages" value={totalPages} />
          <SummaryCard label="Selected" value={selected.length} />
        </SimpleGrid>
      ) : null}
      <DropZone onFiles={onFiles} />
      <ErrorAlert message={dropError} size="sm" role="alert" />
      {uploads.state.items.length > 0 ? (
        <Stack gap="2">
          <HStack justify="space-between">
            <Text fontWeight="semibold">Upload progress</Text>
            <Button size="xs" variant="ghost" onClick={uploads.clearFinished}>
              Clear finished
            </Button>
          </HStack>
          <UploadList items={uploads.state.items} batches={uploads.state.batches} onCancel={uploads.cancel} onRetry={uploads.retry} title="Upload progress" />
        </Stack>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <SearchInput label="Search files" placeholder="Search by filename" value={search} onChange={setSearch} />
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => setShowInvalid((v) => !v)} aria-pressed={showInvalid}>
            {showInvalid ? LIBRARY_TEXTS.hideInvalid : LIBRARY_TEXTS.showInvalid}
          </Button>
          <Button variant="outline" onClick={toggleAll} disabled={visibleIds.length === 0}>
            {allSelected ? LIBRARY_TEXTS.deselectAll : LIBRARY_TEXTS.selectAll}
          </Button>
          <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending} aria-label="Refresh files">
            <RefreshCw /> Refresh
          </Button>
          <Button colorPalette="brand" disabled={selected.length === 0} onClick={() => setCreating(true)}>
            <FolderPlus /> {LIBRARY_TEXTS.createDataset(selected.length)}
          </Button>
        </HStack>
      </HStack>
      {selected.length > 0 ? (
        <SelectionBar
          selected={selected}
          names={namesRef.current}
          onClear={() => setSelected([])}
          onDone={(done) => setSelected((s) => s.filter((id) => !done.includes(id)))}
        />
      ) : null}
      {first && (variant === 'old' || files.length > 0) ? (
        <Text textStyle="sm" color="fg.muted" data-testid="file-summary">
          {variant === 'old' ? `Showing ${files.length} of ${plural(totalCount, 'file')}` : plural(totalCount, 'file')} · {plural(totalPages, 'page')}
          {reviewedCount !== undefined ? <span data-testid="file-reviewed-count"> · {reviewedCount} of {totalCount} reviewed</span> : null}
        </Text>
      ) : null}
      {body}
      {variant === 'tab' && first && files.length > 0 ? (
        // the range of the page on screen (the previous one stays while the next loads)
        <FilePager offset={first.offset} pageSize={pageSize} total={totalCount} shown={files.length} onOffset={setOffset} onPageSize={setPageSize} />
      ) : null}
      {variant === 'old' && paged.hasNextPage ? (
        <Box textAlign="center">
          <Button variant="outline" onClick={() => void paged.fetchNextPage()} loading={paged.isFetchingNextPage}>
            {LIBRARY_TEXTS.loadMore}
          </Button>
        </Box>
      ) : null}
      <CreateDatasetDialog open={creating} onOpenChange={setCreating} preselected={selected} onCreated={() => setSelected([])} />
      {deletion.dialogs}
    </Stack>
  );
}

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <Card.Root size="sm" aria-label={label}>
      <Card.Body>
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="2xl" fontWeight="bold">
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
