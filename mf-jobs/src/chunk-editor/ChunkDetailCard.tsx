// The selected chunk's details: lines, characters, table structure and the
// first 150 characters; 'Select a chunk to view details' when none is selected.
import { Alert, Badge, Box, Card, HStack, List, Text } from '@chakra-ui/react';
import type { ChunkItem } from '@quarry/shared/schemas';
import { CHUNK_CLASS_LABEL, chunkLineRange, chunkPalette, classifyChunk } from '../common/chunkClass';

export const DETAIL_PREVIEW_CHARS = 150;
export const NO_SELECTION = 'Select a chunk to view details';
/** Shown for a chunk with tables but no table structure. */
export const NO_STRUCTURE_WARNING = 'This chunk was created before detailed table structure preservation was implemented.';

export function ChunkDetailCard({ chunk }: { chunk: ChunkItem | null }) {
  if (!chunk) {
    return (
      <Card.Root size="sm" variant="subtle">
        <Card.Body>
          <Text color="fg.muted">{NO_SELECTION}</Text>
        </Card.Body>
      </Card.Root>
    );
  }
  const [start, end] = chunkLineRange(chunk);
  const tables = chunk.metadata.table_structure;
  const preview = chunk.content.length > DETAIL_PREVIEW_CHARS ? `${chunk.content.slice(0, DETAIL_PREVIEW_CHARS)}...` : chunk.content;
  return (
    <Card.Root size="sm" aria-label={`Chunk ${chunk.chunk_index + 1} details`}>
      <Card.Header>
        <HStack gap="2">
          <Card.Title>Chunk {chunk.chunk_index + 1}</Card.Title>
          <Badge colorPalette={chunkPalette(chunk)}>{CHUNK_CLASS_LABEL[classifyChunk(chunk)]}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="2">
        <Text fontSize="sm">
          Lines {start}-{end} ({end - start + 1} lines)
        </Text>
        <Text fontSize="sm">{chunk.character_count} characters</Text>
        <Box>
          <Text fontSize="sm" fontWeight="semibold">
            Table structure
          </Text>
          {tables.length ? (
            <List.Root ps="4" fontSize="sm">
              {tables.map((t, i) => {
                const header = t.parts.filter((p) => p.role === 'header');
                const body = t.parts.filter((p) => p.role === 'body');
                return (
                  <List.Item key={i}>
                    Table {i + 1}: lines {t.start}-{t.end}
                    {header.length ? `, header ${header[0]!.start}-${header[header.length - 1]!.end}` : ', no header'}, {body.length} body row{body.length === 1 ? '' : 's'}
                  </List.Item>
                );
              })}
            </List.Root>
          ) : chunk.chunk_type === 'table' || chunk.metadata.tables_found > 0 ? (
            <Alert.Root status="warning" size="sm" mt="1">
              <Alert.Indicator />
              <Alert.Title>{NO_STRUCTURE_WARNING}</Alert.Title>
            </Alert.Root>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              No tables
            </Text>
          )}
        </Box>
        <Text fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" bg="bg.subtle" p="2" borderRadius="sm" aria-label="Preview">
          {preview}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
