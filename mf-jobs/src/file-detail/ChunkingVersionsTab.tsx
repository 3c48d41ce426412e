// Chunking Versions tab: the file's runs; the first active run is
// shown by default; any run's chunks can be viewed; an inactive run can be activated (it
// becomes the one active run) or deleted after confirmation.
import { Badge, Box, Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, formatDateTime, toAppError, toast, DataTable } from '@quarry/shared';
import type { ChunkingRun } from '@quarry/shared/schemas';
import { useState } from 'react';
import { ChunkCard } from './ChunkCard';
import { useActivateRun, useDeleteRun, useRunChunks, useRuns } from './queries';

export const DELETE_RUN_QUESTION = 'Are you sure you want to delete this chunking version? This action cannot be undone.';

export function ChunkingVersionsTab({ fileId }: { fileId: string }) {
  const runs = useRuns(fileId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ChunkingRun | null>(null);
  const activate = useActivateRun(fileId);
  const remove = useDeleteRun(fileId);

  const list = runs.data?.runs ?? [];
  const viewed = list.find((r) => r.id === chosen) ?? list.find((r) => r.is_active) ?? list[0] ?? null;

  if (runs.isPending) return <LoadingState text="Loading chunking versions..." />;
  if (runs.isError) return <ErrorState title="Could not load the chunking versions" message={toAppError(runs.error).message} onRetry={() => void runs.refetch()} />;
  if (list.length === 0) return <EmptyState title="No chunking versions" description="Run chunking on this file to create its first version." />;

  return (
    <Stack gap="6">
      <DataTable label="Chunking versions" columns={['Strategy', { label: 'Max chunk size', textAlign: 'end', hideBelow: 'md' }, { label: 'Overlap', textAlign: 'end', hideBelow: 'md' }, { label: 'Chunks', textAlign: 'end', hideBelow: 'md' }, { label: 'Created', hideBelow: 'md' }, { label: 'Status', hideBelow: 'md' }, 'Actions']} scrollAreaProps={{ borderWidth: '1px', borderRadius: 'md' }}>
        {list.map((run) => (
          <Table.Row key={run.id} aria-selected={viewed?.id === run.id} bg={viewed?.id === run.id ? 'bg.emphasized' : undefined}>
            <Table.Cell>
              {run.chunking_strategy}
              {/* narrow screens: the hidden columns in one line */}
              <Box hideFrom="md" fontSize="xs" color="fg.muted" whiteSpace="normal">
                <Text>
                  max {run.max_chunk_size} · overlap {run.overlap_size} · {run.chunk_count} chunks
                </Text>
                <Text>{formatDateTime(run.created_at)}</Text>
                {run.is_active ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>}
              </Box>
            </Table.Cell>
            <Table.Cell textAlign="end" hideBelow="md">{run.max_chunk_size}</Table.Cell>
            <Table.Cell textAlign="end" hideBelow="md">{run.overlap_size}</Table.Cell>
            <Table.Cell textAlign="end" hideBelow="md">{run.chunk_count}</Table.Cell>
            <Table.Cell whiteSpace="nowrap" hideBelow="md">{formatDateTime(run.created_at)}</Table.Cell>
            <Table.Cell hideBelow="md">{run.is_active ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>}</Table.Cell>
            <Table.Cell>
              <HStack gap="1" wrap="wrap">
                <Button size="xs" variant="outline" onClick={() => setChosen(run.id)} aria-pressed={viewed?.id === run.id}>
                  View chunks
                </Button>
                {run.is_active ? null : (
                  <>
                    <Button
                      size="xs"
                      colorPalette="brand"
                      loading={activate.isPending && activate.variables === run.id}
                      disabled={activate.isPending}
                      onClick={() =>
                        activate.mutate(run.id, {
                          onSuccess: () => {
                            setChosen(run.id);
                            toast.success('Chunking version activated', `The ${run.chunking_strategy} version is now the active one.`);
                          },
                          onError: (e) => toast.error('Could not activate the chunking version', toAppError(e).message),
                        })
                      }
                    >
                      Activate
                    </Button>
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => setToDelete(run)}>
                      Delete
                    </Button>
                  </>
                )}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </DataTable>

      {viewed ? <RunChunks fileId={fileId} run={viewed} /> : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete chunking version"
        message={DELETE_RUN_QUESTION}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
          } catch (e) {
            toast.error('Could not delete the chunking version', toAppError(e).message);
            throw e; // the dialog stays open
          }
          if (chosen === toDelete.id) setChosen(null);
          toast.success('Chunking version deleted');
        }}
      />
    </Stack>
  );
}

/** Chunks drawn at first and per "Show more": a long document has hundreds. */
export const CHUNKS_PER_PAGE = 20;

function RunChunks({ fileId, run }: { fileId: string; run: ChunkingRun }) {
  const chunks = useRunChunks(fileId, run.id);
  const [shown, setShown] = useState(CHUNKS_PER_PAGE);
  return (
    <Box as="section" aria-label="Chunks of the selected version">
      <Heading size="sm" mb="3">
        Chunks of the {run.chunking_strategy} version{run.is_active ? ' (active)' : ''}
        <Text as="span" fontWeight="normal" color="fg.muted">
          {' '}
          · {formatDateTime(run.created_at)}
        </Text>
      </Heading>
      {chunks.isPending ? (
        <LoadingState text="Loading chunks..." />
      ) : chunks.isError ? (
        <ErrorState title="Could not load the chunks" message={toAppError(chunks.error).message} onRetry={() => void chunks.refetch()} />
      ) : chunks.data.chunks.length === 0 ? (
        <EmptyState title="No chunks in this version" />
      ) : (
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {chunks.data.total_chunks} chunks
          </Text>
          {chunks.data.chunks.slice(0, shown).map((c) => (
            <ChunkCard key={c.id} chunk={c} />
          ))}
          {chunks.data.chunks.length > shown ? (
            <Button variant="outline" size="sm" alignSelf="center" onClick={() => setShown((n) => n + CHUNKS_PER_PAGE)}>
              Show more chunks ({chunks.data.chunks.length - shown} more)
            </Button>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
