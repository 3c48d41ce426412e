// Many extracted files at once, for the 500-file export test and bench/review: the rows of one
// file that went through the real flow (upload, OCR, chunking, extraction) copied N times in SQL
// (files, OCR result, chunking run, chunks, extraction results with their provenance), ids
// mapped deterministically (md5 of the old id and the copy's number, shaped as a v4 UUID) so the copies keep their
// references. Tests and benchmarks only: a copy shares its stored bytes' key with a suffix
// (there are no bytes under it), and its job ids point at the original's jobs.
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db';

type Override = Record<string, string>;

/** a version-4 shaped UUID from md5 (zod's uuid check wants the version and variant bits) */
const v4 = (hex: string) => `overlay(overlay(${hex} placing '4' from 13) placing '8' from 17)::uuid`;
const remap = (col: string) => v4(`md5(${col}::text || ':' || g)`);

async function columnsOf(db: DbOrTx, table: string): Promise<string[]> {
  const r = await rows<{ column_name: string }>(db, sql`select column_name from information_schema.columns where table_name = ${table} and table_schema = current_schema() order by ordinal_position`);
  return r.map((c) => c.column_name);
}

async function copy(db: DbOrTx, table: string, where: string, n: number, overrides: Override): Promise<void> {
  const cols = await columnsOf(db, table);
  const list = cols.map((c) => `"${c}"`).join(', ');
  const select = cols.map((c) => overrides[c] ?? `t."${c}"`).join(', ');
  await db.execute(sql.raw(`insert into "${table}" (${list}) select ${select} from "${table}" t, generate_series(1, ${Number(n)}) g where ${where}`) as SQL);
}

/** Copies file `fileId` (with its current OCR, active chunking run and current results) `n` times; answers the copies' ids in order. */
export async function cloneExtractedFile(db: DbOrTx, fileId: string, n: number, namePrefix = 'copy'): Promise<string[]> {
  const id = `'${fileId.replace(/[^0-9a-f-]/gi, '')}'::uuid`;
  await copy(db, 'files', `t.id = ${id}`, n, {
    id: remap('t.id'),
    storage_key: `t.storage_key || '-copy-' || g`,
    filename: `'${namePrefix.replace(/'/g, "''")}-' || lpad(g::text, 4, '0') || '-' || t.filename`,
  });
  await copy(db, 'ocr_results', `t.file_id = ${id}`, n, { id: remap('t.id'), file_id: remap('t.file_id'), job_id: 'null' });
  await copy(db, 'chunking_runs', `t.file_id = ${id}`, n, { id: remap('t.id'), file_id: remap('t.file_id'), ocr_result_id: remap('t.ocr_result_id'), job_id: 'null' });
  await copy(db, 'chunks', `t.file_id = ${id}`, n, { id: remap('t.id'), file_id: remap('t.file_id'), run_id: remap('t.run_id') });
  await copy(db, 'extraction_results', `t.file_id = ${id} and t.superseded_at is null`, n, {
    id: remap('t.id'),
    file_id: remap('t.file_id'),
    chunk_id: remap('t.chunk_id'),
    run_id: remap('t.run_id'),
  });
  const ids = await rows<{ id: string }>(db, sql.raw(`select ${v4(`md5('${fileId.replace(/[^0-9a-f-]/gi, '')}' || ':' || g)`)}::text as id from generate_series(1, ${Number(n)}) g order by g`) as SQL);
  return ids.map((r) => r.id);
}

/** Puts files into a dataset (in the given order). */
export async function addToDataset(db: DbOrTx, datasetId: string, fileIds: string[]): Promise<void> {
  for (let i = 0; i < fileIds.length; i += 500) {
    const part = fileIds.slice(i, i + 500);
    await db.execute(sql`insert into dataset_files (dataset_id, file_id, added_at) select ${datasetId}::uuid, x.id::uuid, now() + (x.n || ' milliseconds')::interval from unnest(${sql.raw(`array[${part.map((f) => `'${f}'`).join(',')}]`)}::text[]) with ordinality as x(id, n) on conflict do nothing`);
  }
}
