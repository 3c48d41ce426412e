// The Unified Dataset: every chunk's current result of the latest
// extraction merged into one record. Fields come from text chunks (the first chunk, in chunk
// order, that has a value wins); lists — the rows of table chunks — are concatenated in chunk
// order. Failed results and empty values add nothing.
import type { ExtractionResult } from '../schemas/extraction';
import { childPath, isUnder } from './paths';

export type UnifiedRecord = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The key a bare list of rows is filed under. */
export const ROWS_KEY = 'rows';

export function unifyResults(results: readonly Pick<ExtractionResult, 'sequence_number' | 'status' | 'extracted_data'>[]): UnifiedRecord {
  return unifyTraced(results).record;
}

/** Where a part of the unified record came from: a result (by its position in the input) and the path there. */
export interface UnifiedOrigin {
  /** index of the result in the array given to unifyTraced */
  result: number;
  /** path of the part in that result's extracted_data */
  from: string;
  /** path of the part in the unified record */
  to: string;
}

/**
 * The unified record and, for each field and each list row, the result and path it was taken
 * from — so a value's provenance (kept per result, by the result's own paths) can be given by
 * the unified record's paths.
 */
export function unifyTraced(results: readonly Pick<ExtractionResult, 'sequence_number' | 'status' | 'extracted_data'>[]): { record: UnifiedRecord; origins: UnifiedOrigin[] } {
  const merged: UnifiedRecord = {};
  const origins: UnifiedOrigin[] = [];
  const ordered = results
    .map((r, index) => ({ r, index }))
    .filter(({ r }) => r.status === 'completed')
    .sort((a, b) => a.r.sequence_number - b.r.sequence_number);
  for (const { r, index } of ordered) {
    const data = r.extracted_data;
    const bare = Array.isArray(data);
    const entries: [string, unknown][] = bare ? [[ROWS_KEY, data]] : isRecord(data) ? Object.entries(data) : [];
    for (const [key, value] of entries) {
      const from = bare ? '$' : childPath('$', key);
      const to = childPath('$', key);
      if (Array.isArray(value)) {
        const have = merged[key];
        if (!Array.isArray(have) && !isEmpty(have)) continue;
        const list = Array.isArray(have) ? [...(have as unknown[])] : [];
        value.forEach((_row, j) => origins.push({ result: index, from: childPath(from, j), to: childPath(to, list.length + j) }));
        merged[key] = [...list, ...value];
      } else if (isEmpty(merged[key]) && !isEmpty(value)) {
        merged[key] = value;
        origins.push({ result: index, from, to });
      }
    }
  }
  return { record: merged, origins };
}

/** Translates a path of result `result`'s extracted_data to the unified record's path; null when that part was not taken. */
export function unifiedPathOf(origins: readonly UnifiedOrigin[], result: number, path: string): string | null {
  for (const o of origins) {
    if (o.result === result && isUnder(path, o.from)) return o.to + path.slice(o.from.length);
  }
  return null;
}

/** Fields shown as "name: value" and the lists shown as tables. */
export function splitRecord(record: UnifiedRecord): { fields: [string, unknown][]; lists: [string, unknown[]][] } {
  const fields: [string, unknown][] = [];
  const lists: [string, unknown[]][] = [];
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) lists.push([key, value]);
    else fields.push([key, value]);
  }
  return { fields, lists };
}

/** Column names of a list of rows: the union of the rows' keys, in order of first appearance. */
export function columnsOf(rows: readonly unknown[]): string[] {
  const cols: string[] = [];
  for (const row of rows) if (isRecord(row)) for (const k of Object.keys(row)) if (!cols.includes(k)) cols.push(k);
  return cols;
}

/** A cell or field value as text (objects as compact JSON). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** "invoice_number" -> "Invoice number" */
export function fieldLabel(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}
