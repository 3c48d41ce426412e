// Provenance: where each value of an extraction result appears in its source (docs/decisions/0017-provenance-by-index-without-hints.md).
// Pure: computed from the stored value and the chunk's text (and, optionally, the whole
// document's OCR lines), never from the provider, so it works the same for every provider.
//
// Matching, strongest first (the first kind that finds the value wins):
//   exact            the value's characters as they are (a line break in the source counts as a
//                    space, so a value spanning two lines is still exact), on word boundaries
//   case_whitespace  lower case, runs of whitespace collapsed
//   date             both sides parsed to calendar days: ISO, US m/d/y, European d.m.y / d/m/y,
//                    written months ("5 March 2024", "March 5, 2024", "Mar 5 2024")
//   number           both sides parsed to numbers: 1,234.50 / 1.234,50 / 1 234,50 / 1234.5;
//                    the sign is ignored (a -12.5 in the record matches "(12.50)" in the text)
// Where a value appears several times: the chunk it was extracted from before the rest of the
// document, then the strongest kind, then the first occurrence (lowest line number) - except
// table cells, which take the occurrence (of any kind) nearest to the line most of their row's
// cells are on (see computeProvenance).
// Values nothing finds are `not_in_document`. null, booleans and empty strings are not traced.
import { SourceIndex, type Found, type MatchKind, type Sighting } from './source-index';

export type { Found, MatchKind, Sighting, SourceLine } from './source-index';
export { SourceIndex } from './source-index';

export interface ValueProvenance {
  /** JSON path of the value in extracted_data, e.g. $.items[3].price */
  path: string;
  value: string | number;
  status: 'found' | 'not_in_document';
  match: MatchKind | null;
  /** true when found in the chunk the result belongs to, false when elsewhere in the document */
  in_chunk: boolean | null;
  chunk_id: string | null;
  start_line: number | null;
  end_line: number | null;
  page: number | null;
  /** how many times the value occurs in the searched source at the winning kind */
  occurrences: number;
}

export interface ProvenanceSummary {
  total: number;
  found: number;
  not_in_document: number;
}

export interface Provenance {
  version: 1;
  values: ValueProvenance[];
  summary: ProvenanceSummary;
}

// ------------------------------------------------------------------ walking the value

/** Every traceable leaf (string or number) of a JSON value with its JSON path (object keys sorted, array order kept). */
export function leaves(data: unknown): { path: string; value: string | number }[] {
  const { paths, values } = traceable(data);
  return paths.map((path, i) => ({ path, value: values[i]! }));
}

/** The traceable leaves as parallel lists (a table has a thousand: no object per leaf). */
interface Leaves {
  paths: string[];
  values: (string | number)[];
  /** the table row (an object in an array) each leaf is a field of, numbered in walk order, else -1 */
  rows: number[];
  /** how many rows were numbered */
  rowCount: number;
}

