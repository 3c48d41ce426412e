// Extraction Results tab: sub-tabs Unified Dataset and Chunk Details over the
// current results of the active chunking version; Re-extract opens the single-chunk dialog. The
// Unified Dataset is the review record: sources, checks, corrections, Reviewed.
// Results belong to the chunking version they were made on, and a new version has none until it
// is extracted: a selector offers every version that has results, and the tab opens on the
// active one when it has results, else on the newest that has — never "No extraction results"
// while some version has them.
import { Alert, Box, HStack, NativeSelect, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, formatDateTime, toAppError, toast } from '@quarry/shared';
import type { ChunkItem, ChunkingRun } from '@quarry/shared/schemas';
import { cellText, fieldLabel, splitRecord, unifyResults } from '@quarry/shared/review';
import { useMemo, useState, type ReactNode } from 'react';
import { useActiveChunks } from '../common/fileQueries';
import { ReExtractDialog, ReExtractionWatcher, type ReExtractChunk } from '../common/re-extraction/ReExtractDialog';
import { ChunkDetails } from './ChunkDetails';
import { useExtractionResults, useRunChunks, useRunExtractionResults, useRuns } from './queries';
import { ReviewRecord } from './review/ReviewRecord';

/** "Version 2 · llm_analysis · Jan 5, 2025, 3:04 PM · 12 results (active)" */
export function versionLabel(run: ChunkingRun, number: number): string {
  const n = run.extraction_result_count ?? 0;
  return `Version ${number} · ${run.chunking_strategy} · ${formatDateTime(run.created_at)} · ${n} result${n === 1 ? '' : 's'}${run.is_active ? ' (active)' : ''}`;
}

/** The version the tab opens on: the active one when it has results, else the newest that has. */
export function defaultVersion(runs: readonly ChunkingRun[]): ChunkingRun | null {
  const active = runs.find((r) => r.is_active) ?? null;
  if (active && (active.extraction_result_count ?? 0) > 0) return active;
  return runs.find((r) => (r.extraction_result_count ?? 0) > 0) ?? active;
}

