// Provenance: where each value of an extraction result appears in its source (issue 14 item 1).
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
  return traceable(data).map(({ path, value }) => ({ path, value }));
}

interface Leaf {
  path: string;
  value: string | number;
  /** the table row (an object in an array) the leaf is a field of, numbered in walk order, else -1 */
  row: number;
}

/** leaves() with each leaf's row, in one walk (no path parsing afterwards). */
function traceable(data: unknown): Leaf[] {
  const out: Leaf[] = [];
  let rows = 0;
  // a key's path segment, once per distinct key (a table repeats the same few keys on every row)
  const segments = new Map<string, string>();
  const segment = (k: string) => {
    let s = segments.get(k);
    if (s === undefined) segments.set(k, (s = IDENTIFIER.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`));
    return s;
  };
  // keys in sorted order (code units, as the default sort compares): the same list whether walked
  // from the provider's answer or from the stored jsonb (which reorders keys); a table's rows
  // list the same keys in the same order, so the last object's sorted keys are reused
  let lastKeys: string[] = [];
  let lastSorted: string[] = [];
  const sortedKeys = (o: object) => {
    const keys = Object.keys(o);
    if (keys.length !== lastKeys.length || keys.some((k, i) => k !== lastKeys[i])) {
      lastKeys = keys;
      lastSorted = [...keys].sort();
    }
    return lastSorted;
  };
  // `subscript`: the path ends in a subscript ([3], or ["a key"]), so an object there is a row
  const walk = (v: unknown, path: string, row: number, subscript: boolean) => {
    if (typeof v === 'string') {
      if (v.trim() !== '') out.push({ path, value: v, row });
    } else if (typeof v === 'number') {
      if (Number.isFinite(v)) out.push({ path, value: v, row });
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) walk(v[i], `${path}[${i}]`, -1, true);
    } else if (v !== null && typeof v === 'object') {
      const fieldsRow = subscript ? rows++ : -1;
      for (const k of sortedKeys(v)) {
        const seg = segment(k);
        walk((v as Record<string, unknown>)[k], path + seg, fieldsRow, seg.charCodeAt(seg.length - 1) === 93); // ]
      }
    }
  };
  walk(data, '$', -1, false);
  return out;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

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
  const items = traceable(input.extractedData);
  chunk.expectSearches(items.length);
  const sightings = new Array<Sighting | null>(items.length);
  // per row (numbered from 0 in walk order), its cells found somewhere, then the row's line
  const cellsOf: (Sighting[] | undefined)[] = [];
  for (let i = 0; i < items.length; i++) {
    const { row, value } = items[i]!;
    const s = row < 0 ? null : chunk.findAll(value);
    sightings[i] = s;
    if (s?.lines.length) (cellsOf[row] ??= []).push(s);
  }
  const lineOf = cellsOf.map((cells) => (cells ? rowLine(cells) : undefined));
  let inDocument = 0;
  const values = items.map(({ path, value, row }, i): ValueProvenance => {
    const inChunk = row >= 0 ? nearestOccurrence(sightings[i]!.kinds, lineOf[row]) : firstOccurrence(chunk.find(value));
    if (inChunk) {
      const at = chunk.span(inChunk.hit);
      inDocument++;
      return { path, value, status: 'found', match: inChunk.kind, in_chunk: true, chunk_id: chunkId, start_line: at.start_line, end_line: at.end_line, page: at.page, occurrences: inChunk.hits.length };
    }
    if (input.document) {
      if (doc === undefined) doc = input.document();
      const elsewhere = doc?.find(value);
      if (doc && elsewhere) {
        const at = doc.span(elsewhere.hits[0]!);
        inDocument++;
        return { path, value, status: 'found', match: elsewhere.kind, in_chunk: false, chunk_id: null, start_line: at.start_line, end_line: at.end_line, page: at.page, occurrences: elsewhere.hits.length };
      }
    }
    return { path, value, status: 'not_in_document', match: null, in_chunk: null, chunk_id: null, start_line: null, end_line: null, page: null, occurrences: 0 };
  });
  return { version: 1, values, summary: { total: values.length, found: inDocument, not_in_document: values.length - inDocument } };
}

/**
 * The line most of a row's cells (each found somewhere) are found on; on equal counts the line of
 * the most specific cell (found on the fewest lines, the first field on ties), then the first
 * such line. Candidates come from the cells in order of specificity and stop once no line
 * outside them can win: a line none of the first j cells is on has at most (cells - j) of them,
 * so a clean row is settled by its most specific cell's one line.
 */
function rowLine(cells: Sighting[]): number {
  // the common row: its most specific cell is on one line, and every other cell is on it too
  let first = cells[0]!;
  for (const c of cells) if (c.lines.length < first.lines.length) first = c;
  if (first.lines.length === 1 && cells.every((c) => c === first || hasLine(c.lines, first.lines[0]!))) return first.lines[0]!;
  const byLines = [...cells].sort((a, b) => a.lines.length - b.lines.length); // stable: field order on ties
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

type Occurrence = Found & { hit: Found['hits'][number] };

const firstOccurrence = (f: Found | null): Occurrence | null => (f ? { ...f, hit: f.hits[0]! } : null);

/** Of every kind's occurrences, the one nearest to `line`: the stronger kind on equal distance, the first of a kind on ties. */
function nearestOccurrence(kinds: Sighting['kinds'], line: number | undefined): Occurrence | null {
  if (!kinds.length) return null;
  if (line === undefined) return firstOccurrence(kinds[0]!);
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
  return { kind: best.kind, hits: best.hits, hit: best.hits[bestIndex]! };
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
