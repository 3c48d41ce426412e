import { Alert, Badge, Box, Button, Card, Checkbox, HStack, IconButton, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, StatusBadge, formatDate, formatMB, paths, toAppError, validityStatus } from '@quarry/shared';
import type { FileInfo } from '@quarry/shared/schemas';
import { Eye, FileText, FolderPlus, RefreshCw, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CreateDatasetDialog } from '../datasets/CreateDatasetDialog';
import { SearchInput } from '../SearchInput';
import { DropZone } from '../upload/DropZone';
import { libraryUploads } from '../upload/instances';
import { UploadList } from '../upload/UploadList';
import { useUploads } from '../upload/useUploads';
import { useDebouncedValue } from '../useDebouncedValue';
import { useFileList, useFileListPages } from './queries';
import { useDeleteFileFlow } from './useDeleteFileFlow';
import { useLiveFileUpdates } from './useLiveFileUpdates';

export const LIBRARY_TEXTS = {
  empty: 'No files found',
  emptySearch: 'Try adjusting your search criteria.',
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
  const debounced = useDebouncedValue(search);
  const filters = { search: debounced, include_failed: showInvalid };
  const uploads = useUploads(libraryUploads);
  const deletion = useDeleteFileFlow();
  useLiveFileUpdates();

  // One of the two is enabled: a single page on the tab, pages of 50 on the old screen.
  const single = useFileList(filters, variant === 'tab');
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

  const visibleIds = files.map((f) => f.id);
  const chosen = new Set(selected);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => chosen.has(id));
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));

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
    body = <EmptyState icon={<FileText />} title={LIBRARY_TEXTS.empty} description={debounced.trim() ? LIBRARY_TEXTS.emptySearch : LIBRARY_TEXTS.emptyFirst} />;
  else
    body = (
      <Table.ScrollArea borderWidth="1px" borderRadius="l2">
        <Table.Root size="sm" interactive aria-label="Files">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="10">
                <Checkbox.Root checked={allSelected ? true : selected.length > 0 ? 'indeterminate' : false} onCheckedChange={() => setSelected(allSelected ? [] : visibleIds)}>
                  <Checkbox.HiddenInput aria-label="Select all files" />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              <Table.ColumnHeader>Filename</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Size</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Pages</Table.ColumnHeader>
              <Table.ColumnHeader>Uploaded</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {files.map((f) => {
              const validity = validityStatus(f.is_valid);
              return (
                <Table.Row key={f.id} data-testid="file-row" data-filename={f.filename} data-selected={chosen.has(f.id) || undefined}>
                  <Table.Cell>
                    <Checkbox.Root checked={chosen.has(f.id)} onCheckedChange={(d) => toggle(f.id, d.checked === true)}>
                      <Checkbox.HiddenInput aria-label={`Select ${f.filename}`} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell maxW="72">
                    <Text truncate title={f.filename} fontWeight="medium">
                      {f.filename}
                    </Text>
                    {validity === 'invalid' && f.error_message ? (
                      <Text textStyle="xs" color="fg.error" lineClamp={2} title={f.error_message}>
                        {f.error_message}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap">
                      <StatusBadge kind="validity" status={validity} />
                      {f.reviewed_at ? (
                        <Badge colorPalette="green" variant="outline" size="sm" title="Its extracted record was checked and marked Reviewed">
                          Reviewed
                        </Badge>
                      ) : null}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatMB(f.file_size)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" data-testid="file-pages">
                    {f.actual_pages ?? '-'}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(f.created_at)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="1" justify="flex-end">
                      <IconButton asChild size="xs" variant="ghost" aria-label={`View details of ${f.filename}`} title="View details">
                        <Link to={paths.files.detail(f.id)}>
                          <Eye />
                        </Link>
                      </IconButton>
                      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Delete ${f.filename}`} title="Delete" onClick={() => deletion.ask(f)}>
                        <Trash2 />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );

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
      {dropError ? (
        <Alert.Root status="error" size="sm" role="alert">
          <Alert.Indicator />
          <Alert.Title>{dropError}</Alert.Title>
        </Alert.Root>
      ) : null}
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
          <Button variant="outline" onClick={() => setSelected(allSelected ? [] : visibleIds)} disabled={visibleIds.length === 0}>
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
      {first ? (
        <Text textStyle="sm" color="fg.muted" data-testid="file-summary">
          Showing {files.length} of {totalCount} file{totalCount === 1 ? '' : 's'} · {totalPages} page{totalPages === 1 ? '' : 's'}
          {reviewedCount !== undefined ? <span data-testid="file-reviewed-count"> · {reviewedCount} of {totalCount} reviewed</span> : null}
        </Text>
      ) : null}
      {body}
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
