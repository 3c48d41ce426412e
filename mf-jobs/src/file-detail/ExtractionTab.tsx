// Extraction Results tab (spec 3 §2.10): sub-tabs Unified Dataset and Chunk Details over the
// current results of the active chunking version; Re-extract opens the single-chunk dialog. The
// Unified Dataset is the review record (issue 14): sources, checks, corrections, Reviewed.
import { Tabs } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, toAppError, toast } from '@quarry/shared';
import type { ChunkItem } from '@quarry/shared/schemas';
import { useMemo, useState } from 'react';
import { useActiveChunks } from '../file-common/queries';
import { ReExtractDialog, ReExtractionWatcher, type ReExtractChunk } from '../re-extraction/ReExtractDialog';
import { ChunkDetails } from './ChunkDetails';
import { useExtractionResults } from './queries';
import { ReviewRecord } from './review/ReviewRecord';

export function ExtractionTab({ fileId }: { fileId: string }) {
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
      <Tabs.Root defaultValue="unified" variant="enclosed" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="unified">Unified Dataset</Tabs.Trigger>
          <Tabs.Trigger value="chunks">Chunk Details</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="unified">
          <ReviewRecord fileId={fileId} />
        </Tabs.Content>
        <Tabs.Content value="chunks">
          <ChunkDetails
            results={results.data}
            chunks={chunks.data.chunks}
            extractingChunkIds={extracting}
            onReExtract={startDialog}
          />
        </Tabs.Content>
      </Tabs.Root>
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
