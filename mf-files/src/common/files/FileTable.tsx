// The file list as a table with sortable headers (the server sorts), or, below 600 px, as a
// card per file with every column and action in it.
import { Badge, Box, Button, Card, Checkbox, HStack, IconButton, Link as ChakraLink, Stack, Table, Text, useMediaQuery } from '@chakra-ui/react';
import { StatusBadge, formatBytes, formatDate, paths, plural, validityStatus, DataTable, ButtonLink } from '@quarry/shared';
import type { FileInfo, FileSortColumn } from '@quarry/shared/schemas';
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Play, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { SortChoice, type ListSort, type SortOption } from '../SortChoice';

export type FileSort = ListSort<FileSortColumn>;

export interface FileTableProps {
  files: FileInfo[];
  /** the server's order; without it the headers are plain text */
  sort?: FileSort;
  onSort?: (next: FileSort) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: () => void;
  onDelete: (file: FileInfo) => void;
}

/** Below this width the table becomes a list of cards. */
export const CARD_LIST_QUERY = '(max-width: 599.98px)';

const ariaSort = (sort: FileSort | undefined, column: FileSortColumn) =>
  sort?.sort === column ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none';

/** Pages as a person reads them: '1 page', '3 pages', '-' while not counted. */
const pagesText = (f: FileInfo) => (f.actual_pages === null ? '-' : plural(f.actual_pages, 'page'));