export function ExtractionTab({ fileId }: { fileId: string }) {
  const runs = useRuns(fileId);
  const [picked, setPicked] = useState<string | null>(null);
  const list = useMemo(() => runs.data?.runs ?? [], [runs.data]);
  // runs come newest first: version 1 is the oldest
  const numbers = useMemo(() => new Map(list.map((r, i) => [r.id, list.length - i])), [list]);
  const withResults = list.filter((r) => (r.extraction_result_count ?? 0) > 0 || r.is_active);
  const fallback = defaultVersion(list);
  const shown = list.find((r) => r.id === picked) ?? fallback;
  const active = list.find((r) => r.is_active) ?? null;

  if (runs.isPending) return <LoadingState text="Loading extraction results..." />;
  if (runs.isError) return <ErrorState title="Could not load the extraction results" message={toAppError(runs.error).message} onRetry={() => void runs.refetch()} />;

  const selector =
    withResults.length > 1 ? (
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium" aria-hidden>
          Results of
        </Text>
        <NativeSelect.Root size="sm" maxW="36rem">
          <NativeSelect.Field aria-label="Results of chunking version" value={shown?.id ?? ''} onChange={(e) => setPicked(e.currentTarget.value)}>
            {withResults.map((r) => (
              <option key={r.id} value={r.id}>
                {versionLabel(r, numbers.get(r.id) ?? 0)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
    ) : null;

  if (!shown || shown.is_active) {
    return (
      <Stack gap="4">
        {selector}
        <ActiveVersionResults fileId={fileId} />
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      {selector}
      <Alert.Root status="info" size="sm" data-testid="other-version-notice">
        <Alert.Indicator />
        <Alert.Description>
          {active
            ? `These are the results of version ${numbers.get(shown.id)}, which is not the active chunking version (version ${numbers.get(active.id)}${(active.extraction_result_count ?? 0) === 0 ? ' has no extraction results yet' : ''}). Activate it under Chunking Versions to review and correct them, or run an extraction on the active version.`
            : `These are the results of version ${numbers.get(shown.id)}.`}
        </Alert.Description>
      </Alert.Root>
      <OtherVersionResults fileId={fileId} runId={shown.id} />
    </Stack>
  );
}

/** A version's results two ways: the record as one dataset, and chunk by chunk. */
function ResultTabs({ unified, chunks }: { unified: ReactNode; chunks: ReactNode }) {
  return (
    <Tabs.Root defaultValue="unified" variant="enclosed" lazyMount>
      <Tabs.List>
        <Tabs.Trigger value="unified">Unified Dataset</Tabs.Trigger>
        <Tabs.Trigger value="chunks">Chunk Details</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="unified">{unified}</Tabs.Content>
      <Tabs.Content value="chunks">{chunks}</Tabs.Content>
    </Tabs.Root>
  );
}

/** The results of a version that is not the active one: read only (corrections and re-extraction work on the active one). */
function OtherVersionResults({ fileId, runId }: { fileId: string; runId: string }) {
  const results = useRunExtractionResults(fileId, runId);
  const chunks = useRunChunks(fileId, runId);
  const current = useMemo(() => (results.data ?? []).filter((r) => r.is_current), [results.data]);
  const record = useMemo(() => splitRecord(unifyResults(current)), [current]);
  if (results.isPending || chunks.isPending) return <LoadingState text="Loading extraction results..." />;
  if (results.isError || chunks.isError) {
    return <ErrorState title="Could not load the extraction results" message={toAppError(results.error ?? chunks.error).message} onRetry={() => void results.refetch()} />;
  }
  if (current.length === 0) return <EmptyState title="No extraction results" description="This chunking version has no extraction results." />;
  return (
    <ResultTabs
      unified={
        <Stack gap="4">
          {record.fields.length ? (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" aria-label="Unified fields of this version">
                <Table.Body>
                  {record.fields.map(([k, v]) => (
                    <Table.Row key={k}>
                      <Table.Cell fontWeight="medium" w="30%">
                        {fieldLabel(k)}
                      </Table.Cell>
                      <Table.Cell whiteSpace="pre-wrap">{cellText(v) || '—'}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          ) : null}
          {record.lists.map(([k, rows]) => (
            <Box key={k}>
              <Text fontWeight="semibold" mb="1">
                {fieldLabel(k)} ({rows.length} rows)
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {rows
                  .slice(0, 5)
                  .map((r) => cellText(r))
                  .join(' · ')}
                {rows.length > 5 ? ' · …' : ''}
              </Text>
            </Box>
          ))}
        </Stack>
      }
      chunks={<ChunkDetails results={results.data} chunks={chunks.data.chunks} extractingChunkIds={new Set()} />}
    />
  );
}

function ActiveVersionResults({ fileId }: { fileId: string }) {
  const results = useExtractionResults(fileId);
  const chunks = useActiveChunks(fileId);
  const [dialogChunk, setDialogChunk] = useState<ReExtractChunk | null>(null);
  /** re-extraction jobs by chunk id; running ones are followed by a watcher */
  const [jobs, setJobs] = useState<ReadonlyMap<string, { chunk: ReExtractChunk; jobId: string; running: boolean }>>(new Map());
  const extracting = useMemo(() => new Set([...jobs].filter(([, j]) => j.running).map(([id]) => id)), [jobs]);
  const setJob = (chunkId: string, value: { chunk: ReExtractChunk; jobId: string; running: boolean } | null) =>
    setJobs((m) => {
      const next = new Map(m);
      if (value) next.set(chunkId, value);
      else next.delete(chunkId);
      return next;
    });
  const current = useMemo(() => (results.data ?? []).filter((r) => r.is_current), [results.data]);

  const startDialog = (chunk: ChunkItem) => {
    // a finished job of this chunk: open on the form again
    if (jobs.get(chunk.id)?.running === false) setJob(chunk.id, null);
    setDialogChunk({ id: chunk.id, chunk_index: chunk.chunk_index, chunk_type: chunk.chunk_type, tables_found: chunk.metadata.tables_found });
  };
  const finished = (status: 'completed' | 'failed', chunk: ReExtractChunk) => {
    setJobs((m) => {
      const j = m.get(chunk.id);
      return j ? new Map(m).set(chunk.id, { ...j, running: false }) : m;
    });
    if (status === 'failed') toast.error('Extraction Failed', `The re-extraction of chunk ${chunk.chunk_index + 1} failed.`);
    else toast.success('Extraction completed', `Chunk ${chunk.chunk_index + 1} has a new result.`);
  };

  if (results.isPending || chunks.isPending) return <LoadingState text="Loading extraction results..." />;
  if (results.isError || chunks.isError) {
    const error = results.error ?? chunks.error;
    return (
      <ErrorState
        title="Could not load the extraction results"
        message={toAppError(error).message}
        onRetry={() => {
          void results.refetch();
          void chunks.refetch();
        }}
      />
    );
  }
  if (current.length === 0) return <EmptyState title="No extraction results" description="Run an extraction job on this file to see its data here." />;

  return (
    <>
      <ResultTabs
        unified={<ReviewRecord fileId={fileId} />}
        chunks={<ChunkDetails results={results.data} chunks={chunks.data.chunks} extractingChunkIds={extracting} onReExtract={startDialog} />}
      />
      {[...jobs].filter(([, j]) => j.running).map(([, j]) => (
        <ReExtractionWatcher key={j.jobId} fileId={fileId} chunk={j.chunk} jobId={j.jobId} onFinished={finished} />
      ))}
      <ReExtractDialog
        fileId={fileId}
        chunk={dialogChunk}
        jobId={dialogChunk ? (jobs.get(dialogChunk.id)?.jobId ?? null) : null}
        onStarted={(chunk, jobId) => setJob(chunk.id, { chunk, jobId, running: true })}
        onReset={(chunk) => setJob(chunk.id, null)}
        onClose={() => setDialogChunk(null)}
      />
    </>
  );
}
