// What the checks read besides the record: the table chunks the results came from (to count
// rows against) and the document's text.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { chunks, type ExtractionResultRow } from '../../db/schema';
import { resolveTables, type ExtractionChunk } from '../../processing/extraction/table';
import type { TableSource } from './checks';
import { isRow } from './model';

/** A table chunk the results were extracted from, as read from the database. */
export interface TableChunkRow {
  id: string;
  chunkType: string;
  content: string;
  startLine: number;
  metadata: unknown;
}

export async function tableChunksOf(db: DbOrTx, userId: string, rows: ExtractionResultRow[]): Promise<TableChunkRow[]> {
  const tableRows = rows.filter((r) => r.chunkType === 'table');
  if (tableRows.length === 0) return [];
  return db
    .select({ id: chunks.id, chunkType: chunks.chunkType, content: chunks.content, startLine: chunks.startLine, metadata: chunks.metadata })
    .from(chunks)
    .where(and(eq(chunks.userId, userId), inArray(chunks.id, tableRows.map((r) => r.chunkId))));
}

export function tableSources(rows: ExtractionResultRow[], found: TableChunkRow[]): TableSource[] {
  const tableRows = rows.filter((r) => r.chunkType === 'table');
  if (tableRows.length === 0) return [];
  const byId = new Map(found.map((c) => [c.id, c]));
  const out: TableSource[] = [];
  for (const r of tableRows) {
    const c = byId.get(r.chunkId);
    if (!c) continue;
    const chunk: ExtractionChunk = { id: c.id, chunk_type: c.chunkType, content: c.content, start_line: c.startLine, metadata: c.metadata as ExtractionChunk['metadata'] };
    const resolved = resolveTables(chunk);
    if ('error' in resolved) continue; // no usable structure: nothing to count against
    const data = r.extractedData;
    const list = Array.isArray(data) ? 'rows' : isRow(data) ? (Object.entries(data).find(([, v]) => Array.isArray(v))?.[0] ?? null) : null;
    const missing = Array.isArray(r.details?.missing_rows) ? (r.details.missing_rows as unknown[]).filter((n): n is number => typeof n === 'number') : [];
    out.push({ list: r.status === 'completed' ? list : null, detected: resolved.tables.reduce((n, t) => n + t.rows.length, 0), missingLines: missing, failed: r.status !== 'completed' });
  }
  return out;
}

/** The text the results were extracted from, in chunk order (the sum check reads printed tax lines in it). */
export function documentText(rows: readonly ExtractionResultRow[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const r of rows) {
    if (seen.has(r.chunkId)) continue;
    seen.add(r.chunkId);
    parts.push(r.chunkText);
  }
  return parts.join('\n');
}