export function FileTable({ files, sort, onSort, selected, onToggle, onToggleAll, onDelete }: FileTableProps) {
  const [narrow] = useMediaQuery([CARD_LIST_QUERY], { fallback: [false] });
  const allSelected = files.length > 0 && files.every((f) => selected.has(f.id));
  const someSelected = files.some((f) => selected.has(f.id));
  const selectAll = (
    <Checkbox.Root checked={allSelected ? true : someSelected ? 'indeterminate' : false} onCheckedChange={onToggleAll}>
      <Checkbox.HiddenInput aria-label="Select all files on this page" />
      <Checkbox.Control />
    </Checkbox.Root>
  );

  if (narrow) {
    return (
      <Stack gap="2" as="ul" aria-label="Files" listStyleType="none">
        <HStack justify="space-between" px="1">
          <HStack gap="2">
            {selectAll}
            <Text textStyle="sm">Select all</Text>
          </HStack>
          {sort && onSort ? <SortChoice label="Sort files" size="sm" choices={SORT_CHOICES} value={sort} onChange={onSort} /> : null}
        </HStack>
        {files.map((f) => (
          <Card.Root as="li" key={f.id} size="sm" data-testid="file-row" data-filename={f.filename} data-selected={selected.has(f.id) || undefined}>
            <Card.Body gap="2">
              <HStack align="flex-start" gap="3">
                <RowCheckbox file={f} checked={selected.has(f.id)} onToggle={onToggle} />
                <Stack gap="1" minW="0" flex="1">
                  <FileName file={f} />
                  <HStack gap="1" wrap="wrap">
                    <Status file={f} />
                  </HStack>
                  <Text textStyle="sm" color="fg.muted">
                    <span data-testid="file-size">{formatBytes(f.file_size)}</span> · <span data-testid="file-pages">{pagesText(f)}</span> ·{' '}
                    {formatDate(f.created_at)}
                  </Text>
                </Stack>
              </HStack>
              <RowActions file={f} onDelete={onDelete} withLabels />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }

  const header = (label: string, column: FileSortColumn, end = false): ReactElement => (
    <Table.ColumnHeader key={column} textAlign={end ? 'end' : undefined} aria-sort={sort ? ariaSort(sort, column) : undefined}>
      {sort && onSort ? (
        <Button
          variant="plain"
          size="sm"
          px="0"
          h="auto"
          fontWeight="inherit"
          onClick={() => onSort({ sort: column, order: sort.sort === column && sort.order === 'asc' ? 'desc' : sort.sort === column ? 'asc' : column === 'filename' ? 'asc' : 'desc' })}
        >
          {label}
          {sort.sort === column ? sort.order === 'asc' ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden /> : <Box as={ArrowUpDown} aria-hidden opacity={0.4} />}
        </Button>
      ) : (
        label
      )}
    </Table.ColumnHeader>
  );

  return (
    <DataTable
      label="Files"
      interactive
      columns={[
        { label: selectAll, key: 'select', w: '10' },
        header('Filename', 'filename'),
        'Status',
        header('Size', 'file_size', true),
        header('Pages', 'page_count', true),
        header('Uploaded', 'created_at'),
        { label: 'Actions', textAlign: 'end' },
      ]}
    >
      {files.map((f) => (
        <Table.Row key={f.id} data-testid="file-row" data-filename={f.filename} data-selected={selected.has(f.id) || undefined}>
          <Table.Cell>
            <RowCheckbox file={f} checked={selected.has(f.id)} onToggle={onToggle} />
          </Table.Cell>
          <Table.Cell maxW="72">
            <FileName file={f} />
          </Table.Cell>
          <Table.Cell>
            <HStack gap="1" wrap="wrap">
              <Status file={f} />
            </HStack>
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="file-size">
            {formatBytes(f.file_size)}
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="file-pages">
            {pagesText(f)}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDate(f.created_at)}</Table.Cell>
          <Table.Cell textAlign="end">
            <RowActions file={f} onDelete={onDelete} />
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

function RowCheckbox({ file, checked, onToggle }: { file: FileInfo; checked: boolean; onToggle: (id: string, on: boolean) => void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(d) => onToggle(file.id, d.checked === true)}>
      <Checkbox.HiddenInput aria-label={`Select ${file.filename}`} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function FileName({ file }: { file: FileInfo }) {
  return (
    <>
      <ChakraLink asChild fontWeight="medium" display="block" truncate title={file.filename} maxW="full">
        <Link to={paths.files.detail(file.id)}>{file.filename}</Link>
      </ChakraLink>
      {file.is_valid === false && file.error_message ? (
        <Text textStyle="xs" color="fg.error" lineClamp={2} title={file.error_message}>
          {file.error_message}
        </Text>
      ) : null}
    </>
  );
}

function Status({ file }: { file: FileInfo }) {
  return (
    <>
      <StatusBadge kind="validity" status={validityStatus(file.is_valid)} />
      {file.reviewed_at ? (
        <Badge colorPalette="green" variant="outline" size="sm" title="Its extracted record was checked and marked Reviewed">
          Reviewed
        </Badge>
      ) : null}
    </>
  );
}

function RowActions({ file, onDelete, withLabels = false }: { file: FileInfo; onDelete: (file: FileInfo) => void; withLabels?: boolean }) {
  const canRun = file.is_valid !== false;
  if (withLabels) {
    return (
      <HStack gap="1" wrap="wrap">
        <ButtonLink to={paths.files.detail(file.id)} size="xs" variant="outline" aria-label={`View details of ${file.filename}`}>
          <Eye /> Details
        </ButtonLink>
        {canRun ? (
          <ButtonLink to={paths.jobs.pipelineFor({ files: [file.id] })} size="xs" variant="outline" aria-label={`Run pipeline on ${file.filename}`}>
            <Play /> Run pipeline
          </ButtonLink>
        ) : null}
        <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${file.filename}`} onClick={() => onDelete(file)}>
          <Trash2 /> Delete
        </Button>
      </HStack>
    );
  }
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton asChild size="xs" variant="ghost" aria-label={`View details of ${file.filename}`} title="View details">
        <Link to={paths.files.detail(file.id)}>
          <Eye />
        </Link>
      </IconButton>
      {canRun ? (
        <IconButton asChild size="xs" variant="ghost" aria-label={`Run pipeline on ${file.filename}`} title="Run pipeline">
          <Link to={paths.jobs.pipelineFor({ files: [file.id] })}>
            <Play />
          </Link>
        </IconButton>
      ) : null}
      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Delete ${file.filename}`} title="Delete" onClick={() => onDelete(file)}>
        <Trash2 />
      </IconButton>
    </HStack>
  );
}

/** The card list's sorts: one choice of column and direction. */
const SORT_CHOICES: readonly SortOption<FileSortColumn>[] = [
  { value: 'created_at:desc', label: 'Newest first', sort: { sort: 'created_at', order: 'desc' } },
  { value: 'created_at:asc', label: 'Oldest first', sort: { sort: 'created_at', order: 'asc' } },
  { value: 'filename:asc', label: 'Name A–Z', sort: { sort: 'filename', order: 'asc' } },
  { value: 'filename:desc', label: 'Name Z–A', sort: { sort: 'filename', order: 'desc' } },
  { value: 'file_size:desc', label: 'Largest first', sort: { sort: 'file_size', order: 'desc' } },
  { value: 'file_size:asc', label: 'Smallest first', sort: { sort: 'file_size', order: 'asc' } },
  { value: 'page_count:desc', label: 'Most pages first', sort: { sort: 'page_count', order: 'desc' } },
  { value: 'page_count:asc', label: 'Fewest pages first', sort: { sort: 'page_count', order: 'asc' } },
];
