// The review record of a file (docs/review-api.md): the model's unified record (`original`, built from the
// current extraction results the way the page's Unified Dataset is), the user's corrections
// applied to it (`record`), where every value came from (`sources`, by the record's paths), the
// checks, and the Reviewed mark with its frozen copy. Export and evaluation read files through
// loadReviewRecord / loadReviewRecords; the HTTP routes serve the same thing.
import { createHash } from 'node:crypto';
import { childPath, unifiedPathOf, unifyTraced, type UnifiedOrigin } from '@quarry/shared/review';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import {
  chunks,
  extractionResults,
  fileReviews,
  files,
  jobs,
  outputSchemas,
  prompts,
  reviewCorrections,
  users,
  type CorrectionTarget,
  type ExtractionResultRow,
  type FileReviewRow,
  type ReviewCorrectionRow,
} from '../../db/schema';
import { formatOf, itemsOf, primaryType, propertiesOf, requiredOf } from '../../llm/json-schema';
import type { JSONSchema } from '../../llm/types';
import { resolveTables, type ExtractionChunk } from '../../processing/extraction/table';
import { activeRun } from '../chunk-runs/service';
import { withProvenance } from '../extraction/provenance';
import { requiredCheckForRecord, requiredReviewChecks } from '../extraction/required';
import { type ReviewCheck, type SchemaHints, type TableSource } from './checks';
import { reviewChecks } from '../../pool/steps';

export type { ReviewCheck } from './checks';

export interface ValueSource {
  status: 'found' | 'not_in_document' | 'corrected';
  chunk_id: string | null;
  start_line: number | null;
  end_line: number | null;
  page: number | null;
  match: string | null;
}

export interface CorrectionEntry {
  id: string;
  action: 'set' | 'add_row' | 'delete_row';
  /** where it is now in the record (rows may have moved); the path it was made at when no longer applied */
  path: string;
  target: CorrectionTarget;
  oldValue: unknown;
  newValue: unknown;
  authorId: string | null;
  authorEmail: string | null;
  createdAt: string;
  undoneAt: string | null;
  /** active: applied; undone; stale: made on an earlier extraction of the file (not applied) */
  status: 'active' | 'undone' | 'stale';
  /** false when it has nothing to apply to any more (its row was deleted, or added by an undone correction) */
  applied: boolean;
}

/** A field of the output schema, in the schema's order: the record shows every one, found or not. */
export interface SchemaField {
  key: string;
  /** string | number | integer | boolean | date | list | object */
  kind: string;
  required: boolean;
  /** a list's columns, in the schema's order */
  columns?: { key: string; kind: string }[];
}

export interface ReviewRecord {
  fileId: string;
  filename: string;
  /** 'none' = never extracted; 'failed' = every chunk failed; 'partial' = some chunks failed; 'completed' */
  extraction: 'none' | 'failed' | 'partial' | 'completed';
  /** extraction job whose results make `original` */
  jobId: string | null;
  /** identity of the results `original` is built from: a re-extraction changes it */
  baseVersion: string;
  /** the model's unified record */
  original: Record<string, unknown>;
  /** active corrections applied */
  record: Record<string, unknown>;
  /** per JSON path of `record` ($.field, $.items[2].price): where it came from */
  sources: Record<string, ValueSource>;
  checks: ReviewCheck[];
  /** the output schema's fields in order (empty when the results name no schema) */
  fields: SchemaField[];
  reviewed: boolean;
  reviewedAt: string | null;
  /** the reviewed record frozen when the file was marked Reviewed (ground truth for evaluation) */
  reviewedRecord: Record<string, unknown> | null;
  /** true when the record changed since it was marked Reviewed (the frozen copy is older) */
  reviewOutdated: boolean;
  /** active corrections */
  corrections: number;
  /** every correction, oldest first */
  history: CorrectionEntry[];
}

export interface LoadOptions {
  /** build `original` from that extraction job's own results (even superseded ones) */
  jobId?: string;
}

const isRow = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// A correction's values are stored boxed ({v: value}): a bare JSON string parameter of a jsonb
// column is read as JSON text by the embedded database ("150.00" would come back as 150).
export const boxed = (v: unknown): { v: unknown } => ({ v: v ?? null });
const unboxed = (b: unknown): unknown => (isRow(b) && 'v' in b ? b.v : null);

