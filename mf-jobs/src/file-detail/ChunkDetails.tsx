// Chunk Details sub-tab: per chunk its sequence, status, extracted data,
// error and text; the versions a later extraction replaced stay readable under Previous
// results; Re-extract opens the single-chunk dialog ('Could not find the corresponding chunk'
// when the chunk is no longer in the active version).
import { Badge, Box, Button, Code, Collapsible, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { StatusBadge, formatDateTime, toast } from '@quarry/shared';
import type { ChunkItem, ExtractionResult } from '@quarry/shared/schemas';
import { useMemo, useState } from 'react';
import { CHUNK_CLASS_LABEL, chunkPalette, classifyChunk } from '../common/chunkClass';

export const CHUNK_NOT_FOUND = 'Could not find the corresponding chunk';
export const RESULTS_PER_PAGE = 20;

export interface ChunkResultGroup {
  chunkId: string;
  current: ExtractionResult;
  previous: ExtractionResult[];
}

/** Current result per chunk (in sequence order) with the versions it replaced, newest first. */
export function groupResults(results: readonly ExtractionResult[]): ChunkResultGroup[] {
  const byChunk = new Map<string, ExtractionResult[]>();
  for (const r of results) byChunk.set(r.chunk_id, [...(byChunk.get(r.chunk_id) ?? []), r]);
  const groups: ChunkResultGroup[] = [];
  for (const [chunkId, list] of byChunk) {
    const sorted = [...list].sort((a, b) => Number(b.is_current) - Number(a.is_current) || b.created_at.localeCompare(a.created_at));
    const [current, ...previous] = sorted;
    if (current) groups.push({ chunkId, current, previous });
  }
  return groups.sort((a, b) => a.current.sequence_number - b.current.sequence_number);
}

export function ChunkDetails({
  results,
  chunks,
  extractingChunkIds,
  onReExtract,
}: {
  results: ExtractionResult[];
  chunks: ChunkItem[];
  extractingChunkIds: ReadonlySet<string>;
  /** absent: the results of a version that is not the active one (re-extraction works on the active one) */
  onReExtract?: ((chunk: ChunkItem) => void) | undefined;
}) {
  const groups = useMemo(() => groupResults(results), [results]);
  // a long document has hundreds of chunks: draw them in pages
  const [shown, setShown] = useState(RESULTS_PER_PAGE);
  const chunkById = useMemo(() => new Map(chunks.map((c) => [c.id, c])), [chunks]);
  return (
    <Stack gap="4">
      {groups.slice(0, shown).map((g) => {
        const chunk = chunkById.get(g.chunkId);
        return (
          <Box as="article" key={g.chunkId} borderWidth="1px" borderRadius="md" p="4" aria-label={`Chunk ${g.current.sequence_number + 1} result`}>
            <Flex justify="space-between" align="center" gap="2" wrap="wrap">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">Chunk {g.current.sequence_number + 1}</Text>
                <StatusBadge status={g.current.status} />
                {chunk ? <Badge colorPalette={chunkPalette(chunk)}>{CHUNK_CLASS_LABEL[classifyChunk(chunk)]}</Badge> : null}
                {extractingChunkIds.has(g.chunkId) ? (
                  <Badge colorPalette="blue" variant="outline">
                    Re-extracting...
                  </Badge>
                ) : null}
              </HStack>
              <HStack gap="2">
                {g.current.status === 'failed' ? (
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => toast.error('Extraction Failed', g.current.error_message ?? 'The extraction of this chunk failed.')}>
                    Why it failed
                  </Button>
                ) : null}
                {onReExtract ? (
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={extractingChunkIds.has(g.chunkId)}
                    onClick={() => {
                      if (!chunk) toast.error(CHUNK_NOT_FOUND, 'The chunk of this result is not in the active chunking version.');
                      else onReExtract(chunk);
                    }}
                  >
                    Re-extract
                  </Button>
                ) : null}
              </HStack>
            </Flex>
            <Text fontSize="xs" color="fg.muted" mt="1">
              {formatDateTime(g.current.created_at)} · {g.current.model}
              {g.current.tokens_used ? ` · ${g.current.tokens_used} tokens` : ''}
            </Text>
            <ResultBody result={g.current} />
            {g.previous.length ? (
              <Collapsible.Root mt="3">
                <Collapsible.Trigger asChild>
                  <Button size="xs" variant="ghost">
                    Previous results ({g.previous.length})
                  </Button>
                </Collapsible.Trigger>
                <Collapsible.Content>
                  <Stack gap="3" mt="2" pl="3" borderLeftWidth="2px" aria-label="Previous results">
                    {g.previous.map((p) => (
                      <Box key={p.id}>
                        <HStack gap="2">
                          <StatusBadge status={p.status} size="sm" />
                          <Text fontSize="xs" color="fg.muted">
                            {formatDateTime(p.created_at)}
                            {p.superseded_at ? ` · replaced ${formatDateTime(p.superseded_at)}` : ''}
                          </Text>
                        </HStack>
                        <ResultBody result={p} />
                      </Box>
                    ))}
                  </Stack>
                </Collapsible.Content>
              </Collapsible.Root>
            ) : null}
            <Collapsible.Root mt="2">
              <Collapsible.Trigger asChild>
                <Button size="xs" variant="ghost">
                  Chunk text
                </Button>
              </Collapsible.Trigger>
              <Collapsible.Content>
                <Text mt="2" fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" bg="bg.subtle" p="2" borderRadius="sm">
                  {g.current.chunk_text}
                </Text>
              </Collapsible.Content>
            </Collapsible.Root>
          </Box>
        );
      })}
      {groups.length > shown ? (
        <Button variant="outline" size="sm" alignSelf="center" onClick={() => setShown((n) => n + RESULTS_PER_PAGE)}>
          Show more results ({groups.length - shown} more)
        </Button>
      ) : null}
    </Stack>
  );
}

function ResultBody({ result }: { result: ExtractionResult }) {
  return (
    <Box mt="2">
      {result.error_message ? (
        <Text color="fg.error" fontSize="sm" mb="1">
          {result.error_message}
        </Text>
      ) : null}
      {result.extracted_data !== null && result.extracted_data !== undefined ? (
        <Code as="pre" display="block" whiteSpace="pre-wrap" wordBreak="break-word" p="2" fontSize="xs" maxH="20rem" overflow="auto" aria-label="Extracted data">
          {JSON.stringify(result.extracted_data, null, 2)}
        </Code>
      ) : null}
    </Box>
  );
}
