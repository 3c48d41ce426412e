// Evaluation of an extraction run against reviewed records (docs/review-export-api.md). Pure: the caller
// feeds one file at a time (flat memory), then reads the figures.
//
// Fields are the record's non-list values, nested objects flattened to dotted names
// (address.city). For one field over the reviewed files, with t the reviewed value and p the
// run's value (empty = absent):
//   correct         p and t non-empty and the same after normalisation (sameValue)
//   false positive  p non-empty and not correct (a wrong value, or a value where none should be)
//   false negative  t non-empty and not correct (a missed or wrong value)
//   precision = correct / (correct + false positives)    null when the run gave no value
//   recall    = correct / (correct + false negatives)    null when no reviewed value exists
//   accuracy  = files where p and t are the same (both empty counts) / files evaluated
// A wrong value is both a false positive and a false negative (the usual key-value convention).
// Overall: the same counts summed over every field (micro average).
// Tables (lists of objects, or of values): a reviewed row is recalled when the run has an unused
// row whose cells equal every non-empty cell of it (one-to-one, first match);
//   row recall = recalled rows / reviewed rows, row precision = recalled rows / the run's rows.
import { isEmptyValue, sameValue } from './normalise';

export interface FieldFigures {
  files: number;
  correct: number;
  false_positives: number;
  false_negatives: number;
  same: number;
  precision: number | null;
  recall: number | null;
  accuracy: number | null;
}
export interface TableFigures {
  files: number;
  reviewed_rows: number;
  extracted_rows: number;
  recalled_rows: number;
  row_recall: number | null;
  row_precision: number | null;
}
export interface RunFigures {
  files: number;
  overall: FieldFigures & { row_recall: number | null };
  fields: Record<string, FieldFigures>;
  tables: Record<string, TableFigures>;
}
export interface Example {
  file_id: string;
  filename: string;
  expected: unknown;
  got: unknown;
  previous: unknown;
}
export interface FieldComparison {
  field: string;
  kind: 'field' | 'table';
  current: FieldFigures | TableFigures;
  previous: FieldFigures | TableFigures | null;
  /** accuracy (fields) or row recall (tables) fell, or precision / recall fell */
  worse: boolean;
  /** files where the previous run was right and this one is not (at most EXAMPLES) */
  examples: Example[];
}

export const EXAMPLES = 3;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields (dotted names for nested objects) and tables (lists) of a record. */
export function flatten(record: Record<string, unknown> | null | undefined, prefix = '', out = { fields: new Map<string, unknown>(), tables: new Map<string, unknown[]>() }) {
  for (const [k, v] of Object.entries(record ?? {})) {
    const name = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) {
      if (v.some(isPlainObject) || !prefix) out.tables.set(name, v);
      else out.fields.set(name, v);
    } else if (isPlainObject(v)) flatten(v, name, out);
    else out.fields.set(name, v);
  }
  return out;
}

/** Reviewed rows recalled by the run's rows (one-to-one, first match). */
export function recalledRows(truth: readonly unknown[], predicted: readonly unknown[]): number {
  const used = new Array<boolean>(predicted.length).fill(false);
  let n = 0;
  for (const t of truth) {
    const i = predicted.findIndex((p, j) => !used[j] && rowMatches(t, p));
    if (i >= 0) {
      used[i] = true;
      n++;
    }
  }
  return n;
}

function rowMatches(t: unknown, p: unknown): boolean {
  if (!isPlainObject(t)) return !isPlainObject(p) && sameValue(t, p);
  if (!isPlainObject(p)) return false;
  const cells = Object.entries(t).filter(([, v]) => !isEmptyValue(v));
  return cells.length > 0 ? cells.every(([k, v]) => sameValue(v, p[k])) : Object.values(p).every(isEmptyValue);
}

const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

class FieldCount {
  files = 0;
  correct = 0;
  fp = 0;
  fn = 0;
  same = 0;
  add(t: unknown, p: unknown): boolean {
    const te = isEmptyValue(t);
    const pe = isEmptyValue(p);
    const equal = sameValue(t, p);
    this.files++;
    if (equal) this.same++;
    if (!te && !pe && equal) this.correct++;
    else {
      if (!pe) this.fp++;
      if (!te) this.fn++;
    }
    return equal;
  }
  figures(): FieldFigures {
    return {
      files: this.files,
      correct: this.correct,
      false_positives: this.fp,
      false_negatives: this.fn,
      same: this.same,
      precision: ratio(this.correct, this.correct + this.fp),
      recall: ratio(this.correct, this.correct + this.fn),
      accuracy: ratio(this.same, this.files),
    };
  }
}

class TableCount {
  files = 0;
  truth = 0;
  predicted = 0;
  recalled = 0;
  add(t: readonly unknown[], p: readonly unknown[]): boolean {
    this.files++;
    this.truth += t.length;
    this.predicted += p.length;
    const r = recalledRows(t, p);
    this.recalled += r;
    return r === t.length && p.length === t.length;
  }
  figures(): TableFigures {
    return {
      files: this.files,
      reviewed_rows: this.truth,
      extracted_rows: this.predicted,
      recalled_rows: this.recalled,
      row_recall: ratio(this.recalled, this.truth),
      row_precision: ratio(this.recalled, this.predicted),
    };
  }
}

