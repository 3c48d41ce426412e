// The review record laid out as tables (docs/review-export-api.md): one row per file for the record's
// fields, and one row per table row (with the file name on each) for its lists. Columns are the
// union over every exported file in order of first appearance, so they are collected in a first
// pass (ColumnSet) before a header can be written: a streamed export cannot go back to add one.
//
// `ExportRecord` is the part of review-record's ReviewRecord (api/src/modules/review/record.ts)
// the export reads; structural typing lets a ReviewRecord be passed as it is.

export type SourceStatus = 'found' | 'not_in_document' | 'corrected';
export interface ExportSource {
  status: SourceStatus;
  start_line: number | null;
  end_line: number | null;
  page: number | null;
}
export interface ExportCheck {
  rule: string;
  status: 'passed' | 'failed';
  message: string;
}
export interface ExportRecord {
  fileId: string;
  filename: string;
  extraction: 'none' | 'failed' | 'partial' | 'completed';
  record: Record<string, unknown>;
  sources: Record<string, ExportSource>;
  checks: ExportCheck[];
  reviewed: boolean;
  reviewedAt: string | null;
  corrections: number;
}

export interface ExportOptions {
  /** a "<column> source" column beside every value column */
  provenance: boolean;
  /** passed / failed counts and the failed checks' messages */
  checks: boolean;
}

export type Cell = string | number | boolean | null;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON path of a key as the provenance code writes it ($.field, $["odd key"]). */
export const keyPath = (base: string, key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`);

/**
 * The file's standing in one word, so a dataset export names the files that have no usable
 * values or were not checked by a person instead of leaving a silent gap:
 * failed (every chunk failed), not extracted, partial (some chunks failed), reviewed, unreviewed.
 */
export function fileStatus(r: Pick<ExportRecord, 'extraction' | 'reviewed'> & Partial<Pick<ExportRecord, 'checks'>>): string {
  if (r.extraction === 'failed') return 'failed';
  if (r.extraction === 'none') return 'not extracted';
  // a document without a required field: said in the status, so an export never looks complete without it
  const required = (r.checks ?? []).filter((c) => c.rule === 'required' && c.status === 'failed');
  if (required.length) return `failed check: ${required.map((c) => c.message).join('; ')}`;
  if (r.extraction === 'partial') return r.reviewed ? 'reviewed (partial extraction)' : 'unreviewed (partial extraction)';
  return r.reviewed ? 'reviewed' : 'unreviewed';
}

/** A value as a spreadsheet cell: numbers and booleans stay typed, objects become compact JSON. */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return JSON.stringify(value);
}

/** Where a value came from, in words (the "source" columns). */
export function sourceText(s: ExportSource | undefined): string {
  if (!s) return '';
  if (s.status === 'not_in_document') return 'not in document';
  if (s.status === 'corrected') return 'corrected';
  const lines = s.start_line === null ? '' : s.end_line !== null && s.end_line !== s.start_line ? `lines ${s.start_line}-${s.end_line}` : `line ${s.start_line}`;
  const page = s.page === null ? '' : `page ${s.page}`;
  return ['found', [lines, page].filter(Boolean).join(', ')].filter(Boolean).join(': ');
}

/** Lists (arrays) are tables; everything else is a field. A list of scalars is a one-column table. */
function split(record: Record<string, unknown>): { fields: [string, unknown][]; lists: [string, unknown[]][] } {
  const fields: [string, unknown][] = [];
  const lists: [string, unknown[]][] = [];
  for (const [k, v] of Object.entries(record)) (Array.isArray(v) ? lists : fields).push([k, v] as never);
  return { fields, lists };
}

const VALUE = 'value';
const rowCells = (row: unknown): [string, unknown][] => (isPlainObject(row) ? Object.entries(row) : [[VALUE, row]]);

/** The union of field names and row column names over every exported record. */
export class ColumnSet {
  readonly fields: string[] = [];
  readonly rowColumns: string[] = [];
  private readonly seenF = new Set<string>();
  private readonly seenR = new Set<string>();
  files = 0;
  rows = 0;

  private note(key: string, seen: Set<string>, list: string[]) {
    if (seen.has(key)) return;
    seen.add(key);
    list.push(key);
  }

  add(r: Pick<ExportRecord, 'record'>): void {
    this.files++;
    const { fields, lists } = split(r.record);
    for (const [k] of fields) this.note(k, this.seenF, this.fields);
    for (const [, rows] of lists) {
      for (const row of rows) {
        this.rows++;
        for (const [k] of rowCells(row)) this.note(k, this.seenR, this.rowColumns);
      }
    }
  }
}

const FILE_COLUMNS = ['file_name', 'file_id', 'status', 'extraction', 'reviewed_at', 'corrections'];
const ROW_FILE_COLUMNS = ['file_name', 'file_id', 'status', 'table', 'row'];
const CHECK_COLUMNS = ['checks_passed', 'checks_failed', 'failed_checks'];
const withSources = (cols: string[], on: boolean) => (on ? cols.flatMap((c) => [c, `${c} source`]) : cols);

export function recordHeader(cols: ColumnSet, o: ExportOptions): string[] {
  return [...FILE_COLUMNS, ...withSources(cols.fields, o.provenance), ...(o.checks ? CHECK_COLUMNS : [])];
}

export function recordRow(r: ExportRecord, cols: ColumnSet, o: ExportOptions): Cell[] {
  const out: Cell[] = [r.filename, r.fileId, fileStatus(r), r.extraction, r.reviewedAt, r.corrections];
  for (const f of cols.fields) {
    const v = r.record[f];
    out.push(Array.isArray(v) ? null : toCell(v));
    if (o.provenance) out.push(Array.isArray(v) ? null : sourceText(r.sources[keyPath('$', f)]));
  }
  if (o.checks) {
    const failed = r.checks.filter((c) => c.status === 'failed');
    out.push(r.checks.length - failed.length, failed.length, failed.map((c) => c.message).join('; '));
  }
  return out;
}

export function rowsHeader(cols: ColumnSet, o: ExportOptions): string[] {
  return [...ROW_FILE_COLUMNS, ...withSources(cols.rowColumns, o.provenance)];
}

/** One line per table row of the record (row numbers from 1, per table). */
export function* rowsOf(r: ExportRecord, cols: ColumnSet, o: ExportOptions): Generator<Cell[]> {
  const status = fileStatus(r);
  for (const [table, rows] of split(r.record).lists) {
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const out: Cell[] = [r.filename, r.fileId, status, table, i + 1];
      const base = `${keyPath('$', table)}[${i}]`;
      for (const c of cols.rowColumns) {
        const present = isPlainObject(row) ? Object.hasOwn(row, c) : c === VALUE;
        const v = isPlainObject(row) ? row[c] : c === VALUE ? row : undefined;
        out.push(toCell(v));
        if (o.provenance) out.push(present ? sourceText(r.sources[isPlainObject(row) ? keyPath(base, c) : base]) : null);
      }
      yield out;
    }
  }
}

/** The record as the JSON export writes it (snake_case, like the API's record endpoint). */
export function jsonEntry(r: ExportRecord, o: ExportOptions): Record<string, unknown> {
  return {
    file_id: r.fileId,
    filename: r.filename,
    status: fileStatus(r),
    extraction: r.extraction,
    reviewed: r.reviewed,
    reviewed_at: r.reviewedAt,
    corrections: r.corrections,
    record: r.record,
    ...(o.provenance ? { sources: r.sources } : {}),
    ...(o.checks ? { checks: r.checks } : {}),
  };
}
