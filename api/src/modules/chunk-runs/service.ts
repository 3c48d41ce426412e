// Chunking runs (versions) of a file and their chunks: store a run (it becomes the active
// one), list, activate, delete (inactive only), and edit a chunk's boundaries.
//
// Locks, always in this order so nothing deadlocks: the job row (a worker's fenced commit),
// then the file row, then the file's runs, then chunks. Deleting a file locks the file row
// first and cascades to runs and chunks; it never touches job rows.
import type { ChunkItem, ChunkingRun } from '@quarry/shared/schemas';
import { and, asc, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db';
import { chunkingRuns, chunks, extractionResults, files, ocrResults, type ChunkingRunRow, type ChunkRow, type FileRow } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { isoStrict } from '../../lib/time';
import { rebuildChunk, validateChunkEdit, type ChunkEdit, type ChunkMetadata, type ChunkingStrategy } from '../../processing/chunking';
import type { Chunk } from '../../processing/chunking';
import { getOwnFile } from '../files/service';
import { numberLines, type NumberedLine } from '../ocr/service';

export function toRun(row: ChunkingRunRow): ChunkingRun {
  return {
    chunking_run_id: row.id,
    id: row.id,
    file_id: row.fileId,
    job_id: row.jobId,
    ocr_result_id: row.ocrResultId,
    is_active: row.isActive,
    chunk_count: row.chunkCount,
    chunking_strategy: row.chunkingStrategy,
    max_chunk_size: row.maxChunkSize,
    overlap_size: row.overlapSize,
    window_size: row.windowSize,
    model: row.model,
    created_at: isoStrict(row.createdAt),
  };
}

export function toChunk(row: ChunkRow): ChunkItem {
  const metadata = row.metadata as ChunkItem['metadata'];
  return {
    id: row.id,
    run_id: row.runId,
    file_id: row.fileId,
    chunk_index: row.chunkIndex,
    chunk_type: row.chunkType as ChunkItem['chunk_type'],
    content: row.content,
    character_count: row.characterCount,
    chunking_strategy: row.chunkingStrategy,
    approximate_token_count: row.approximateTokenCount,
    page_number: row.pageNumber,
    start_position: row.startPosition,
    end_position: row.endPosition,
    start_line: row.startLine,
    end_line: row.endLine,
    metadata,
    chunk_metadata: metadata,
    created_at: isoStrict(row.createdAt),
    updated_at: isoStrict(row.updatedAt),
  };
}

const chunkValues = (c: Chunk) => ({
  chunkIndex: c.chunk_index,
  chunkType: c.chunk_type,
  content: c.content,
  characterCount: c.character_count,
  chunkingStrategy: c.chunking_strategy,
  approximateTokenCount: c.approximate_token_count,
  pageNumber: c.page_number,
  startPosition: c.start_position,
  endPosition: c.end_position,
  startLine: c.start_line,
  endLine: c.end_line,
  metadata: c.metadata as unknown as Record<string, unknown>,
});

/** Locks the caller's file row (share: runs may change, the file may not go away). */
export async function lockFile(tx: Tx, userId: string, fileId: string, mode: 'share' | 'update'): Promise<FileRow | null> {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId)))
    .for(mode);
  return row ?? null;
}

export interface NewRun {
  userId: string;
  fileId: string;
  jobId: string | null;
  ocrResultId: string;
  strategy: string;
  maxChunkSize: number;
  overlapSize: number;
  windowSize: number | null;
  model: string;
  stats: Record<string, unknown>;
}

/**
 * Writes a run and its chunks as an inactive run, each batch of chunks a statement of its own;
 * makeActive then makes it the file's active run in the step's short transaction. On the
 * embedded database a transaction holds the one session: a long document's chunks written inside
 * it (hundreds of rows, ~185 ms) kept every other request waiting (bench/responsiveness). Until it
 * is activated the run is an older version like any other. A run a job staged and could not
 * activate (its lease lost, the machine stopped) is removed by the job's next attempt, before it
 * stages again (a job has one run), or with its file.
 */