/** leaves() with each leaf's row, in one walk (no path parsing afterwards). */
function traceable(data: unknown): Leaves {
  const out: Leaves = { paths: [], values: [], rows: [], rowCount: 0 };
  // a key's path segment, once per distinct key (a table repeats the same few keys on every row)
  const segmentOf = new Map<string, string>();
  const segment = (k: string) => {
    let s = segmentOf.get(k);
    if (s === undefined) segmentOf.set(k, (s = IDENTIFIER.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`));
    return s;
  };
  // keys in sorted order (code units, as the default sort compares) with their path segments:
  // the same list whether walked from the provider's answer or from the stored jsonb (which
  // reorders keys). An object's values are read with Object.values (in its keys' order) through
  // `order`, the positions of its keys in sorted order, instead of one lookup by name per key. A
  // table's rows list the same keys in the same order, so the last object's order and segments
  // are reused.
  let lastKeys: string[] = [];
  let order: number[] = [];
  let segments: string[] = [];
  const sortKeys = (keys: string[]) => {
    let same = keys.length === lastKeys.length;
    for (let i = 0; same && i < keys.length; i++) same = keys[i] === lastKeys[i];
    if (same) return;
    lastKeys = keys;
    order = keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
    segments = order.map((i) => segment(keys[i]!));
  };
  const leaf = (path: string, value: string | number, row: number) => {
    out.paths.push(path);
    out.values.push(value);
    out.rows.push(row);
  };
  // `subscript`: the path ends in a subscript ([3], or ["a key"]), so an object there is a row
  const walk = (v: unknown, path: string, row: number, subscript: boolean) => {
    if (typeof v === 'string') {
      if (hasText(v)) leaf(path, v, row);
    } else if (typeof v === 'number') {
      if (Number.isFinite(v)) leaf(path, v, row);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) walk(v[i], `${path}[${i}]`, -1, true);
    } else if (v !== null && typeof v === 'object') {
      const fieldsRow = subscript ? out.rowCount++ : -1;
      sortKeys(Object.keys(v));
      const at = order; // this object's: a nested object sorts its own
      const segs = segments;
      const values = Object.values(v);
      for (let i = 0; i < at.length; i++) {
        const seg = segs[i]!;
        walk(values[at[i]!], path + seg, fieldsRow, seg.charCodeAt(seg.length - 1) === 93); // ]
      }
    }
  };
  walk(data, '$', -1, false);
  return out;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** v.trim() !== '', without trimming a value that begins with a visible ASCII character (most do). */
const hasText = (v: string) => {
  const c = v.charCodeAt(0);
  return (c > 32 && c < 127) || v.trim() !== '';
};

// ------------------------------------------------------------------ a result's provenance

export interface ProvenanceInput {
  chunkId: string;
  extractedData: unknown;
  /** the chunk the result was extracted from */
  chunk: SourceIndex;
  /** the whole document, searched for values not in the chunk (lazily built) */
  document?: (() => SourceIndex | null) | null;
}

/**
 * Table cells (fields of objects in an array) are placed row by row. A cell counts wherever any
 * kind finds it (a 117 printed "117.00" on its row is as much the cell as an exact "117" in
 * another row's "Component 117"): the row's line is the line most of its cells are found on
 * (rowLine), and every cell takes its occurrence nearest that line, the stronger kind on equal
 * distance. So a quantity "2" is the one on its row, not the first 2 of the table, and one cell
 * found elsewhere cannot pull its row there. Other values take the first occurrence of the
 * strongest kind.
 */
export function computeProvenance(input: ProvenanceInput): Provenance {
  const { chunk, chunkId } = input;
  let doc: SourceIndex | null | undefined;
  const { paths, values: leafValues, rows, rowCount } = traceable(input.extractedData);
  const n = paths.length;
  chunk.expectSearches(n);
  const sightings = new Array<Sighting | null>(n);
  // per row (numbered from 0 in walk order), its cells found somewhere, in field order: one list
  // cut by row (cellsFrom[r] to cellsFrom[r + 1]), then the row's line (-1: none found)
  const cellsFrom = new Array<number>(rowCount + 1).fill(0);
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    if (row < 0) continue;
    const s = chunk.findAll(leafValues[i]!);
    sightings[i] = s;
    if (s.lines.length) cellsFrom[row + 1]!++;
  }
  for (let r = 0; r < rowCount; r++) cellsFrom[r + 1]! += cellsFrom[r]!;
  const cells = new Array<Sighting>(cellsFrom[rowCount]!);
  const filled = cellsFrom.slice(0, rowCount);
  for (let i = 0; i < n; i++) if (rows[i]! >= 0 && sightings[i]!.lines.length) cells[filled[rows[i]!]!++] = sightings[i]!;
  const lineOf = new Array<number>(rowCount).fill(-1);
  for (let r = 0; r < rowCount; r++) if (cellsFrom[r + 1]! > cellsFrom[r]!) lineOf[r] = rowLine(cells, cellsFrom[r]!, cellsFrom[r + 1]!);
  let inDocument = 0;
  const pick: Pick = { found: null, hit: 0 };
  const values = new Array<ValueProvenance>(n);
  for (let i = 0; i < n; i++) {
    const path = paths[i]!;
    const value = leafValues[i]!;
    const row = rows[i]!;
    if (row >= 0 ? nearestOccurrence(sightings[i]!.kinds, lineOf[row]!, pick) : firstOccurrence(chunk.find(value), pick)) {
      const hit = pick.found!.hits[pick.hit]!;
      const first = chunk.firstLine(hit);
      inDocument++;
      values[i] = { path, value, status: 'found', match: pick.found!.kind, in_chunk: true, chunk_id: chunkId, start_line: first.number, end_line: chunk.lastLine(hit).number, page: first.page ?? null, occurrences: pick.found!.hits.length };
      continue;
    }
    if (input.document) {
      if (doc === undefined) doc = input.document();
      const elsewhere = doc?.find(value);
      if (doc && elsewhere) {
        const first = doc.firstLine(elsewhere.hits[0]!);
        inDocument++;
        values[i] = { path, value, status: 'found', match: elsewhere.kind, in_chunk: false, chunk_id: null, start_line: first.number, end_line: doc.lastLine(elsewhere.hits[0]!).number, page: first.page ?? null, occurrences: elsewhere.hits.length };
        continue;
      }
    }
    values[i] = { path, value, status: 'not_in_document', match: null, in_chunk: null, chunk_id: null, start_line: null, end_line: null, page: null, occurrences: 0 };
  }
  return { version: 1, values, summary: { total: n, found: inDocument, not_in_document: n - inDocument } };
}

/**
 * The line most of a row's cells (each found somewhere) are found on; on equal counts the line of
 * the most specific cell (found on the fewest lines, the first field on ties), then the first
 * such line. Candidates come from the cells in order of specificity and stop once no line
 * outside them can win: a line none of the first j cells is on has at most (cells - j) of them,
 * so a clean row is settled by its most specific cell's one line.
 */
function rowLine(all: Sighting[], from: number, to: number): number {
  // the common row: its most specific cell is on one line, and every other cell is on it too
  let first = all[from]!;
  for (let i = from + 1; i < to; i++) if (all[i]!.lines.length < first.lines.length) first = all[i]!;
  if (first.lines.length === 1) {
    let clean = true;
    for (let i = from; i < to && clean; i++) clean = all[i] === first || hasLine(all[i]!.lines, first.lines[0]!);
    if (clean) return first.lines[0]!;
  }
  const byLines = all.slice(from, to).sort((a, b) => a.lines.length - b.lines.length); // stable: field order on ties
  let best = { line: byLines[0]!.lines[0]!, votes: 0 };
  for (let j = 0; j < byLines.length && best.votes < byLines.length - j; j++) {
    for (const line of byLines[j]!.lines) {
      let votes = 1;
      let seen = false; // on an earlier cell's line: counted already
      for (let k = 0; k < byLines.length && !seen; k++) {
        if (k === j || !hasLine(byLines[k]!.lines, line)) continue;
        if (k < j) seen = true;
        else votes++;
      }
      if (!seen && votes > best.votes) best = { line, votes };
    }
  }
  return best.line;
}

function hasLine(lines: number[], line: number): boolean {
  return lines.length > 0 && lines[nearestIndex(lines, line)] === line;
}

/** The occurrence a value takes: a kind's hits and the index of the one taken (filled in per value, one object per call). */
interface Pick {
  found: Found | null;
  hit: number;
}

function firstOccurrence(f: Found | null, pick: Pick): boolean {
  if (!f) return false;
  pick.found = f;
  pick.hit = 0;
  return true;
}

/** Of every kind's occurrences, the one nearest to `line` (-1: none, the first of the strongest kind): the stronger kind on equal distance, the first of a kind on ties. */
function nearestOccurrence(kinds: Sighting['kinds'], line: number, pick: Pick): boolean {
  if (!kinds.length) return false;
  if (line === -1) return firstOccurrence(kinds[0]!, pick);
  let best = kinds[0]!;
  let bestIndex = 0;
  let bestDistance = Infinity;
  for (const k of kinds) {
    const i = nearestIndex(k.lines, line);
    const distance = Math.abs(k.lines[i]! - line);
    if (distance < bestDistance) {
      best = k;
      bestIndex = i;
      bestDistance = distance;
    }
    if (distance === 0) break; // on the line: no weaker kind can be nearer
  }
  pick.found = best;
  pick.hit = bestIndex;
  return true;
}

/** Of sorted line numbers, the index of the one nearest to `line`: the earlier line on equal distance, the first index of a line. */
function nearestIndex(lines: number[], line: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]! < line) lo = mid + 1;
    else hi = mid;
  }
  // lo: the first on or after `line` (the first of its line); the line before it may be as near
  if (lo === lines.length || (lo > 0 && line - lines[lo - 1]! <= lines[lo]! - line)) {
    lo--;
    while (lo > 0 && lines[lo - 1] === lines[lo]) lo--;
  }
  return lo;
}
