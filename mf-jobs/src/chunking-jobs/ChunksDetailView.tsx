// Chunks Detail View of a completed chunking job, its chunks labelled by
// their classification (common/chunkClass.ts).
import { Alert, Badge, Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { CopyButton, EmptyState, ErrorState, LoadingState } from '@quarry/shared';
import type { ChunkItem } from '@quarry/shared/schemas';
import { FileText, Table2, TableProperties } from 'lucide-react';
import { useState } from 'react';
import { CHUNK_CLASS_LABEL, chunkLineRange, classifyChunk, type ChunkClass } from '../common/chunkClass';
import { SectionCard } from '../common/cards';

export const CHUNK_PREVIEW_CHARS = 200;
export const NO_TABLE_STRUCTURE_WARNING = 'This chunk was created before detailed table structure preservation was implemented.';

const CLASS_ICON = { table: Table2, 'text-with-tables': TableProperties, text: FileText } as const satisfies Record<ChunkClass, unknown>;

export function ChunkCard({ chunk }: { chunk: ChunkItem }) {
  const [open, setOpen] = useState(false);
  const kind = classifyChunk(chunk);
  const Icon = CLASS_ICON[kind];
  const number = chunk.chunk_index + 1;
  const tables = chunk.metadata?.table_structure ?? [];
  const hasTables = kind !== 'text';
  const [lineStart, lineEnd] = chunkLineRange(chunk);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="chunk-card">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2">
          <Badge variant="solid" colorPalette="gray">
            #{number}
          </Badge>
          <Icon size={16} aria-hidden />
          <Text fontWeight="medium">{CHUNK_CLASS_LABEL[kind]}</Text>
          <Text fontSize="sm" color="fg.muted">
            {chunk.character_count} characters
          </Text>
        </HStack>
        <HStack gap="2">
          <CopyButton text={chunk.content} label="Copy" successTitle="Copied to clipboard" successMessage={`Chunk ${number} content copied`} failureTitle="Copy failed" failureMessage="Could not copy content to clipboard" />
          <Button size="xs" variant="ghost" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Collapse' : 'Expand'}
          </Button>
        </HStack>
      </HStack>
      {!open ? (
        <Stack gap="1" mt="2">
          <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
            {chunk.content.length > CHUNK_PREVIEW_CHARS ? `${chunk.content.slice(0, CHUNK_PREVIEW_CHARS)}...` : chunk.content}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Page {chunk.page_number}
          </Text>
        </Stack>
      ) : (
        <Stack gap="3" mt="3" data-testid="chunk-expanded">
          <Box borderWidth="1px" borderRadius="md" p="2" bg="bg.muted" maxH="24rem" overflow="auto">
            <Code as="pre" whiteSpace="pre-wrap" bg="transparent" fontSize="sm">
              {chunk.content}
            </Code>
          </Box>
          <Stack gap="1" fontSize="sm">
            <Text fontWeight="semibold">Details</Text>
            <Text>Strategy: {chunk.chunking_strategy}</Text>
            <Text>Estimated tokens: {chunk.approximate_token_count}</Text>
            <Text>
              Position: lines {lineStart}-{lineEnd} (characters {chunk.start_position}-{chunk.end_position})
            </Text>
            <Text>Page: {chunk.page_number}</Text>
          </Stack>
          {hasTables ? (
            tables.length === 0 ? (
              <Alert.Root status="warning" size="sm">
                <Alert.Indicator />
                <Alert.Title>{NO_TABLE_STRUCTURE_WARNING}</Alert.Title>
              </Alert.Root>
            ) : (
              <Stack gap="1" fontSize="sm" data-testid="table-structure">
                <Text fontWeight="semibold">Table structure ({tables.length} table{tables.length === 1 ? '' : 's'} found)</Text>
                {tables.map((t, i) => (
                  <Box key={i} pl="2" borderLeftWidth="2px">
                    <Text>
                      Table {i + 1}: lines {t.start}-{t.end}
                    </Text>
                    {t.parts.map((p, k) => (
                      <Text key={k} color="fg.muted">
                        {p.role}: lines {p.start}-{p.end}
                      </Text>
                    ))}
                  </Box>
                ))}
              </Stack>
            )
          ) : null}
          <Stack gap="1">
            <Text fontWeight="semibold" fontSize="sm">
              Raw metadata
            </Text>
            <Box borderWidth="1px" borderRadius="md" p="2" maxH="16rem" overflow="auto">
              <Code as="pre" whiteSpace="pre-wrap" bg="transparent" fontSize="xs">
                {JSON.stringify(chunk.metadata, null, 2)}
              </Code>
            </Box>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}

export function ChunksDetailView({ chunks, isPending, error, onRetry }: { chunks: readonly ChunkItem[] | undefined; isPending: boolean; error: Error | null; onRetry: () => void }) {
  return (
    <SectionCard title="Chunks Detail View" testId="chunks-detail-view">
      {isPending ? (
        <LoadingState text="Loading chunks..." />
      ) : error ? (
        <ErrorState title="Error loading chunks" message={error.message} onRetry={onRetry} />
      ) : !chunks || chunks.length === 0 ? (
        <EmptyState title="No chunks available for this job." />
      ) : (
        <Stack gap="3">
          {chunks.map((c) => (
            <ChunkCard key={c.id} chunk={c} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
