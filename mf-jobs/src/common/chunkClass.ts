// Chunk classification: chunk_type table = a dedicated table chunk; a text chunk
// with tables_found above 0 = text with tables; anything else = pure text. The editor and the
// chunk lists colour chunks by it (table green, text with tables yellow, others blue);
// the chunking monitor's Chunks Detail View labels them by it.
import type { ChunkItem } from '@quarry/shared/schemas';

export type ChunkClass = 'table' | 'text-with-tables' | 'text';

type Classifiable = Pick<ChunkItem, 'chunk_type'> & { metadata?: { tables_found?: number | null } | null };

export function classifyChunk(chunk: Classifiable): ChunkClass {
  if (chunk.chunk_type === 'table') return 'table';
  if ((chunk.metadata?.tables_found ?? 0) > 0) return 'text-with-tables';
  return 'text';
}

/** Chakra colour palette of each class. */
export const CHUNK_CLASS_PALETTE: Record<ChunkClass, 'green' | 'yellow' | 'blue'> = {
  table: 'green',
  'text-with-tables': 'yellow',
  text: 'blue',
};

export const CHUNK_CLASS_LABEL: Record<ChunkClass, string> = {
  table: 'Table',
  'text-with-tables': 'Text with tables',
  text: 'Text',
};

export function chunkPalette(chunk: Classifiable): 'green' | 'yellow' | 'blue' {
  return CHUNK_CLASS_PALETTE[classifyChunk(chunk)];
}

/** Tables of a chunk (table_structure entries; tables_found when the structure is missing). */
export function tableCount(chunk: Pick<ChunkItem, 'metadata'>): number {
  return chunk.metadata.table_structure.length || chunk.metadata.tables_found || 0;
}

type Ranged = Pick<ChunkItem, 'start_position' | 'end_position'> &
  Partial<Pick<ChunkItem, 'start_line' | 'end_line'>> & { metadata?: { llm_start_line?: number | null; llm_end_line?: number | null } | null };

const lineNo = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

/**
 * 1-based line range of a chunk — the one rule every view uses (chunking monitor, file detail,
 * chunk editor): line numbers 1-based; when line metadata is missing, positions are
 * zero-based plus one. The lines are the chunk's start_line / end_line (what an edit writes in the
 * chunk update payload; the API keeps metadata.llm_start_line / llm_end_line equal to them),
 * else the metadata's llm_start_line / llm_end_line, else the positions.
 */
export function chunkLineRange(chunk: Ranged): [number, number] {
  const m = chunk.metadata;
  if (lineNo(chunk.start_line) && lineNo(chunk.end_line)) return [chunk.start_line, chunk.end_line];
  if (lineNo(m?.llm_start_line) && lineNo(m?.llm_end_line)) return [m.llm_start_line, m.llm_end_line];
  return [chunk.start_position + 1, chunk.end_position + 1];
}
