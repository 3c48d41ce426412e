// /jobs/evaluation/datasets/{datasetId}[?run=jobId] and /jobs/evaluation/runs/{jobId}: an
// extraction run measured against the reviewed files — overall and per-field
// precision, recall and exact-match accuracy, row recall for tables, beside the previous run,
// and the fields that got worse with examples.
import { Badge, Box, Field, HStack, Heading, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, formatDate, paths, DataTable, ButtonLink } from '@quarry/shared';
import type { Evaluation, EvaluationField, EvaluationRun } from '@quarry/shared/schemas';
import { Link, useParams, useSearchParams } from 'react-router';
import { SectionCard, StatGrid } from '../common/cards';
import { BackLink } from '../common/monitorParts';
import { delta, percent } from './figures';
import { useEvaluation, type EvaluationTarget } from './queries';
import { WorseFields } from './WorseFields';

const runLabel = (r: EvaluationRun) => `${r.name} · ${formatDate(r.created_at)}${r.prompt_name ? ` · prompt ${r.prompt_name}` : ''}`;

export default function EvaluationPage() {
  const { datasetId, jobId } = useParams();
  const [search, setSearch] = useSearchParams();
  const target: EvaluationTarget = datasetId ? { kind: 'dataset', datasetId, runId: search.get('run') ?? undefined } : { kind: 'run', jobId: jobId ?? '' };
  const q = useEvaluation(target);
  // the page sits under Jobs › Evaluation whichever way it was opened: the back link goes there,
  // and a run's own monitor is a link of its own
  const back = (
    <HStack gap="2" wrap="wrap">
      <BackLink to={paths.jobs.evaluation} label="Back to Evaluation" />
      {target.kind === 'run' ? (
        <ButtonLink to={paths.jobs.extractionMonitor(target.jobId)} variant="ghost" size="sm">Open the extraction run</ButtonLink>
      ) : null}
    </HStack>
  );

  if (q.isPending) return <LoadingState text="Evaluating the run against the reviewed files..." />;
  if (q.isError) {
    return (
      <Stack gap="4">
        {back}
        <ErrorState title="Evaluation not available" message={q.error.message} onRetry={() => void q.refetch()} />
      </Stack>
    );
  }
  const e = q.data;
  return (
    <Stack gap="5">
      {back}
      <Stack gap="1">
        <Heading as="h1" size="xl">
          Evaluation: {e.scope.name}
        </Heading>
        <Text color="fg.muted" data-testid="evaluation-ground-truth">
          Ground truth: {e.reviewed_files} of {e.total_files} file{e.total_files === 1 ? '' : 's'} reviewed
        </Text>
      </Stack>
      {e.runs.length > 0 && target.kind === 'dataset' ? (
        <Field.Root maxW="xl">
          <Field.Label>Run to evaluate</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={e.run?.job_id ?? ''}
              onChange={(ev) => setSearch(ev.target.value ? { run: ev.target.value } : {}, { replace: true })}
            >
              {e.runs.map((r) => (
                <option key={r.job_id} value={r.job_id}>
                  {runLabel(r)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ) : null}
      {e.overall === null ? <NoFigures e={e} /> : <Figures e={e} />}
    </Stack>
  );
}

function NoFigures({ e }: { e: Evaluation }) {
  return (
    <EmptyState
      title={e.reviewed_files === 0 ? 'No reviewed files' : 'No extraction run to evaluate'}
      description={e.message ?? undefined}
      action={
        <Box asChild color="fg.info" textDecoration="underline">
          <Link to={paths.files.index}>Go to Files</Link>
        </Box>
      }
    />
  );
}

function Figures({ e }: { e: Evaluation }) {
  const o = e.overall!;
  const p = e.previous_overall;
  const worse = e.fields.filter((f) => f.worse);
  return (
    <>
      <SectionCard title="Overall" testId="evaluation-overall">
        <Stack gap="3">
          <Text textStyle="sm" color="fg.muted">
            {e.run ? `Run: ${runLabel(e.run)}` : null}
            {e.previous_run ? ` — compared with ${runLabel(e.previous_run)}` : ' — no previous run to compare with'}
          </Text>
          <StatGrid>
            <Figure label="Precision" now={o.precision} before={p?.precision} />
            <Figure label="Recall" now={o.recall} before={p?.recall} />
            <Figure label="Exact-match accuracy" now={o.accuracy} before={p?.accuracy} />
            <Figure label="Row recall" now={o.row_recall} before={p?.row_recall} />
          </StatGrid>
        </Stack>
      </SectionCard>
      <SectionCard title="Per field" testId="evaluation-fields">
        <FieldTable fields={e.fields} withPrevious={Boolean(e.previous_run)} />
      </SectionCard>
      {e.previous_run ? <WorseFields fields={worse} /> : null}
    </>
  );
}

function Figure({ label, now, before }: { label: string; now: number | null; before: number | null | undefined }) {
  const d = delta(now, before);
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <HStack gap="2" align="baseline" wrap="wrap">
        <Text fontWeight="semibold" fontSize="xl">
          {percent(now)}
        </Text>
        {before !== undefined ? (
          <Text textStyle="sm" color={d.startsWith('-') ? 'fg.error' : d.startsWith('+') ? 'fg.success' : 'fg.muted'}>
            {d ? `${d} (was ${percent(before)})` : `was ${percent(before)}`}
          </Text>
        ) : null}
      </HStack>
    </Box>
  );
}

/** "82%" with "(was 90%)" beside it, or under it on a narrow screen */
function Cell({ now, before, withPrevious }: { now: number | null; before: number | null | undefined; withPrevious: boolean }) {
  const d = delta(now, before);
  return (
    <Table.Cell textAlign="end" whiteSpace="nowrap">
      <Text as="span" fontWeight="medium">
        {percent(now)}
      </Text>
      {withPrevious ? (
        <Text as="span" display={{ base: 'block', md: 'inline' }} textStyle="xs" color={d.startsWith('-') ? 'fg.error' : 'fg.muted'} ms={{ base: '0', md: '1' }}>
          ({before === null || before === undefined ? 'new' : `was ${percent(before)}`})
        </Text>
      ) : null}
    </Table.Cell>
  );
}

function FieldTable({ fields, withPrevious }: { fields: EvaluationField[]; withPrevious: boolean }) {
  if (fields.length === 0) return <Text color="fg.muted">The reviewed records have no fields.</Text>;
  return (
    <DataTable label="Per-field figures" columns={['Field', { label: 'Precision', textAlign: 'end' }, { label: 'Recall', textAlign: 'end' }, { label: 'Accuracy', textAlign: 'end' }, { label: 'Files', display: { base: 'none', md: 'table-cell' } }]} scrollAreaProps={{ borderWidth: '1px', rounded: 'md' }}>
      {fields.map((f) => (
        <Table.Row key={f.field} data-testid="evaluation-field-row">
          <Table.Cell>
            <HStack gap="2" wrap="wrap">
              <Text fontFamily="mono" textStyle="sm">
                {f.field}
              </Text>
              {f.kind === 'table' ? <Badge size="sm">table</Badge> : null}
              {f.worse ? (
                <Badge size="sm" colorPalette="red">
                  worse
                </Badge>
              ) : null}
            </HStack>
          </Table.Cell>
          {f.kind === 'field' ? (
            <>
              <Cell now={f.current.precision} before={f.previous?.precision} withPrevious={withPrevious} />
              <Cell now={f.current.recall} before={f.previous?.recall} withPrevious={withPrevious} />
              <Cell now={f.current.accuracy} before={f.previous?.accuracy} withPrevious={withPrevious} />
              <Table.Cell textStyle="xs" color="fg.muted" whiteSpace="nowrap" display={{ base: 'none', md: 'table-cell' }}>
                {f.current.correct} right, {f.current.false_positives} wrong or extra, {f.current.false_negatives} missed or wrong
              </Table.Cell>
            </>
          ) : (
            <>
              <Cell now={f.current.row_precision} before={f.previous?.row_precision} withPrevious={withPrevious} />
              <Cell now={f.current.row_recall} before={f.previous?.row_recall} withPrevious={withPrevious} />
              <Table.Cell textAlign="end" color="fg.muted" title="Tables are measured by rows: precision and recall of rows">
                -
              </Table.Cell>
              <Table.Cell textStyle="xs" color="fg.muted" whiteSpace="nowrap" display={{ base: 'none', md: 'table-cell' }}>
                {f.current.recalled_rows} of {f.current.reviewed_rows} reviewed rows found, {f.current.extracted_rows} extracted
              </Table.Cell>
            </>
          )}
        </Table.Row>
      ))}
    </DataTable>
  );
}

