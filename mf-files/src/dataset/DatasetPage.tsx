// /datasets/{id}: a dataset's files (with the reviewed count), the jobs that ran on it, the
// downloads of its reviewed records and the evaluation of its newest extraction run.
import { Badge, Box, Button, Card, HStack, Heading, Link as ChakraLink, SimpleGrid, Stack, Table, Text, useMediaQuery } from '@chakra-ui/react';
import { EmptyState, LoadingState, PageHeader, StatusBadge, formatBytes, formatDate, formatDateTime, formatPercentFraction, jobMonitorPath, paths, plural, toAppError, toast, validityStatus, DataTable, ButtonLink, LoadErrorState } from '@quarry/shared';
import type { DatasetDetail } from '@quarry/shared/schemas';
import { ChartColumn, Download, FileText, ListChecks, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useDatasetDetail, useDatasetExport } from './queries';

export default function DatasetPage() {
  const { datasetId = '' } = useParams();
  const query = useDatasetDetail(datasetId);
  if (query.isPending) return <LoadingState text="Loading dataset..." />;
  if (query.isError) {
    return <LoadErrorState error={query.error} notFound="Dataset not found" failed="Failed to load dataset" onRetry={() => void query.refetch()} back={{ to: `${paths.files.index}?tab=datasets`, label: 'Back to datasets' }} />;
  }
  return <DatasetView dataset={query.data} />;
}