export async function stageRun(db: Db, run: NewRun, list: Chunk[]): Promise<ChunkingRunRow> {
  if (run.jobId) {
    const staged = await db
      .select({ id: chunkingRuns.id })
      .from(chunkingRuns)
      .where(and(eq(chunkingRuns.jobId, run.jobId), eq(chunkingRuns.isActive, false)));
    for (const s of staged) {
      // never a run whose chunks have results: deleting it would delete them
      await db
        .delete(chunkingRuns)
        .where(and(eq(chunkingRuns.id, s.id), sql`not exists (select 1 from ${extractionResults} where ${extractionResults.runId} = ${s.id})`));
    }
  }
  const [row] = await db
    .insert(chunkingRuns)
    .values({
      userId: run.userId,
      fileId: run.fileId,
      jobId: run.jobId,
      ocrResultId: run.ocrResultId,
      chunkingStrategy: run.strategy,
      maxChunkSize: run.maxChunkSize,
      overlapSize: run.overlapSize,
      windowSize: run.windowSize,
      model: run.model,
      chunkCount: list.length,
      isActive: false,
      stats: run.stats,
    })
    .returning();
  for (let i = 0; i < list.length; i += 100) {
    await db.insert(chunks).values(list.slice(i, i + 100).map((c) => ({ ...chunkValues(c), runId: row!.id, fileId: run.fileId, userId: run.userId })));
  }
  return row!;
}

/** Makes a run (a staged one, an older version) the file's active run; the previous active one becomes inactive. The caller holds the file row lock. */
export async function makeActive(tx: Tx, fileId: string, runId: string): Promise<ChunkingRunRow> {
  await tx
    .update(chunkingRuns)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(chunkingRuns.fileId, fileId), eq(chunkingRuns.isActive, true)));
  const [row] = await tx
    .update(chunkingRuns)
    .set({ isActive: true, updatedAt: new Date() })
    .where(and(eq(chunkingRuns.id, runId), eq(chunkingRuns.fileId, fileId)))
    .returning();
  if (!row) throw new Error('The chunking run to make active is gone');
  return row;
}

/** How many current extraction results each of a file's runs holds (a version's results stay when another becomes active). */
export async function resultCounts(db: DbOrTx, userId: string, fileId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ runId: extractionResults.runId, n: sql<number>`count(*)::int` })
    .from(extractionResults)
    .where(and(eq(extractionResults.fileId, fileId), eq(extractionResults.userId, userId), isNull(extractionResults.supersededAt)))
    .groupBy(extractionResults.runId);
  return new Map(rows.map((r) => [r.runId, r.n]));
}

export async function listRuns(db: DbOrTx, userId: string, fileId: string): Promise<ChunkingRunRow[]> {
  await getOwnFile(db, userId, fileId);
  return db
    .select()
    .from(chunkingRuns)
    .where(and(eq(chunkingRuns.fileId, fileId), eq(chunkingRuns.userId, userId)))
    .orderBy(desc(chunkingRuns.createdAt), desc(chunkingRuns.id));
}

export async function runOf(db: DbOrTx, userId: string, fileId: string, runId: string): Promise<ChunkingRunRow> {
  const [row] = await db
    .select()
    .from(chunkingRuns)
    .where(and(eq(chunkingRuns.id, runId), eq(chunkingRuns.fileId, fileId), eq(chunkingRuns.userId, userId)));
  if (!row) throw notFound('Chunking run not found');
  return row;
}

export async function runChunks(db: DbOrTx, runId: string): Promise<ChunkRow[]> {
  return db.select().from(chunks).where(eq(chunks.runId, runId)).orderBy(asc(chunks.chunkIndex), asc(chunks.startLine));
}

export async function activeRun(db: DbOrTx, userId: string, fileId: string): Promise<ChunkingRunRow | null> {
  const [row] = await db
    .select()
    .from(chunkingRuns)
    .where(and(eq(chunkingRuns.fileId, fileId), eq(chunkingRuns.userId, userId), eq(chunkingRuns.isActive, true)));
  return row ?? null;
}

export async function runOfJob(db: DbOrTx, jobId: string): Promise<ChunkingRunRow | null> {
  const [row] = await db.select().from(chunkingRuns).where(eq(chunkingRuns.jobId, jobId));
  return row ?? null;
}

/** Makes a run the file's one active run. */
export async function activateRun(db: DbOrTx, userId: string, fileId: string, runId: string): Promise<ChunkingRunRow> {
  return db.transaction(async (tx) => {
    const file = await lockFile(tx, userId, fileId, 'update');
    if (!file) throw notFound('File not found');
    const run = await runOf(tx, userId, fileId, runId);
    return run.isActive ? run : makeActive(tx, fileId, runId);
  });
}

/** Deletes an inactive run with its chunks; the active run is refused (409). */
export async function deleteRun(db: DbOrTx, userId: string, fileId: string, runId: string): Promise<ChunkingRunRow> {
  return db.transaction(async (tx) => {
    const file = await lockFile(tx, userId, fileId, 'update');
    if (!file) throw notFound('File not found');
    const run = await runOf(tx, userId, fileId, runId);
    if (run.isActive) {
      throw conflict('The active chunking run cannot be deleted; activate another run of this file first');
    }
    await tx.delete(chunkingRuns).where(eq(chunkingRuns.id, runId));
    return run;
  });
}