/** null when the file is not the user's */
export async function loadReviewRecord(db: DbOrTx, userId: string, fileId: string, opts: LoadOptions = {}): Promise<ReviewRecord | null> {
  const [file] = await db.select({ id: files.id, filename: files.filename }).from(files).where(and(eq(files.id, fileId), eq(files.userId, userId)));
  if (!file) return null;
  return (await buildRecord(db, userId, file, opts)).record;
}

const BATCH = 25;

/** the user's files in the given order, loaded in batches (flat memory for a 500-file export); another user's ids are skipped */
export async function* loadReviewRecords(db: DbOrTx, userId: string, fileIds: string[], opts: LoadOptions = {}): AsyncGenerator<ReviewRecord> {
  for (let i = 0; i < fileIds.length; i += BATCH) {
    const ids = fileIds.slice(i, i + BATCH);
    const own = new Map(
      (await db.select({ id: files.id, filename: files.filename }).from(files).where(and(eq(files.userId, userId), inArray(files.id, ids)))).map((f) => [f.id, f]),
    );
    for (const id of ids) {
      const f = own.get(id);
      if (f) yield (await buildRecord(db, userId, f, opts)).record;
    }
  }
}

// ------------------------------------------------------------------ building

/** Row keys of each list: o<i> = the model's row i, a<correction id> = a row a correction added. */
type RowKeys = Map<string, string[]>;

export interface BuiltRecord {
  record: ReviewRecord;
  /** row keys of the record's lists, by the record's current order (corrections resolve paths with them) */
  rowKeys: RowKeys;
}

export async function buildRecord(db: DbOrTx, userId: string, file: { id: string; filename: string }, opts: LoadOptions = {}): Promise<BuiltRecord> {
  const rows = await resultRows(db, userId, file.id, opts);
  const baseVersion = versionOf(rows);
  const hints = await schemaHints(db, userId, rows);
  const { record: unified, origins } = unifyTraced(
    rows.map((r) => ({ sequence_number: r.sequenceNumber, status: r.status as 'completed' | 'failed', extracted_data: r.extractedData ?? null })),
  );

  const correctionRows = await db
    .select({ c: reviewCorrections, email: users.email })
    .from(reviewCorrections)
    .leftJoin(users, eq(users.id, reviewCorrections.authorId))
    .where(and(eq(reviewCorrections.userId, userId), eq(reviewCorrections.fileId, file.id)))
    .orderBy(asc(reviewCorrections.createdAt), asc(reviewCorrections.id));
  // fields and columns in the output schema's order (stored results are jsonb, which reorders keys)
  const original = inSchemaOrder(unified, hints);
  const applied = applyCorrections(original, correctionRows.map((r) => r.c), baseVersion);

  const [review] = await db.select().from(fileReviews).where(and(eq(fileReviews.fileId, file.id), eq(fileReviews.userId, userId)));
  const checks = await reviewChecks({ record: applied.record, tables: await tableSources(db, userId, rows), hints, documentText: documentText(rows) });
  // the document-level required-fields check the extraction stored with the results, re-judged on the corrected record
  const required = requiredCheckForRecord(rows, applied.record);
  if (required) checks.unshift(...requiredReviewChecks(required));

  const failed = rows.filter((r) => r.status !== 'completed').length;
  const latest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const history: CorrectionEntry[] = correctionRows.map(({ c, email }) => {
    const a = applied.outcome.get(c.id);
    return {
      id: c.id,
      action: c.action as CorrectionEntry['action'],
      path: a?.path ?? c.path,
      target: c.target,
      oldValue: unboxed(c.oldValue),
      newValue: unboxed(c.newValue),
      authorId: c.authorId,
      authorEmail: email ?? null,
      createdAt: c.createdAt.toISOString(),
      undoneAt: c.undoneAt?.toISOString() ?? null,
      status: c.undoneAt ? 'undone' : c.baseVersion !== baseVersion ? 'stale' : 'active',
      applied: a?.applied ?? false,
    };
  });
  return {
    rowKeys: applied.rowKeys,
    record: {
      fileId: file.id,
      filename: file.filename,
      extraction: rows.length === 0 ? 'none' : failed === rows.length ? 'failed' : failed > 0 ? 'partial' : 'completed',
      jobId: opts.jobId ?? latest?.jobId ?? null,
      baseVersion,
      original,
      record: applied.record,
      sources: sourcesOf(applied.record, rows, origins, applied.rowKeys, applied.corrected),
      checks,
      fields: hints.schemaFields,
      reviewed: Boolean(review),
      reviewedAt: review?.reviewedAt.toISOString() ?? null,
      reviewedRecord: review?.record ?? null,
      reviewOutdated: review ? canonical(review.record) !== canonical(applied.record) : false,
      corrections: history.filter((h) => h.status === 'active').length,
      history,
    },
  };
}