function DatasetView({ dataset: d }: { dataset: DatasetDetail }) {
  const reviewed = d.reviewed_count ?? 0;
  return (
    <Stack gap="6">
      <PageHeader
        title={d.name}
        description={d.description || undefined}
        actions={
          <>
            {d.status === 'active' && d.file_count > 0 ? (
              <ButtonLink to={paths.jobs.pipelineFor({ dataset: d.id })} colorPalette="brand" size="sm">
                <Play /> Run pipeline
              </ButtonLink>
            ) : null}
            <ButtonLink to={paths.jobs.evaluationDataset(d.id)} variant="outline" size="sm">
              <ChartColumn /> Evaluation
            </ButtonLink>
          </>
        }
      />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Figure label="Status">
          <StatusBadge kind="dataset" status={d.status} />
        </Figure>
        <Figure label="Files" testId="dataset-file-count">
          {plural(d.file_count, 'file')} · {plural(d.total_pages, 'page')}
        </Figure>
        <Figure label="Reviewed" testId="dataset-reviewed">
          {reviewed} of {d.file_count}
        </Figure>
        <Figure label="Size">{formatBytes(d.total_size)}</Figure>
      </SimpleGrid>
      <Section title="Files" icon={<FileText />}>
        <DatasetFiles dataset={d} />
      </Section>
      <Section title={`Jobs${d.jobs_total > d.jobs.length ? ` (newest ${d.jobs.length} of ${d.jobs_total})` : ''}`} icon={<ListChecks />}>
        <DatasetJobs dataset={d} />
      </Section>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Section title="Evaluation" icon={<ChartColumn />}>
          <EvaluationSummary dataset={d} />
        </Section>
        <Section title="Exports" icon={<Download />}>
          <Exports dataset={d} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title} size="sm">
      <Card.Header>
        <HStack gap="2">
          <Box color="fg.muted">{icon}</Box>
          <Heading as="h2" size="md">
            {title}
          </Heading>
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Figure({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="1">
        <Text textStyle="xs" color="fg.muted">
          {label}
        </Text>
        <Box fontWeight="semibold" data-testid={testId}>
          {children}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function DatasetFiles({ dataset: d }: { dataset: DatasetDetail }) {
  const [narrow] = useMediaQuery(['(max-width: 599.98px)'], { fallback: [false] });
  if (d.files.length === 0) {
    return <EmptyState icon={<FileText />} title="No files in this dataset" description="Add files from the file library." />;
  }
  if (narrow) {
    return (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Dataset files">
        {d.files.map((f) => (
          <Box as="li" key={f.id} borderWidth="1px" borderRadius="l2" p="3" data-testid="dataset-file">
            <ChakraLink asChild fontWeight="medium" truncate display="block">
              <Link to={paths.files.detail(f.id)}>{f.filename}</Link>
            </ChakraLink>
            <HStack gap="2" wrap="wrap" mt="1" textStyle="sm" color="fg.muted">
              <StatusBadge kind="validity" status={validityStatus(f.is_valid)} />
              {f.reviewed_at ? <Badge colorPalette="green" variant="outline" size="sm">Reviewed</Badge> : null}
              <Text>
                {formatBytes(f.file_size)} · {plural(f.page_count, 'page')}
              </Text>
            </HStack>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <DataTable label="Dataset files" columns={['Filename', 'Status', { label: 'Size', textAlign: 'end' }, { label: 'Pages', textAlign: 'end' }, 'Uploaded']} scrollAreaProps={{}}>
      {d.files.map((f) => (
        <Table.Row key={f.id} data-testid="dataset-file">
          <Table.Cell maxW="72">
            <ChakraLink asChild fontWeight="medium" truncate display="block">
              <Link to={paths.files.detail(f.id)}>{f.filename}</Link>
            </ChakraLink>
          </Table.Cell>
          <Table.Cell>
            <HStack gap="1">
              <StatusBadge kind="validity" status={validityStatus(f.is_valid)} />
              {f.reviewed_at ? <Badge colorPalette="green" variant="outline" size="sm">Reviewed</Badge> : null}
            </HStack>
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {formatBytes(f.file_size)}
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {plural(f.page_count, 'page')}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatDate(f.created_at)}</Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

const JOB_TYPES: Record<string, string> = { ocr: 'OCR', chunking: 'Chunking', extraction: 'Extraction', full_pipeline: 'Pipeline' };

function DatasetJobs({ dataset: d }: { dataset: DatasetDetail }) {
  if (d.jobs.length === 0) {
    return (
      <EmptyState
        icon={<ListChecks />}
        title="No jobs on this dataset yet"
        description="Run the pipeline to OCR, chunk and extract its files."
        action={
          d.status === 'active' && d.file_count > 0 ? (
            <ButtonLink to={paths.jobs.pipelineFor({ dataset: d.id })} size="sm" variant="outline">
              <Play /> Run pipeline
            </ButtonLink>
          ) : undefined
        }
      />
    );
  }
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Dataset jobs">
      {d.jobs.map((j) => (
        <HStack as="li" key={j.id} justify="space-between" gap="3" wrap="wrap" borderBottomWidth="1px" pb="2" data-testid="dataset-job">
          <Stack gap="0" minW="0" flex="1">
            <ChakraLink asChild fontWeight="medium" truncate display="block">
              <Link to={jobMonitorPath(j.job_type, j.id)}>{j.name}</Link>
            </ChakraLink>
            <Text textStyle="xs" color="fg.muted">
              {JOB_TYPES[j.job_type] ?? j.job_type} · {formatDateTime(j.created_at)}
            </Text>
          </Stack>
          <StatusBadge status={j.status} />
        </HStack>
      ))}
    </Stack>
  );
}

function EvaluationSummary({ dataset: d }: { dataset: DatasetDetail }) {
  const e = d.evaluation;
  return (
    <Stack gap="3">
      <Text textStyle="sm">
        {e.reviewed_files} of {plural(e.total_files, 'file')} reviewed
        {e.run ? ` · measured run: ${e.run.name}` : ''}
      </Text>
      {e.overall ? (
        <SimpleGrid columns={3} gap="2" data-testid="dataset-evaluation">
          <Figure label="Accuracy">{formatPercentFraction(e.overall.accuracy)}</Figure>
          <Figure label="Precision">{formatPercentFraction(e.overall.precision)}</Figure>
          <Figure label="Recall">{formatPercentFraction(e.overall.recall)}</Figure>
        </SimpleGrid>
      ) : (
        <Text textStyle="sm" color="fg.muted" data-testid="dataset-evaluation">
          {e.message}
        </Text>
      )}
      <ButtonLink to={paths.jobs.evaluationDataset(d.id)} size="sm" variant="outline" alignSelf="flex-start">
        <ChartColumn /> Open evaluation
      </ButtonLink>
    </Stack>
  );
}

function Exports({ dataset: d }: { dataset: DatasetDetail }) {
  const download = useDatasetExport(d.name);
  return (
    <Stack gap="3">
      <Text textStyle="sm" color="fg.muted">
        The reviewed records of the dataset&apos;s files (corrections applied), with a status for files not reviewed yet.
      </Text>
      <HStack gap="2" wrap="wrap">
        {d.exports.map((x) => (
          <Button
            key={x.format}
            size="sm"
            variant="outline"
            loading={download.isPending && download.variables?.format === x.format}
            aria-label={`Download ${x.label}`}
            onClick={() =>
              download.mutate(x, {
                onSuccess: (name) => toast.success('Export downloaded', name),
                onError: (err) => toast.error('Export failed', toAppError(err).message),
              })
            }
          >
            <Download /> {x.label}
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}
