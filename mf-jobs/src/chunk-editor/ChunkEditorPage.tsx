// /files/{fileId}/edit-chunks: the OCR lines coloured by
// chunk on the left; the chunk list, the selected chunk's details and the edit form on the
// right. After a save the chunk list is reloaded and the saved chunk stays selected.
import { Badge, Box, Button, Flex, Grid, HStack, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, paths, toAppError, ButtonLink } from '@quarry/shared';
import type { ChunkItem } from '@quarry/shared/schemas';
import { ArrowLeft, Pencil } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { chunkLineRange, chunkPalette, tableCount } from '../common/chunkClass';
import { useActiveChunks, useFile, useOcrLines } from '../common/fileQueries';
import { useFileLiveUpdates } from '../common/useFileLiveUpdates';
import { ChunkDetailCard } from './ChunkDetailCard';
import { ChunkEditForm } from './ChunkEditForm';
import { LinesPane } from './LinesPane';

export default function ChunkEditorPage() {
  const fileId = useParams().fileId ?? '';
  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <HStack gap="3">
          <Heading as="h1" size="xl">
            Chunk Editor
          </Heading>
          <Badge colorPalette="orange" variant="solid">
            Edit Mode
          </Badge>
        </HStack>
        <ButtonLink to={paths.files.detail(fileId)} variant="outline" size="sm">
          <ArrowLeft size={16} /> Back to File
        </ButtonLink>
      </Flex>
      <Editor fileId={fileId} />
    </Stack>
  );
}

function Editor({ fileId }: { fileId: string }) {
  const file = useFile(fileId);
  const lines = useOcrLines(fileId, file.isSuccess);
  const chunks = useActiveChunks(fileId);
  useFileLiveUpdates(fileId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const select = useCallback((id: string) => setSelectedId(id), []);

  const list = useMemo(() => chunks.data?.chunks ?? [], [chunks.data]);
  const selected = list.find((c) => c.id === selectedId) ?? null;
  const editing = list.find((c) => c.id === editingId) ?? null;

  if (file.isPending || (file.isSuccess && (lines.isPending || chunks.isPending))) return <LoadingState text="Loading chunks..." />;
  if (file.isError) {
    const e = toAppError(file.error);
    return <ErrorState title={e.status === 404 || e.status === 422 ? 'File not found' : 'Could not load the file'} message={e.message} onRetry={() => void file.refetch()} />;
  }
  if (lines.isError) return <ErrorState title="Could not load the OCR lines" message={toAppError(lines.error).message} onRetry={() => void lines.refetch()} />;
  if (chunks.isError) return <ErrorState title="Could not load the chunks" message={toAppError(chunks.error).message} onRetry={() => void chunks.refetch()} />;
  if (list.length === 0) return <EmptyState title="No chunks to edit" description="Run chunking on this file first." />;

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
      <Box as="section" aria-label="Document">
        <Text fontSize="sm" color="fg.muted" mb="2">
          {file.data?.filename} · {lines.data?.total_lines} lines
        </Text>
        <LinesPane lines={lines.data?.lines ?? []} chunks={list} selectedId={selectedId} onSelect={select} />
      </Box>
      <Stack gap="4" as="section" aria-label="Chunks">
        <Box>
          <Heading size="sm" mb="2">
            Chunks ({list.length})
          </Heading>
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" maxH="18rem" overflow="auto" aria-label="Chunk list">
            {list.map((c) => (
              <ChunkRow
                key={c.id}
                chunk={c}
                selected={c.id === selectedId}
                onSelect={() => setSelectedId(c.id)}
                onEdit={() => {
                  setSelectedId(c.id);
                  setEditingId(c.id);
                }}
              />
            ))}
          </Stack>
        </Box>
        <ChunkDetailCard chunk={selected} />
        {editing ? (
          <ChunkEditForm
            key={editing.id}
            fileId={fileId}
            chunk={editing}
            onCancel={() => setEditingId(null)}
            onSaved={(saved) => {
              setEditingId(null);
              setSelectedId(saved.id);
            }}
          />
        ) : null}
      </Stack>
    </Grid>
  );
}

function ChunkRow({ chunk, selected, onSelect, onEdit }: { chunk: ChunkItem; selected: boolean; onSelect: () => void; onEdit: () => void }) {
  const [s, e] = chunkLineRange(chunk);
  const palette = chunkPalette(chunk);
  const tables = tableCount(chunk);
  return (
    <Flex
      as="li"
      align="center"
      gap="2"
      borderWidth="1px"
      borderLeftWidth="4px"
      borderLeftColor={`${palette}.solid`}
      borderRadius="md"
      bg={selected ? `${palette}.muted` : undefined}
      px="2"
      py="1"
      aria-current={selected || undefined}
    >
      <Button variant="ghost" size="xs" flex="1" justifyContent="flex-start" onClick={onSelect} aria-label={`Chunk ${chunk.chunk_index + 1}, lines ${s}-${e}`}>
        <Text fontWeight="semibold">Chunk {chunk.chunk_index + 1}</Text>
        <Text color="fg.muted">
          Lines {s}-{e}
        </Text>
        <Text color="fg.muted">
          · {tables} table{tables === 1 ? '' : 's'}
        </Text>
      </Button>
      <IconButton size="xs" variant="ghost" aria-label={`Edit chunk ${chunk.chunk_index + 1}`} onClick={onEdit}>
        <Pencil size={14} />
      </IconButton>
    </Flex>
  );
}
