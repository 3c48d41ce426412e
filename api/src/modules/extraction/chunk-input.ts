// A stored chunk as the extraction engine reads it: the same for an extraction job and the prompt
// playground, so that a prompt tried on a chunk answers what the job would.
import type { chunks } from '../../db/schema';
import type { UnsureLine } from '../../lib/unsure-words';
import type { ExtractionChunk } from '../../processing/extraction';
import type { DocumentSource } from './provenance';

type ChunkRow = Pick<typeof chunks.$inferSelect, 'id' | 'chunkType' | 'content' | 'startLine' | 'metadata'>;

/**
 * The words OCR was unsure of on the chunk's lines, where the line is still the one OCR read (a
 * newer OCR of the file may have numbered other text there).
 */
function unsureWordsOf(row: ChunkRow, d: DocumentSource): UnsureLine[] {
  if (d.unsure.size === 0 || !d.lines) return [];
  const out: UnsureLine[] = [];
  row.content.split('\n').forEach((text, i) => {
    const line = row.startLine + i;
    const words = d.unsure.get(line);
    if (words && d.lines?.[line - 1]?.text === text) out.push({ line, words });
  });
  return out;
}

/** The chunk with the words OCR was unsure of on its lines (the file's current OCR, `doc`). */
export function extractionChunkOf(row: ChunkRow, doc: DocumentSource): ExtractionChunk {
  const unsure = unsureWordsOf(row, doc);
  return {
    id: row.id,
    chunk_type: row.chunkType,
    content: row.content,
    start_line: row.startLine,
    metadata: row.metadata as ExtractionChunk['metadata'],
    ...(unsure.length > 0 ? { unsure_words: unsure } : {}),
  };
}
