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
// table cells, which take the occurrence nearest to their row's most specific cell (see
// computeProvenance).
// Values nothing finds are `not_in_document`. null, booleans and empty strings are not traced.
import { SourceIndex, type MatchKind } from './source-index';

export type { Found, MatchKind, SourceLine } from './source-index';
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
  /** the path of the table row (an object in an array) the leaf is a field of, else null */
  row: string | null;
}

/** leaves() with each leaf's row, in one walk (no path parsing afterwards). */
function traceable(data: unknown): Leaf[] {
  const out: Leaf[] = [];
  // a key's path segment, once per distinct key (a table repeats the same few keys on every row)
  const segments = new Map<string, string>();
  const segment = (k: string) => {
    let s = segments.get(k);
    if (s === undefined) segments.set(k, (s = IDENTIFIER.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`));
    return s;
  };
  const walk = (v: unknown, path: string, row: string | null) => {
    if (typeof v === 'string') {
      if (v.trim() !== '') out.push({ path, value: v, row });
    } else if (typeof v === 'number') {
      if (Number.isFinite(v)) out.push({ path, value: v, row });
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) walk(v[i], `${path}[${i}]`, null);
    } else if (v !== null && typeof v === 'object') {
      // the fields of an object whose path ends in a subscript are a row's cells
      const fieldsRow = path.endsWith(']') ? path : null;
      // keys in sorted order (code units, as the default sort compares): the same list whether
      // walked from the provider's answer or from the stored jsonb (which reorders keys)
      for (const k of Object.keys(v).sort()) walk((v as Record<string, unknown>)[k], path + segment(k), fieldsRow);
    }
  };
  walk(data, '$', null);
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
 * Table cells (fields of objects in an array) are placed row by row: the row's most specific
 * cell (found, fewest occurrences, first on ties) anchors it, and every other cell takes its
 * occurrence nearest to the anchor's line (a quantity "2" is the one on its row, not the first
 * 2 of the table). Other values take their first occurrence.
 */
export function computeProvenance(input: ProvenanceInput): Provenance {
  const { chunk, chunkId } = input;
  let doc: SourceIndex | null | undefined;
  const items = traceable(input.extractedData);
  const found = items.map((it) => chunk.find(it.value));
  const anchors = new Map<string, { line: number; n: number }>();
  items.forEach(({ row }, i) => {
    const f = found[i];
    if (!row || !f) return;
    const best = anchors.get(row);
    if (!best || f.hits.length < best.n) anchors.set(row, { line: chunk.lineNumberAt(f.hits[0]!.start), n: f.hits.length });
  });
  let inDocument = 0;
  const values = items.map(({ path, value, row }, i): ValueProvenance => {
    const inChunk = found[i];
    if (inChunk) {
      let hit = inChunk.hits[0]!;
      const anchor = row ? anchors.get(row)?.line : undefined;
      if (anchor !== undefined && inChunk.hits.length > 1) hit = chunk.nearest(inChunk.hits, anchor);
      const at = chunk.span(hit);
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
