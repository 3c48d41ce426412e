// Table chunks: the parts chunking found (metadata.table_structure, absolute 1-based line
// numbers, one body part per row) resolved to text, row batches, the array property rows go
// to, and the matching of extracted rows back to source rows (to find the ones a model skipped).
import type { UnsureLine } from '../../lib/unsure-words';
import { deref, itemsOf, primaryType, propertiesOf } from '../../llm/json-schema';
import { buildSchemaModel } from '../../llm/offline/fields';
import { mapHeader, splitCells } from '../../llm/offline/table';
import type { JSONSchema } from '../../llm/types';

export interface TablePartLike {
  role: 'description' | 'header' | 'body' | string;
  start: number;
  end: number;
}
export interface TableStructureLike {
  start: number;
  end: number;
  parts: TablePartLike[];
}

export interface ExtractionChunk {
  id?: string;
  chunk_type: 'text' | 'table' | string;
  content: string;
  /** absolute 1-based number of the content's first line (chunking's Chunk.start_line) */
  start_line?: number;
  /** words OCR read with little confidence, by absolute line number (the same numbering as start_line) */
  unsure_words?: UnsureLine[];
  metadata?: {
    llm_start_line?: number | null;
    tables_found?: number;
    table_structure?: TableStructureLike[] | null;
  } | null;
}

export interface SourceRow {
  /** absolute 1-based line of the row's first line */
  line: number;
  text: string;
}

export interface ResolvedTable {
  description: string[];
  header: string[];
  rows: SourceRow[];
}

/** Resolves every table of a chunk to its lines; null with a reason when the structure does not fit the content. */
export function resolveTables(chunk: ExtractionChunk): { tables: ResolvedTable[] } | { error: string } {
  const structure = chunk.metadata?.table_structure ?? [];
  if (!Array.isArray(structure) || structure.length === 0) return { error: 'the chunk has no table_structure' };
  const first = chunk.start_line ?? chunk.metadata?.llm_start_line ?? null;
  if (first === null || first === undefined) return { error: 'the chunk has no start line: table lines cannot be located' };
  const lines = chunk.content.split('\n');
  const lineAt = (n: number): string | undefined => lines[n - first];
  const tables: ResolvedTable[] = [];
  for (const table of structure) {
    const resolved: ResolvedTable = { description: [], header: [], rows: [] };
    for (const part of [...(table.parts ?? [])].sort((a, b) => a.start - b.start)) {
      if (!Number.isInteger(part.start) || !Number.isInteger(part.end) || part.end < part.start) {
        return { error: `invalid table part ${JSON.stringify(part)}` };
      }
      const text: string[] = [];
      for (let n = part.start; n <= part.end; n++) {
        const l = lineAt(n);
        if (l === undefined) return { error: `table line ${n} is outside the chunk (lines ${first}-${first + lines.length - 1})` };
        text.push(l);
      }
      if (part.role === 'description') resolved.description.push(...text);
      else if (part.role === 'header') resolved.header.push(...text);
      else if (part.role === 'body') {
        const rowText = text.filter((t) => t.trim()).join('\n');
        if (rowText) resolved.rows.push({ line: part.start, text: rowText });
      }
    }
    tables.push(resolved);
  }
  return { tables };
}

export function batches<T>(items: T[], size: number): T[][] {
  const n = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}

/**
 * Where extracted rows live in an answer: the root itself (array root) or one array-of-object
 * property; with several such properties, the one whose item fields the table header names best.
 */
export function rowsProperty(schema: JSONSchema | undefined, headerLines: string[]): { root: true } | { key: string } | null {
  if (!schema) return null;
  if (primaryType(schema, schema) === 'array') {
    const items = itemsOf(schema, schema);
    return items && primaryType(items, schema) === 'object' ? { root: true } : null;
  }
  const candidates = Object.entries(propertiesOf(schema, schema)).filter(([, p]) => {
    if (primaryType(p, schema) !== 'array') return false;
    const items = itemsOf(deref(p, schema), schema);
    return !!items && primaryType(items, schema) === 'object';
  });
  if (candidates.length === 0) return null;
  if (candidates.length === 1) return { key: candidates[0]![0] };
  const model = buildSchemaModel(schema);
  let best = candidates[0]![0];
  let bestScore = -1;
  for (const table of model.tables) {
    const score = Math.max(0, ...headerLines.map((h) => mapHeader(splitCells(h), table).matched));
    if (score > bestScore) {
      bestScore = score;
      best = table.name;
    }
  }
  return { key: best };
}

export function rowsOf(data: unknown, where: { root: true } | { key: string }): unknown[] | null {
  if ('root' in where) return Array.isArray(data) ? data : null;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const rows = (data as Record<string, unknown>)[where.key];
  return Array.isArray(rows) ? rows : null;
}

/** The schema a row batch is validated against: document-level `required` fields cannot be expected in a batch of rows. */
export function batchSchema(schema: JSONSchema, where: { root: true } | { key: string }): JSONSchema {
  if ('root' in where) return schema;
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => r === where.key) : undefined;
  return { ...schema, ...(required ? { required } : {}) };
}

// ------------------------------------------------------------------ row matching

const normText = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

function numbersIn(text: string): number[] {
  return [...text.matchAll(/-?\d[\d,]*(?:\.\d+)?|-?\.\d+/g)].map((m) => Number(m[0].replace(/,/g, ''))).filter(Number.isFinite);
}

function leafValues(row: unknown, out: unknown[] = []): unknown[] {
  if (row === null || row === undefined) return out;
  if (Array.isArray(row)) row.forEach((r) => leafValues(r, out));
  else if (typeof row === 'object') Object.values(row as object).forEach((v) => leafValues(v, out));
  else out.push(row);
  return out;
}

/** 0..1: how much of an extracted row's values appear in a source row's text */
export function rowMatchScore(row: unknown, source: string): number {
  const values = leafValues(row).filter((v) => v !== '' && v !== null);
  if (values.length === 0) return 0;
  const text = normText(source);
  const nums = numbersIn(source);
  let hits = 0;
  for (const v of values) {
    if (typeof v === 'number') {
      if (nums.some((n) => Math.abs(n - v) < 0.005)) hits++;
    } else if (typeof v === 'boolean') {
      hits += 0.5;
    } else {
      const s = normText(String(v));
      if (!s) continue;
      if (text.includes(s)) hits++;
      else {
        const words = s.split(' ');
        const found = words.filter((w) => text.split(' ').includes(w)).length;
        if (found / words.length >= 0.6) hits += 0.75;
      }
    }
  }
  return hits / values.length;
}

/** For each extracted row, the index of the source row it came from (or -1); greedy, in order. */
export function matchRows(extracted: unknown[], sources: string[], threshold = 0.5): number[] {
  const taken = new Set<number>();
  return extracted.map((row) => {
    let best = -1;
    let bestScore = threshold - 1e-9;
    sources.forEach((src, i) => {
      if (taken.has(i)) return;
      const score = rowMatchScore(row, src);
      if (score > bestScore + 1e-9) {
        bestScore = score;
        best = i;
      }
    });
    if (best !== -1) taken.add(best);
    return best;
  });
}
