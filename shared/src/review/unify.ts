// The Unified Dataset (spec 3 §2.10, issue 13): every chunk's current result of the latest
// extraction merged into one record. Fields come from text chunks (the first chunk, in chunk
// order, that has a value wins); lists — the rows of table chunks — are concatenated in chunk
// order. Failed results and empty values add nothing.
import type { ExtractionResult } from '../schemas/extraction';

export type UnifiedRecord = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The key a bare list of rows is filed under. */
export const ROWS_KEY = 'rows';

export function unifyResults(results: readonly Pick<ExtractionResult, 'sequence_number' | 'status' | 'extracted_data'>[]): UnifiedRecord {
  const merged: UnifiedRecord = {};
  const ordered = [...results].filter((r) => r.status === 'completed').sort((a, b) => a.sequence_number - b.sequence_number);
  for (const { extracted_data: data } of ordered) {
    const entries: [string, unknown][] = Array.isArray(data) ? [[ROWS_KEY, data]] : isRecord(data) ? Object.entries(data) : [];
    for (const [key, value] of entries) {
      if (Array.isArray(value)) {
        const have = merged[key];
        merged[key] = Array.isArray(have) ? [...(have as unknown[]), ...value] : isEmpty(have) ? [...value] : have;
      } else if (isEmpty(merged[key]) && !isEmpty(value)) {
        merged[key] = value;
      }
    }
  }
  return merged;
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
