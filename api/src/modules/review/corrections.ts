// The user's corrections applied to the model's record, in the order they were made: a
// correction names its place by row keys, so it still lands after rows moved.
import { childPath } from '@quarry/shared/review';
import type { CorrectionTarget, ReviewCorrectionRow } from '../../db/schema';
import { isRow, unboxed, type RowKeys } from './model';

export interface Applied {
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
