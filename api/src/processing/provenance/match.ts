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

export type MatchKind = 'exact' | 'case_whitespace' | 'date' | 'number';

export interface SourceLine {
  /** 1-based line number in the document */
  number: number;
  /** 1-based page, when known */
  page?: number | null;
  text: string;
}

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
export function leaves(data: unknown, path = '$', out: { path: string; value: string | number }[] = []): { path: string; value: string | number }[] {
  if (typeof data === 'string') {
    if (data.trim() !== '') out.push({ path, value: data });
  } else if (typeof data === 'number') {
    if (Number.isFinite(data)) out.push({ path, value: data });
  } else if (Array.isArray(data)) {
    data.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  } else if (data !== null && typeof data === 'object') {
    // keys in sorted order: the same list whether walked from the provider's answer or from the
    // stored jsonb (which reorders keys)
    for (const [k, v] of Object.entries(data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) leaves(v, /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`, out);
  }
  return out;
}

// ------------------------------------------------------------------ numbers

/** Numbers a written token may mean (both decimal conventions when ambiguous), as canonical strings of their absolute value. */
export function numberReadings(raw: string): string[] {
  if (PLAIN_DIGITS.test(raw)) return [String(Number(raw))]; // the common case, without the parsing below
  const s = raw.replace(/[\s\u00a0'’]/g, '').replace(/^[-+(]+|[)]+$/g, '');
  if (!/^\d[\d.,]*$/.test(s) || /[.,]$/.test(s)) return [];
  const out = new Set<string>();
  const add = (t: string) => {
    const n = Number(t);
    if (Number.isFinite(n)) out.add(String(Math.abs(n)));
  };
  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  if (!dots && !commas) add(s);
  else if (dots && commas) {
    // the later separator is the decimal one
    if (s.lastIndexOf('.') > s.lastIndexOf(',')) add(s.replace(/,/g, ''));
    else add(s.replace(/\./g, '').replace(',', '.'));
  } else {
    const sep = dots ? '.' : ',';
    const n = dots || commas;
    const grouped = (dots ? GROUPED_DOT : GROUPED_COMMA).test(s);
    if (n > 1) {
      if (grouped) add(s.split(sep).join(''));
    } else {
      add(s.replace(sep, '.')); // decimal separator
      if (grouped) add(s.replace(sep, '')); // or a thousands one (1,234 / 1.234)
    }
  }
  return [...out];
}

const PLAIN_DIGITS = /^\d{1,15}$/;
const GROUPED_DOT = /^\d{1,3}(\.\d{3})+$/;
const GROUPED_COMMA = /^\d{1,3}(,\d{3})+$/;
const NUMBER_TOKEN = /\(?[-+]?\d[\d.,'’\u00a0]*\d\)?|\d/g;

// ------------------------------------------------------------------ dates

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
};
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DATE_PATTERNS: { re: RegExp; read: (m: RegExpExecArray) => [number, number, number][] }[] = [
  { re: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g, read: (m) => [[+m[1]!, +m[2]!, +m[3]!]] },
  // 03/05/2024, 03.05.2024, 3-5-24: month/day or day/month
  { re: /\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/g, read: (m) => { const y = year(m[3]!); return [[y, +m[1]!, +m[2]!], [y, +m[2]!, +m[1]!]]; } },
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE}\\s*,?\\s+(\\d{4})\\b`, 'gi'), read: (m) => [[+m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!]] },
  { re: new RegExp(`\\b${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s+(\\d{4})\\b`, 'gi'), read: (m) => [[+m[3]!, MONTHS[m[1]!.toLowerCase()]!, +m[2]!]] },
];
const year = (y: string) => (y.length === 2 ? 2000 + +y : +y);

function validDate([y, mo, d]: [number, number, number]): string | null {
  if (!(mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && y >= 1000 && y <= 9999)) return null;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCMonth() !== mo - 1) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Every date in a text with its position and the calendar days it may mean. */
export function findDates(text: string): { start: number; end: number; days: string[] }[] {
  const out: { start: number; end: number; days: string[] }[] = [];
  for (const p of DATE_PATTERNS) {
    p.re.lastIndex = 0;
    for (let m = p.re.exec(text); m; m = p.re.exec(text)) {
      const days = [...new Set(p.read(m).map(validDate).filter((d): d is string => d !== null))];
      if (days.length) out.push({ start: m.index, end: m.index + m[0].length, days });
    }
  }
  return out;
}

/** The calendar days a value may mean when the whole value is one date, else []. */
export function dateReadings(value: string): string[] {
  const v = value.trim();
  const found = findDates(v).filter((d) => d.start === 0 && d.end === v.length);
  return [...new Set(found.flatMap((d) => d.days))];
}

// ------------------------------------------------------------------ the source index

const WORD = /[\p{L}\p{N}]/u;
const WORDS = /[\p{L}\p{N}]+/gu;
const DIGIT = /\d/;

interface Hit {
  start: number;
  end: number;
}

/** One searchable source (a chunk, or the whole document): built once, searched for every value. */
export class SourceIndex {
  readonly lines: SourceLine[];
  /** line texts joined with single spaces (a line break counts as a space) */
  private readonly flat: string;
  private readonly lineStarts: number[];
  private readonly norm: string;
  /** norm offset -> flat offset */
  private readonly normMap: number[];
  private numbers: Map<string, Hit[]> | null = null;
  private dates: Map<string, Hit[]> | null = null;

  constructor(lines: SourceLine[]) {
    this.lines = lines;
    this.lineStarts = [];
    let off = 0;
    for (const l of lines) {
      this.lineStarts.push(off);
      off += l.text.length + 1;
    }
    this.flat = lines.map((l) => l.text).join(' ');
    const norm: string[] = [];
    const map: number[] = [];
    let space = true; // drops leading whitespace
    for (let i = 0; i < this.flat.length; i++) {
      const c = this.flat[i]!;
      const code = c.charCodeAt(0);
      // ASCII whitespace without a regex (this loop runs over every character of the source)
      if (code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(c))) {
        if (!space) {
          norm.push(' ');
          map.push(i);
          space = true;
        }
      } else {
        norm.push(c.toLowerCase());
        map.push(i);
        space = false;
      }
    }
    this.norm = norm.join('');
    this.normMap = map;
  }

  /** Lines are numbered consecutively: built from a chunk's content and its first line number. */
  static ofChunk(content: string, startLine: number, pageOf?: (line: number) => number | null): SourceIndex {
    return new SourceIndex(content.split('\n').map((text, i) => ({ number: startLine + i, page: pageOf?.(startLine + i) ?? null, text })));
  }

  private lineAt(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The lines a flat-text range covers. */
  span(h: Hit): { start_line: number; end_line: number; page: number | null } {
    const a = this.lines[this.lineAt(h.start)]!;
    const b = this.lines[this.lineAt(Math.max(h.start, h.end - 1))]!;
    return { start_line: a.number, end_line: b.number, page: a.page ?? null };
  }

  /** Of hits sorted by offset, the one whose first line is nearest to `line` (the first on ties). */
  nearest(hits: Hit[], line: number): Hit {
    // hits are sorted by start and lines by offset, so the line numbers of the hits are sorted too
    let lo = 0;
    let hi = hits.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.span(hits[mid]!).start_line < line) lo = mid + 1;
      else hi = mid;
    }
    // lo: the first hit on or after `line`; the one before it may be nearer
    if (lo > 0 && Math.abs(this.span(hits[lo - 1]!).start_line - line) <= Math.abs(this.span(hits[lo]!).start_line - line)) {
      // several hits on that earlier line: the first of them
      const at = this.span(hits[lo - 1]!).start_line;
      let i = lo - 1;
      while (i > 0 && this.span(hits[i - 1]!).start_line === at) i--;
      return hits[i]!;
    }
    return hits[lo]!;
  }

  private static bounded(text: string, needle: string, h: Hit): boolean {
    const before = text[h.start - 1];
    const after = text[h.end];
    const first = needle[0]!;
    const last = needle[needle.length - 1]!;
    if (before !== undefined && WORD.test(before) && WORD.test(first)) return false;
    if (after !== undefined && WORD.test(after) && WORD.test(last)) return false;
    // a number is not part of a longer one: 50 is not in 50.75 nor in 1,050
    if (DIGIT.test(last) && (after === '.' || after === ',') && DIGIT.test(text[h.end + 1] ?? '')) return false;
    if (DIGIT.test(first) && (before === '.' || before === ',') && DIGIT.test(text[h.start - 2] ?? '')) return false;
    return true;
  }

  private readonly words = new Map<string, Map<string, number[]>>();

  /** Where each word (letters and digits) of a text starts: a needle that begins with a word can only match where that word begins. */
  private wordStarts(text: string): Map<string, number[]> {
    const key = text === this.flat ? 'flat' : 'norm';
    let m = this.words.get(key);
    if (!m) {
      m = new Map();
      WORDS.lastIndex = 0;
      for (let w = WORDS.exec(text); w; w = WORDS.exec(text)) {
        const list = m.get(w[0]);
        if (list) list.push(w.index);
        else m.set(w[0], [w.index]);
      }
      this.words.set(key, m);
    }
    return m;
  }

  private all(text: string, needle: string): Hit[] {
    const out: Hit[] = [];
    if (!needle) return out;
    if (WORD.test(needle[0]!)) {
      // Every word of the needle starts a word of the text wherever the needle matches on word
      // boundaries, so candidates come from the needle's rarest word: in a table, "Component 042"
      // is looked up by "042", not by "Component", which starts every row (quadratic otherwise).
      const starts = this.wordStarts(text);
      let best: number[] = [];
      let bestOffset = 0;
      let bestCount = Infinity;
      WORDS.lastIndex = 0;
      for (let w = WORDS.exec(needle); w; w = WORDS.exec(needle)) {
        const list = starts.get(w[0]) ?? [];
        if (list.length < bestCount) {
          best = list;
          bestOffset = w.index;
          bestCount = list.length;
          if (bestCount === 0) break;
        }
      }
      for (const at of best) {
        const i = at - bestOffset;
        if (i < 0 || !text.startsWith(needle, i)) continue;
        const h = { start: i, end: i + needle.length };
        if (SourceIndex.bounded(text, needle, h)) out.push(h);
      }
      return out;
    }
    for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
      const h = { start: i, end: i + needle.length };
      if (SourceIndex.bounded(text, needle, h)) out.push(h);
    }
    return out;
  }

  exact(value: string): Hit[] {
    return this.all(this.flat, value.replace(/\r?\n/g, ' '));
  }

  caseWhitespace(value: string): Hit[] {
    const needle = value.toLowerCase().replace(/\s+/g, ' ').trim();
    return this.all(this.norm, needle).map((h) => ({ start: this.normMap[h.start]!, end: this.normMap[h.end - 1]! + 1 }));
  }

  number(readings: string[]): Hit[] {
    if (!this.numbers) {
      this.numbers = new Map();
      NUMBER_TOKEN.lastIndex = 0;
      for (let m = NUMBER_TOKEN.exec(this.flat); m; m = NUMBER_TOKEN.exec(this.flat)) {
        const hit = { start: m.index, end: m.index + m[0].length };
        for (const r of numberReadings(m[0])) {
          const list = this.numbers.get(r) ?? [];
          list.push(hit);
          this.numbers.set(r, list);
        }
      }
    }
    return uniqueHits(readings.flatMap((r) => this.numbers!.get(r) ?? []));
  }

  date(days: string[]): Hit[] {
    if (!this.dates) {
      this.dates = new Map();
      for (const d of findDates(this.flat)) {
        for (const day of d.days) {
          const list = this.dates.get(day) ?? [];
          list.push({ start: d.start, end: d.end });
          this.dates.set(day, list);
        }
      }
    }
    return uniqueHits(days.flatMap((d) => this.dates!.get(d) ?? []));
  }

  /** The strongest kind that finds the value, with its hits (first first). Memoised: a table repeats the same quantities and dates many times. */
  private readonly found = new Map<string, { kind: MatchKind; hits: Hit[] } | null>();

  find(value: string | number): { kind: MatchKind; hits: Hit[] } | null {
    const key = `${typeof value}:${value}`;
    let r = this.found.get(key);
    if (r === undefined) {
      r = this.search(value);
      this.found.set(key, r);
    }
    return r;
  }

  private search(value: string | number): { kind: MatchKind; hits: Hit[] } | null {
    if (typeof value === 'number') {
      // straight to the number tokens (a substring search for "2" would visit every 2 of a table);
      // exact when a token is written as the value is
      const hits = this.number([String(Math.abs(value))]);
      if (!hits.length) return null;
      const written = String(value);
      const exact = hits.filter((h) => this.flat.slice(h.start, h.end) === written);
      return exact.length ? { kind: 'exact', hits: exact } : { kind: 'number', hits };
    }
    const text = value;
    let hits = this.exact(text);
    if (hits.length) return { kind: 'exact', hits };
    hits = this.caseWhitespace(text);
    if (hits.length) return { kind: 'case_whitespace', hits };
    if (typeof value === 'string') {
      const days = dateReadings(value);
      if (days.length) {
        hits = this.date(days);
        if (hits.length) return { kind: 'date', hits };
      }
    }
    const readings = numberReadings(value.trim().replace(/^[^\d(+-]{1,4}|[^\d)]{1,4}$/g, ''));
    if (readings.length) {
      hits = this.number(readings);
      if (hits.length) return { kind: 'number', hits };
    }
    return null;
  }
}