export interface EvaluatedFile {
  fileId: string;
  filename: string;
  /** the reviewed record (ground truth) */
  truth: Record<string, unknown>;
  /** the evaluated run's record for the file (null or {} when the run has none) */
  current: Record<string, unknown> | null;
  /** the previous run's record; undefined when there is no previous run */
  previous?: Record<string, unknown> | null;
}

interface Side {
  fields: Map<string, FieldCount>;
  tables: Map<string, TableCount>;
}

/** Accumulates one file at a time; `result()` gives both runs' figures and the comparison. */
export class Evaluation {
  private readonly cur: Side = { fields: new Map(), tables: new Map() };
  private readonly prev: Side = { fields: new Map(), tables: new Map() };
  private hasPrevious = false;
  private files = 0;
  private readonly examples = new Map<string, Example[]>();
  private readonly order: string[] = [];

  add(f: EvaluatedFile): void {
    this.files++;
    const truth = flatten(f.truth);
    const cur = flatten(f.current);
    const withPrev = f.previous !== undefined;
    if (withPrev) this.hasPrevious = true;
    const prev = flatten(f.previous ?? null);
    const names = (kind: 'fields' | 'tables') => new Set([...truth[kind].keys(), ...cur[kind].keys(), ...(withPrev ? prev[kind].keys() : [])]);
    for (const name of names('fields')) {
      const t = truth.fields.get(name);
      const okNow = this.count(this.cur.fields, name, FieldCount).add(t, cur.fields.get(name));
      if (withPrev) {
        const okBefore = this.count(this.prev.fields, name, FieldCount).add(t, prev.fields.get(name));
        if (okBefore && !okNow) this.example(name, f, t, cur.fields.get(name), prev.fields.get(name));
      }
    }
    for (const name of names('tables')) {
      const t = truth.tables.get(name) ?? [];
      const okNow = this.count(this.cur.tables, name, TableCount).add(t, cur.tables.get(name) ?? []);
      if (withPrev) {
        const okBefore = this.count(this.prev.tables, name, TableCount).add(t, prev.tables.get(name) ?? []);
        if (okBefore && !okNow) this.example(name, f, rowCount(t.length), rowsWord(cur.tables.get(name), t), rowsWord(prev.tables.get(name), t));
      }
    }
  }

  private count<T>(map: Map<string, T>, name: string, make: new () => T): T {
    let c = map.get(name);
    if (!c) {
      c = new make();
      map.set(name, c);
      if (!this.order.includes(name)) this.order.push(name);
    }
    return c;
  }

  private example(name: string, f: EvaluatedFile, expected: unknown, got: unknown, previous: unknown) {
    const list = this.examples.get(name) ?? [];
    if (list.length < EXAMPLES) list.push({ file_id: f.fileId, filename: f.filename, expected: expected ?? null, got: got ?? null, previous: previous ?? null });
    this.examples.set(name, list);
  }

  private side(s: Side): RunFigures {
    const total = new FieldCount();
    const fields: Record<string, FieldFigures> = {};
    for (const [name, c] of s.fields) {
      fields[name] = c.figures();
      total.files += c.files;
      total.correct += c.correct;
      total.fp += c.fp;
      total.fn += c.fn;
      total.same += c.same;
    }
    const tables: Record<string, TableFigures> = {};
    let truthRows = 0;
    let recalled = 0;
    for (const [name, c] of s.tables) {
      tables[name] = c.figures();
      truthRows += c.truth;
      recalled += c.recalled;
    }
    return { files: this.files, overall: { ...total.figures(), row_recall: ratio(recalled, truthRows) }, fields, tables };
  }

  result(): { current: RunFigures; previous: RunFigures | null; comparison: FieldComparison[] } {
    const current = this.side(this.cur);
    const previous = this.hasPrevious ? this.side(this.prev) : null;
    const comparison: FieldComparison[] = [];
    for (const name of this.order) {
      const kind = name in current.fields ? 'field' : 'table';
      const now = kind === 'field' ? current.fields[name]! : current.tables[name]!;
      const before = previous ? ((kind === 'field' ? previous.fields[name] : previous.tables[name]) ?? null) : null;
      comparison.push({ field: name, kind, current: now, previous: before, worse: before !== null && isWorse(now, before), examples: this.examples.get(name) ?? [] });
    }
    return { current, previous, comparison };
  }
}

const rowCount = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
const rowsWord = (rows: readonly unknown[] | undefined, truth: readonly unknown[]) =>
  rows === undefined ? null : `${rowCount(rows.length)}, ${recalledRows(truth, rows)} of ${rowCount(truth.length)} reviewed found`;

const fell = (now: number | null, before: number | null) => before !== null && (now ?? 0) < before - 1e-9;

function isWorse(now: FieldFigures | TableFigures, before: FieldFigures | TableFigures): boolean {
  if ('accuracy' in now && 'accuracy' in before) return fell(now.accuracy, before.accuracy) || fell(now.precision, before.precision) || fell(now.recall, before.recall);
  if ('row_recall' in now && 'row_recall' in before) return fell(now.row_recall, before.row_recall) || fell(now.row_precision, before.row_precision);
  return false;
}
