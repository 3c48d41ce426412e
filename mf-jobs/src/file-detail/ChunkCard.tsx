// One chunk in a list: 1-based number, type coloured by its class, line range,
// characters, tables, the first 200 characters collapsed with Show more.
import { Badge, Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import type { ChunkItem } from '@quarry/shared/schemas';
import { useState, type ReactNode } from 'react';
import { CHUNK_CLASS_LABEL, chunkLineRange, chunkPalette, classifyChunk, tableCount } from '../common/chunkClass';

export const CHUNK_PREVIEW_CHARS = 200;

export function ChunkCard({ chunk, actions, children }: { chunk: ChunkItem; actions?: ReactNode; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [start, end] = chunkLineRange(chunk);
  const palette = chunkPalette(chunk);
  const long = chunk.content.length > CHUNK_PREVIEW_CHARS;
  return (
    <Box as="article" borderWidth="1px" borderLeftWidth="4px" borderLeftColor={`${palette}.solid`} borderRadius="md" p="3" aria-label={`Chunk ${chunk.chunk_index + 1}`}>
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">Chunk {chunk.chunk_index + 1}</Text>
          <Badge colorPalette={palette}>{CHUNK_CLASS_LABEL[classifyChunk(chunk)]}</Badge>
          <Text fontSize="sm" color="fg.muted">
            Lines {start}-{end} · {chunk.character_count} characters
            {tableCount(chunk) ? ` · ${tableCount(chunk)} table${tableCount(chunk) === 1 ? '' : 's'}` : ''}
          </Text>
        </HStack>
        {actions}
      </Flex>
      <Text mt="2" fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
        {open || !long ? chunk.content : `${chunk.content.slice(0, CHUNK_PREVIEW_CHARS)}...`}
      </Text>
      {long ? (
        <Button size="xs" variant="ghost" mt="1" onClick={() => setOpen((o) => !o)}>
          {open ? 'Show less' : 'Show more'}
        </Button>
      ) : null}
      {children}
    </Box>
  );
}
