// /jobs: one list of my jobs of every type, newest first, with filters (type, status, created
// date), search by job, file or dataset name, live status, sorting, pages, and Open / Cancel /
// Retry on each row; the job areas and the wizard beside it ("New job", "Start a job").
import { Box, Button, ButtonGroup, Card, Field, HStack, Input, InputGroup, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, PageHeader, PageNumbers, SelectField, StatusBadge, formatDateTime, jobKeys, jobMonitorPath, plural } from '@quarry/shared';
import { JOB_STATUSES, type Job, type JobSortColumn } from '@quarry/shared/schemas';
import { ArrowDown, ArrowUp, ArrowUpDown, ListTodo, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { jobSubject, jobTypeLabel } from '../common/jobLinks';
import { useListRefreshOnUpdates } from '../common/live';
import { useUserId } from '../common/queries';
import { JobRowActions } from './JobRowActions';
import { JOBS_PAGE_SIZE, LIST_JOB_TYPES, hasFilters, nextSort, readListParams, writeListParams, type JobsListParams } from './listParams';
import { useJobsList } from './queries';
import { NewJobMenu, StartJobSection } from './StartJobSection';

/** chosen: typing in the search box asks the server after a 300 ms pause */
const SEARCH_DEBOUNCE_MS = 300;

const STATUS_LABELS: Record<(typeof JOB_STATUSES)[number], string> = { pending: 'Pending', queued: 'Queued', running: 'Running', completed: 'Completed', failed: 'Failed', cancelled: 'Cancelled' };

const COLUMNS: { key: JobSortColumn; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'job_type', label: 'Type' },
  { key: 'status', label: 'Status' },
  { key: 'created_at', label: 'Created' },
];

export default function JobsHubPage() {
  const [sp, setSp] = useSearchParams();
  const p = readListParams(sp);
  const update = (patch: Partial<JobsListParams>) => setSp(writeListParams({ ...p, page: 1, ...patch }), { replace: true });
  const list = useJobsList(p);
  const userId = useUserId();
  // every live job update refreshes the list (throttled): statuses and progress stay current
  useListRefreshOnUpdates(jobKeys.lists(userId), () => true);

  return (
    <Stack gap="6">
      <PageHeader title="Jobs" description="Every job you ran, newest first: filter, search, open, cancel or retry." actions={<NewJobMenu />} />
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Filters p={p} update={update} />
            <JobsListBody p={p} list={list} update={update} onClear={() => setSp(new URLSearchParams(), { replace: true })} />
          </Stack>
        </Card.Body>
      </Card.Root>
      <StartJobSection />
    </Stack>
  );
}