async function resultRows(db: DbOrTx, userId: string, fileId: string, opts: LoadOptions): Promise<ExtractionResultRow[]> {
  const where = [eq(extractionResults.fileId, fileId), eq(extractionResults.userId, userId)];
  if (opts.jobId) {
    where.push(eq(extractionResults.jobId, opts.jobId));
  } else {
    const run = await activeRun(db, userId, fileId);
    if (run) where.push(eq(extractionResults.runId, run.id));
    where.push(isNull(extractionResults.supersededAt));
  }
  const rows = await db
    .select()
    .from(extractionResults)
    .where(and(...where))
    .orderBy(asc(extractionResults.sequenceNumber), asc(extractionResults.createdAt), asc(extractionResults.id));
  return withProvenance(db, userId, rows);
}

/** The identity of a set of results: any re-extraction (a new result row) changes it. */
function versionOf(rows: readonly ExtractionResultRow[]): string {
  if (rows.length === 0) return 'none';
  const h = createHash('sha256');
  for (const id of rows.map((r) => r.id).sort()) h.update(id);
  return h.digest('hex').slice(0, 16);
}

/** JSON with sorted keys (jsonb reorders keys: equality must not depend on them). */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isRow(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v ?? null);
}

// ------------------------------------------------------------------ corrections

interface Applied {
  record: Record<string, unknown>;
  rowKeys: RowKeys;
  /** record paths corrections changed (a path and everything under it) */
  corrected: string[];
  outcome: Map<string, { applied: boolean; path: string }>;
}

/** The record with the active corrections made on this version applied, in the order they were made. */
export function applyCorrections(original: Record<string, unknown>, corrections: readonly ReviewCorrectionRow[], baseVersion: string): Applied {
  const record = structuredClone(original);
  const rowKeys: RowKeys = new Map();
  for (const [k, v] of Object.entries(record)) if (Array.isArray(v)) rowKeys.set(k, v.map((_, i) => `o${i}`));
  const done: { c: ReviewCorrectionRow; ok: boolean }[] = [];
  for (const c of corrections) {
    if (c.undoneAt || c.baseVersion !== baseVersion) continue;
    done.push({ c, ok: applyOne(record, rowKeys, c) });
  }
  // paths are read after every correction is applied: a row may have moved since
  const outcome = new Map<string, { applied: boolean; path: string }>();
  const corrected = new Set<string>();
  for (const { c, ok } of done) {
    const path = ok ? currentPath(c.target, rowKeys) : null;
    outcome.set(c.id, { applied: ok && path !== null, path: path ?? c.path });
    if (ok && path !== null && c.action !== 'delete_row') corrected.add(path);
  }
  return { record, rowKeys, corrected: [...corrected], outcome };
}

function currentPath(t: CorrectionTarget, rowKeys: RowKeys): string | null {
  if (t.kind === 'field') return childPath('$', t.key);
  const i = rowKeys.get(t.list)?.indexOf(t.row) ?? -1;
  if (t.kind === 'row') return i < 0 ? childPath('$', t.list) : childPath(childPath('$', t.list), i);
  return i < 0 ? null : childPath(childPath(childPath('$', t.list), i), t.column);
}

function applyOne(record: Record<string, unknown>, rowKeys: RowKeys, c: ReviewCorrectionRow): boolean {
  const t = c.target;
  if (t.kind === 'field') {
    record[t.key] = unboxed(c.newValue);
    return true;
  }
  let list = record[t.list];
  if (!Array.isArray(list)) {
    if (c.action !== 'add_row') return false;
    list = record[t.list] = [];
    rowKeys.set(t.list, []);
  }
  const rows = list as unknown[];
  const keys = rowKeys.get(t.list) ?? [];
  rowKeys.set(t.list, keys);
  if (t.kind === 'cell') {
    const i = keys.indexOf(t.row);
    if (i < 0) return false;
    const row = isRow(rows[i]) ? { ...(rows[i] as Record<string, unknown>) } : {};
    row[t.column] = unboxed(c.newValue);
    rows[i] = row;
    return true;
  }
  if (c.action === 'add_row') {
    // after: undefined = at the end, null = first, a row key = below that row (at the end once it is gone)
    const after = typeof t.after === 'string' ? keys.indexOf(t.after) : -1;
    const at = t.after === null ? 0 : after >= 0 ? after + 1 : rows.length;
    const added = unboxed(c.newValue);
    rows.splice(at, 0, isRow(added) ? { ...added } : {});
    keys.splice(at, 0, t.row);
    return true;
  }
  const i = keys.indexOf(t.row);
  if (i < 0) return false;
  rows.splice(i, 1);
  keys.splice(i, 1);
  return true;
}