/** "table_structure[0].body_rows[1]" -> ['table_structure', 0, 'body_rows', 1] */
export function fieldPath(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of field.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1]) out.push(m[1]);
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

async function runLines(tx: Tx, run: ChunkingRunRow): Promise<NumberedLine[]> {
  if (!run.ocrResultId) throw conflict('The OCR result this chunking run was made from no longer exists; run chunking again');
  const [ocr] = await tx.select({ pages: ocrResults.pages }).from(ocrResults).where(eq(ocrResults.id, run.ocrResultId));
  if (!ocr) throw conflict('The OCR result this chunking run was made from no longer exists; run chunking again');
  return numberLines(ocr.pages);
}

/**
 * PATCH files/{id}/chunks/{chunkId}: new line range, type and tables; content, positions and
 * counts recomputed from the OCR lines. Bounds: lines inside the document, tables inside the
 * chunk, header and body rows inside their table, at least one body row, no overlap with the
 * run's other chunks (422 with the field of each problem). table_structure omitted keeps the
 * chunk's tables; null removes them.
 */
export async function editChunk(db: DbOrTx, userId: string, fileId: string, chunkId: string, edit: ChunkEdit & { table_structure?: unknown }): Promise<ChunkRow> {
  return db.transaction(async (tx) => {
    const file = await lockFile(tx, userId, fileId, 'share');
    if (!file) throw notFound('File not found');
    const [chunk] = await tx
      .select()
      .from(chunks)
      .where(and(eq(chunks.id, chunkId), eq(chunks.fileId, fileId), eq(chunks.userId, userId)));
    if (!chunk) throw notFound('Chunk not found');
    // one edit of a run at a time: the overlap check below must see the others' result
    const [run] = await tx.select().from(chunkingRuns).where(eq(chunkingRuns.id, chunk.runId)).for('update');
    if (!run) throw notFound('Chunk not found');
    const lines = await runLines(tx, run);
    const metadata = chunk.metadata as unknown as ChunkMetadata;
    const request: ChunkEdit = {
      start_line: edit.start_line,
      end_line: edit.end_line,
      chunk_type: edit.chunk_type,
      table_structure: edit.table_structure === undefined ? (metadata.table_structure ?? []) : (edit.table_structure as ChunkEdit['table_structure']),
    };
    const check = validateChunkEdit(lines, request);
    const items = check.errors.map((e) => ({ loc: ['body', ...fieldPath(e.field)], msg: e.message, type: 'value_error' }));
    if (check.valid) {
      const others = await tx
        .select({ index: chunks.chunkIndex, start: chunks.startLine, end: chunks.endLine })
        .from(chunks)
        .where(and(eq(chunks.runId, run.id), ne(chunks.id, chunk.id), lte(chunks.startLine, edit.end_line), gte(chunks.endLine, edit.start_line)))
        .orderBy(asc(chunks.startLine));
      for (const o of others) {
        items.push({
          loc: ['body', 'start_line'],
          msg: `Lines ${edit.start_line}-${edit.end_line} overlap chunk ${o.index + 1} (lines ${o.start}-${o.end}) of this chunking run`,
          type: 'value_error',
        });
      }
    }
    if (items.length > 0) throw new HttpError(422, items);
    const rebuilt = rebuildChunk(lines, request, {
      chunk_index: chunk.chunkIndex,
      chunking_strategy: chunk.chunkingStrategy as ChunkingStrategy,
      metadata,
    });
    const [updated] = await tx
      .update(chunks)
      .set({ ...chunkValues(rebuilt), chunkIndex: chunk.chunkIndex, updatedAt: new Date() })
      .where(eq(chunks.id, chunk.id))
      .returning();
    // keep chunk_index in line order after a move
    await tx.execute(sql`
      update ${chunks} c set chunk_index = o.idx
      from (select id, (row_number() over (order by start_line, id) - 1)::int as idx from ${chunks} where run_id = ${run.id}) o
      where c.id = o.id and c.chunk_index <> o.idx`);
    await tx.update(chunkingRuns).set({ updatedAt: new Date() }).where(eq(chunkingRuns.id, run.id));
    const [final] = await tx.select().from(chunks).where(eq(chunks.id, updated!.id));
    return final!;
  });
}

