// The chunk editor's form and its rules, kept pure so every rule is tested
// on its own. Numbers are kept as the text the user typed (a refused save keeps it as typed);
// bounds are applied when a field is left (clampLine), as the inputs' min/max say.
//  - Start Line / End Line: min 1.
//  - Chunk Type table forces Contains Tables on (a table chunk always has a table).
//  - A table's start/end lie in the chunk's range; header and body rows in the table's range.
//  - + Add Table: starts after the largest end of the existing tables (capped by the chunk end).
//  - A table is removable only when more than one exists; with none left, Contains Tables is off.
//  - At least one body row remains; a new body row defaults to the table's last line.
import type { ChunkItem, ChunkUpdate, TableStructureEntry } from '@quarry/shared/schemas';

export interface RowForm {
  start: string;
  end: string;
}

export interface TableForm {
  start: string;
  end: string;
  hasHeader: boolean;
  headerStart: string;
  headerEnd: string;
  bodyRows: RowForm[];
  /** description lines of a table the chunker found (kept as they were; not edited here) */
  description: [number, number][];
}

export interface EditForm {
  startLine: string;
  endLine: string;
  chunkType: 'text' | 'table';
  containsTables: boolean;
  tables: TableForm[];
}

const str = (n: number) => String(n);
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

export function tableFromStructure(t: TableStructureEntry): TableForm {
  const header = t.parts.filter((p) => p.role === 'header');
  const body = t.parts.filter((p) => p.role === 'body');
  const firstHeader = header[0];
  const lastHeader = header[header.length - 1];
  return {
    start: str(t.start),
    end: str(t.end),
    hasHeader: header.length > 0,
    headerStart: str(firstHeader?.start ?? t.start),
    headerEnd: str(lastHeader?.end ?? t.start),
    bodyRows: body.length ? body.map((p) => ({ start: str(p.start), end: str(p.end) })) : [{ start: str(t.start), end: str(t.end) }],
    description: t.parts.filter((p) => p.role === 'description').map((p) => [p.start, p.end]),
  };
}

export function formFromChunk(chunk: Pick<ChunkItem, 'start_line' | 'end_line' | 'chunk_type' | 'metadata'>): EditForm {
  const tables = chunk.metadata.table_structure.map(tableFromStructure);
  return {
    startLine: str(chunk.start_line),
    endLine: str(chunk.end_line),
    chunkType: chunk.chunk_type,
    containsTables: chunk.chunk_type === 'table' || tables.length > 0,
    tables,
  };
}

/** The chunk's range as numbers (NaN while a field is empty). */
export function chunkRange(form: EditForm): [number, number] {
  return [num(form.startLine), num(form.endLine)];
}

/** A new table: after the largest end of the existing ones (capped by the chunk end), up to the chunk end. */
export function newTable(form: EditForm): TableForm {
  const [cs, ce] = chunkRange(form);
  const ends = form.tables.map((t) => num(t.end)).filter((n) => Number.isFinite(n));
  const rawStart = ends.length ? Math.max(...ends) + 1 : cs;
  const start = Number.isFinite(ce) ? Math.min(rawStart, ce) : rawStart;
  const end = Number.isFinite(ce) ? ce : start;
  return {
    start: str(start),
    end: str(end),
    hasHeader: false,
    headerStart: str(start),
    headerEnd: str(start),
    bodyRows: [{ start: str(start), end: str(end) }],
    description: [],
  };
}

export function addTable(form: EditForm): EditForm {
  return { ...form, containsTables: true, tables: [...form.tables, newTable(form)] };
}

export function canRemoveTable(form: EditForm): boolean {
  return form.tables.length > 1;
}

export function removeTable(form: EditForm, index: number): EditForm {
  if (form.tables.length > 1) return { ...form, tables: form.tables.filter((_, i) => i !== index) };
  // the last remaining table: the chunk no longer contains tables (a text chunk then)
  if (form.chunkType === 'table') return form;
  return { ...form, containsTables: false, tables: [] };
}

export function setChunkType(form: EditForm, chunkType: 'text' | 'table'): EditForm {
  if (chunkType === 'text') return { ...form, chunkType };
  const next = { ...form, chunkType, containsTables: true };
  return next.tables.length ? next : { ...next, tables: [newTable(next)] };
}

export function setContainsTables(form: EditForm, on: boolean): EditForm {
  if (!on) return form.chunkType === 'table' ? form : { ...form, containsTables: false, tables: [] };
  const next = { ...form, containsTables: true };
  return next.tables.length ? next : { ...next, tables: [newTable(next)] };
}

export function updateTable(form: EditForm, index: number, patch: Partial<TableForm>): EditForm {
  return { ...form, tables: form.tables.map((t, i) => (i === index ? { ...t, ...patch } : t)) };
}

export function addBodyRow(form: EditForm, index: number): EditForm {
  const t = form.tables[index];
  if (!t) return form;
  return updateTable(form, index, { bodyRows: [...t.bodyRows, { start: t.end, end: t.end }] });
}

export function canRemoveBodyRow(table: TableForm): boolean {
  return table.bodyRows.length > 1;
}

export function removeBodyRow(form: EditForm, index: number, row: number): EditForm {
  const t = form.tables[index];
  if (!t || !canRemoveBodyRow(t)) return form;
  return updateTable(form, index, { bodyRows: t.bodyRows.filter((_, i) => i !== row) });
}

export function updateBodyRow(form: EditForm, index: number, row: number, patch: Partial<RowForm>): EditForm {
  const t = form.tables[index];
  if (!t) return form;
  return updateTable(form, index, { bodyRows: t.bodyRows.map((r, i) => (i === row ? { ...r, ...patch } : r)) });
}

/** Bounds of a line input: [min, max] (max Infinity when open or not known yet). */
export type Bounds = [number, number];

export function chunkLineBounds(): Bounds {
  return [1, Number.POSITIVE_INFINITY];
}

export function tableBounds(form: EditForm): Bounds {
  const [s, e] = chunkRange(form);
  return [Number.isFinite(s) ? Math.max(1, s) : 1, Number.isFinite(e) ? e : Number.POSITIVE_INFINITY];
}

export function partBounds(table: TableForm): Bounds {
  const s = num(table.start);
  const e = num(table.end);
  return [Number.isFinite(s) ? Math.max(1, s) : 1, Number.isFinite(e) ? e : Number.POSITIVE_INFINITY];
}

/** A typed line number brought into its bounds (when the field is left); empty or non-numeric stays as typed. */
export function clampLine(value: string, [min, max]: Bounds): string {
  const n = num(value);
  if (!Number.isFinite(n)) return value;
  return str(Math.min(Math.max(Math.round(n), min), Math.max(min, max)));
}

/** The PATCH body; the server checks every bound again. */
export function toPayload(form: EditForm): ChunkUpdate {
  const tables = form.containsTables ? form.tables : [];
  return {
    start_line: num(form.startLine),
    end_line: num(form.endLine),
    chunk_type: form.chunkType,
    table_structure: tables.length
      ? tables.map((t) => {
          const [ts, te] = [num(t.start), num(t.end)];
          const description = t.description.filter(([s, e]) => s >= ts && e <= te);
          return {
            start: ts,
            end: te,
            has_description: description.length > 0,
            description_lines: description.length ? description : null,
            has_header: t.hasHeader,
            header_lines: t.hasHeader ? [[num(t.headerStart), num(t.headerEnd)]] : null,
            body_rows: t.bodyRows.map((r) => ({ start: num(r.start), end: num(r.end) })),
          };
        })
      : null,
  };
}