// ------------------------------------------------------------------ sources

/** Every scalar leaf of a record with its path (null included: a corrected value may be one). */
function scalarLeaves(v: unknown, path: string, out: [string, unknown][]): [string, unknown][] {
  if (Array.isArray(v)) v.forEach((x, i) => scalarLeaves(x, childPath(path, i), out));
  else if (isRow(v)) for (const [k, x] of Object.entries(v)) scalarLeaves(x, childPath(path, k), out);
  else out.push([path, v]);
  return out;
}

const under = (path: string, prefix: string) => path === prefix || (path.startsWith(prefix) && (path[prefix.length] === '.' || path[prefix.length] === '['));

function sourcesOf(record: Record<string, unknown>, rows: ExtractionResultRow[], origins: UnifiedOrigin[], rowKeys: RowKeys, corrected: string[]): Record<string, ValueSource> {
  // provenance of each original value, by the original record's paths
  const found = new Map<string, ValueSource>();
  rows.forEach((r, index) => {
    for (const v of r.provenance?.values ?? []) {
      const to = unifiedPathOf(origins, index, v.path);
      if (to === null) continue;
      found.set(to, { status: v.status, chunk_id: v.chunk_id, start_line: v.start_line, end_line: v.end_line, page: v.page, match: v.match });
    }
  });
  const out: Record<string, ValueSource> = {};
  for (const [key, value] of Object.entries(record)) {
    const base = childPath('$', key);
    const leaves: [string, string | null][] = [];
    if (Array.isArray(value)) {
      const keys = rowKeys.get(key) ?? [];
      value.forEach((row, i) => {
        const k = keys[i] ?? '';
        const originalRow = k.startsWith('o') ? childPath(base, Number(k.slice(1))) : null;
        const here = childPath(base, i);
        for (const [p] of scalarLeaves(row, here, [])) leaves.push([p, originalRow === null ? null : originalRow + p.slice(here.length)]);
      });
    } else {
      for (const [p] of scalarLeaves(value, base, [])) leaves.push([p, p]);
    }
    for (const [p, originalPath] of leaves) {
      const src = originalPath === null ? undefined : found.get(originalPath);
      if (corrected.some((c) => under(p, c))) {
        out[p] = { status: 'corrected', chunk_id: src?.chunk_id ?? null, start_line: src?.start_line ?? null, end_line: src?.end_line ?? null, page: src?.page ?? null, match: src?.match ?? null };
      } else if (src) {
        out[p] = src;
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ inputs of the checks

async function tableSources(db: DbOrTx, userId: string, rows: ExtractionResultRow[]): Promise<TableSource[]> {
  const tableRows = rows.filter((r) => r.chunkType === 'table');
  if (tableRows.length === 0) return [];
  const found = await db
    .select({ id: chunks.id, content: chunks.content, startLine: chunks.startLine, metadata: chunks.metadata, chunkType: chunks.chunkType })
    .from(chunks)
    .where(and(eq(chunks.userId, userId), inArray(chunks.id, tableRows.map((r) => r.chunkId))));
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

function reorder(obj: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  if (order.length === 0) return obj;
  const rank = new Map(order.map((k, i) => [k, i]));
  const keys = Object.keys(obj).sort((a, b) => (rank.get(a) ?? order.length) - (rank.get(b) ?? order.length));
  return Object.fromEntries(keys.map((k) => [k, obj[k]]));
}

function inSchemaOrder(record: Record<string, unknown>, hints: { order: string[]; columnOrder: Record<string, string[]> }): Record<string, unknown> {
  const out = reorder(record, hints.order);
  for (const [k, v] of Object.entries(out)) {
    const cols = hints.columnOrder[k];
    if (Array.isArray(v) && cols) out[k] = v.map((row) => (isRow(row) ? reorder(row, cols) : row));
  }
  return out;
}

type Hints = SchemaHints & { order: string[]; columnOrder: Record<string, string[]>; schemaFields: SchemaField[] };

/** The text the results were extracted from, in chunk order (the sum check reads printed tax lines in it). */
function documentText(rows: readonly ExtractionResultRow[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const r of rows) {
    if (seen.has(r.chunkId)) continue;
    seen.add(r.chunkId);
    parts.push(r.chunkText);
  }
  return parts.join('\n');
}

/**
 * The output schema the results were extracted with: the schema they name, else the prompt's
 * own definition (both stored as json, so the field order is the author's), else the copy the
 * job kept (jsonb: its key order is the database's, used only when nothing else is left).
 */
async function schemaOf(db: DbOrTx, userId: string, rows: ExtractionResultRow[]): Promise<JSONSchema | null> {
  const schemaId = rows.find((r) => r.outputSchemaId)?.outputSchemaId;
  if (schemaId) {
    const [s] = await db.select({ def: outputSchemas.schemaDefinition }).from(outputSchemas).where(and(eq(outputSchemas.id, schemaId), eq(outputSchemas.userId, userId)));
    if (s) return s.def as JSONSchema;
  }
  const promptId = rows.find((r) => r.promptId)?.promptId;
  if (promptId) {
    const [p] = await db.select({ def: prompts.schemaDefinition }).from(prompts).where(and(eq(prompts.id, promptId), eq(prompts.userId, userId)));
    if (p?.def) return p.def as JSONSchema;
  }
  const jobId = rows[0]?.jobId;
  if (jobId) {
    const [j] = await db.select({ config: jobs.config }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.userId, userId)));
    const setup = j?.config.setup;
    const schema = isRow(setup) ? setup.schema : undefined;
    if (isRow(schema)) return schema as JSONSchema;
  }
  return null;
}

function kindOf(prop: JSONSchema, root: JSONSchema): string {
  const t = primaryType(prop, root);
  if (t === 'array') return 'list';
  if (t === 'string' && /^date/.test(formatOf(prop, root) ?? '')) return 'date';
  return t;
}

/** The fields (in order), descriptions and column order of the output schema the results were extracted with. */
async function schemaHints(db: DbOrTx, userId: string, rows: ExtractionResultRow[]): Promise<Hints> {
  const hints: Hints = { fields: {}, columns: {}, order: [], columnOrder: {}, schemaFields: [] };
  if (rows.length === 0) return hints;
  const root = await schemaOf(db, userId, rows);
  if (!root) return hints;
  const required = new Set(requiredOf(root, root));
  for (const [key, prop] of Object.entries(propertiesOf(root, root))) {
    hints.order.push(key);
    const field: SchemaField = { key, kind: kindOf(prop, root), required: required.has(key) };
    if (primaryType(prop, root) === 'array') {
      const items = itemsOf(prop, root);
      const cols: Record<string, string> = {};
      const props = items ? propertiesOf(items, root) : {};
      for (const [c, p] of Object.entries(props)) if (typeof p.description === 'string') cols[c] = p.description;
      hints.columns[key] = cols;
      hints.columnOrder[key] = Object.keys(props);
      field.columns = Object.entries(props).map(([c, p]) => ({ key: c, kind: kindOf(p, root) }));
    } else if (typeof prop.description === 'string') {
      hints.fields[key] = prop.description;
    }
    hints.schemaFields.push(field);
  }
  return hints;
}

export type { FileReviewRow };

/** Checks of an extraction job's files (its own results), for the job's results_summary: the monitors show the failures. */
export async function checksSummaryOfJob(
  db: DbOrTx,
  userId: string,
  fileIds: string[],
  jobId: string,
): Promise<{ failed: number; passed: number; files: { file_id: string; filename: string; failed: number }[] }> {
  const out = { failed: 0, passed: 0, files: [] as { file_id: string; filename: string; failed: number }[] };
  for await (const r of loadReviewRecords(db, userId, fileIds, { jobId })) {
    const failed = r.checks.filter((c) => c.status === 'failed').length;
    out.failed += failed;
    out.passed += r.checks.length - failed;
    if (failed > 0 && out.files.length < 100) out.files.push({ file_id: r.fileId, filename: r.filename, failed });
  }
  return out;
}