function uniqueHits(hits: Hit[]): Hit[] {
  const seen = new Set<number>();
  return hits.filter((h) => (seen.has(h.start) ? false : (seen.add(h.start), true))).sort((a, b) => a.start - b.start);
}

// ------------------------------------------------------------------ a result's provenance

export interface ProvenanceInput {
  chunkId: string;
  extractedData: unknown;
  /** the chunk the result was extracted from */
  chunk: SourceIndex;
  /** the whole document, searched for values not in the chunk (lazily built) */
  document?: (() => SourceIndex | null) | null;
}

/** The array element a leaf belongs to when it is a field of an object in an array (a table row), else null. */
function rowOf(path: string): string | null {
  const parent = path.replace(/(\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\])$/, '');
  return parent !== path && parent.endsWith(']') ? parent : null;
}

/**
 * Table cells (fields of objects in an array) are placed row by row: the row's most specific
 * cell (found, fewest occurrences, first on ties) anchors it, and every other cell takes its
 * occurrence nearest to the anchor's line (a quantity "2" is the one on its row, not the first
 * 2 of the table). Other values take their first occurrence.
 */
export function computeProvenance(input: ProvenanceInput): Provenance {
  let doc: SourceIndex | null | undefined;
  const items = leaves(input.extractedData).map((l) => ({ ...l, row: rowOf(l.path), found: input.chunk.find(l.value) }));
  const anchors = new Map<string, { line: number; n: number }>();
  for (const it of items) {
    if (!it.row || !it.found) continue;
    const n = it.found.hits.length;
    const best = anchors.get(it.row);
    if (!best || n < best.n) anchors.set(it.row, { line: input.chunk.span(it.found.hits[0]!).start_line, n });
  }
  const values = items.map(({ path, value, row, found: inChunk }): ValueProvenance => {
    if (inChunk) {
      let hit = inChunk.hits[0]!;
      const anchor = row ? anchors.get(row)?.line : undefined;
      if (anchor !== undefined && inChunk.hits.length > 1) hit = input.chunk.nearest(inChunk.hits, anchor);
      return { path, value, status: 'found', match: inChunk.kind, in_chunk: true, chunk_id: input.chunkId, ...input.chunk.span(hit), occurrences: inChunk.hits.length };
    }
    if (input.document) {
      if (doc === undefined) doc = input.document();
      const elsewhere = doc?.find(value);
      if (doc && elsewhere) return { path, value, status: 'found', match: elsewhere.kind, in_chunk: false, chunk_id: null, ...doc.span(elsewhere.hits[0]!), occurrences: elsewhere.hits.length };
    }
    return { path, value, status: 'not_in_document', match: null, in_chunk: null, chunk_id: null, start_line: null, end_line: null, page: null, occurrences: 0 };
  });
  const found = values.filter((v) => v.status === 'found').length;
  return { version: 1, values, summary: { total: values.length, found, not_in_document: values.length - found } };
}