function Filters({ p, update }: { p: JobsListParams; update: (patch: Partial<JobsListParams>) => void }) {
  const [search, setSearch] = useState(p.search);
  const updateRef = useRef(update);
  useEffect(() => {
    updateRef.current = update;
  });
  // the box follows the address (back button, Clear filters), the address follows typing after a pause
  useEffect(() => setSearch(p.search), [p.search]);
  useEffect(() => {
    if (search.trim() === p.search.trim()) return;
    const t = setTimeout(() => updateRef.current({ search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, p.search]);
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, md: 3, xl: 6 }} gap="3" as="search" aria-label="Filter jobs">
      <Field.Root gridColumn={{ sm: 'span 2', md: 'span 3', xl: 'span 2' }}>
        <Field.Label>Search</Field.Label>
        <InputGroup startElement={<Search size={16} aria-hidden />}>
          <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Job, file or dataset name" />
        </InputGroup>
      </Field.Root>
      <SelectField label="Type" value={p.type} onChange={(type) => update({ type })} placeholder="All types" options={LIST_JOB_TYPES.map((t) => ({ value: t, label: jobTypeLabel(t) }))} />
      <SelectField
        label="Status"
        value={p.status}
        onChange={(status) => update({ status })}
        placeholder="All statuses"
        options={JOB_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
      />
      <Field.Root>
        <Field.Label>From</Field.Label>
        <Input type="date" value={p.from} max={p.to || undefined} onChange={(e) => update({ from: e.target.value })} />
      </Field.Root>
      <Field.Root>
        <Field.Label>To</Field.Label>
        <Input type="date" value={p.to} min={p.from || undefined} onChange={(e) => update({ to: e.target.value })} />
      </Field.Root>
    </SimpleGrid>
  );
}

type ListQuery = ReturnType<typeof useJobsList>;

function JobsListBody({ p, list, update, onClear }: { p: JobsListParams; list: ListQuery; update: (patch: Partial<JobsListParams>) => void; onClear: () => void }) {
  if (list.isPending) return <LoadingState text="Loading jobs..." />;
  if (list.isError) return <ErrorState title="Error loading jobs" message={list.error.message} onRetry={() => void list.refetch()} />;
  const { jobs, total_count: total } = list.data;
  if (jobs.length === 0) {
    if (hasFilters(p) || p.page > 1)
      return (
        <EmptyState
          title="No jobs match"
          description={`No job matches ${describeFilters(p)}.`}
          action={
            <Button size="sm" variant="outline" onClick={onClear}>
              Clear filters
            </Button>
          }
        />
      );
    return <EmptyState icon={<ListTodo />} title="No jobs yet" description="Start one from New job, or run a pipeline on files from the Files page." />;
  }
  const first = (p.page - 1) * JOBS_PAGE_SIZE + 1;
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="jobs-count" aria-live="polite">
          {first}–{first + jobs.length - 1} of {plural(total, 'job')}
          {hasFilters(p) ? ` matching ${describeFilters(p)}` : ''}
        </Text>
        {hasFilters(p) ? (
          <Button size="xs" variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </HStack>
      <Box hideBelow="md" opacity={list.isPlaceholderData ? 0.6 : 1}>
        <Table.Root size="sm" interactive aria-label="Jobs">
          <Table.Header>
            <Table.Row>
              {COLUMNS.map((c) => (
                <SortHeader key={c.key} column={c} p={p} update={update} />
              ))}
              <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {jobs.map((j) => (
              <Table.Row key={j.id} data-testid="job-row" data-job-id={j.id}>
                <Table.Cell maxW="28rem">
                  <JobName job={j} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{jobTypeLabel(j.job_type)}</Table.Cell>
                <Table.Cell>
                  <JobStatus job={j} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(j.created_at)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <JobRowActions job={j} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Stack hideFrom="md" gap="2" as="ul" listStyleType="none" aria-label="Jobs" opacity={list.isPlaceholderData ? 0.6 : 1}>
        <HStack as="li" gap="2" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            Sort by
          </Text>
          <ButtonGroup size="xs" variant="outline" attached={false} gap="1" flexWrap="wrap">
            {COLUMNS.map((c) => (
              <Button key={c.key} onClick={() => update(nextSort(p, c.key))} aria-pressed={p.sort === c.key} variant={p.sort === c.key ? 'subtle' : 'outline'}>
                {c.label}
                {p.sort === c.key ? p.order === 'asc' ? <ArrowUp size={12} aria-label="ascending" /> : <ArrowDown size={12} aria-label="descending" /> : null}
              </Button>
            ))}
          </ButtonGroup>
        </HStack>
        {jobs.map((j) => (
          <Box as="li" key={j.id} borderWidth="1px" borderRadius="md" p="3" data-testid="job-card" data-job-id={j.id}>
            <Stack gap="2">
              <JobName job={j} />
              <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
                <Text>{jobTypeLabel(j.job_type)}</Text>
                <Text aria-hidden>·</Text>
                <Text>{formatDateTime(j.created_at)}</Text>
              </HStack>
              <HStack justify="space-between" wrap="wrap" gap="2">
                <JobStatus job={j} />
                <JobRowActions job={j} />
              </HStack>
            </Stack>
          </Box>
        ))}
      </Stack>
      <PageNumbers count={total} pageSize={JOBS_PAGE_SIZE} page={p.page} onPageChange={(page) => update({ page })} />
    </Stack>
  );
}

function describeFilters(p: JobsListParams): string {
  const parts: string[] = [];
  if (p.search.trim()) parts.push(`"${p.search.trim()}"`);
  if (p.type) parts.push(`type ${jobTypeLabel(p.type)}`);
  if (p.status) parts.push(`status ${STATUS_LABELS[p.status] ?? p.status}`);
  if (p.from && p.to) parts.push(`created ${p.from} to ${p.to}`);
  else if (p.from) parts.push(`created from ${p.from}`);
  else if (p.to) parts.push(`created until ${p.to}`);
  return parts.length ? parts.join(', ') : 'these filters';
}

function SortHeader({ column, p, update }: { column: { key: JobSortColumn; label: string }; p: JobsListParams; update: (patch: Partial<JobsListParams>) => void }) {
  const active = p.sort === column.key;
  const Icon = !active ? ArrowUpDown : p.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Table.ColumnHeader aria-sort={active ? (p.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Button variant="ghost" size="xs" px="1" ms="-1" fontWeight="semibold" onClick={() => update(nextSort(p, column.key))}>
        {column.label}
        <Icon size={12} aria-hidden opacity={active ? 1 : 0.5} />
      </Button>
    </Table.ColumnHeader>
  );
}

/** The job's name (a link to its monitor) and, on its own line and never cut, what it ran on. */
function JobName({ job }: { job: Job }) {
  const subject = jobSubject(job);
  return (
    <Stack gap="0.5" minW="0">
      <Link to={jobMonitorPath(job.job_type, job.id)}>
        <Text as="span" fontWeight="medium" wordBreak="break-word" _hover={{ textDecoration: 'underline' }}>
          {job.name}
        </Text>
      </Link>
      {subject ? (
        <Text fontSize="xs" color="fg.muted" wordBreak="break-word" data-testid="job-subject">
          {subject.kind}: {subject.name}
        </Text>
      ) : null}
    </Stack>
  );
}

function JobStatus({ job }: { job: Job }) {
  const active = job.status === 'running' || job.status === 'queued';
  return (
    <HStack gap="2" data-testid="job-row-status">
      <StatusBadge status={job.status} />
      {active ? (
        <Text fontSize="xs" color="fg.muted">
          {Math.round(job.progress_percentage)}%
        </Text>
      ) : null}
    </HStack>
  );
}
