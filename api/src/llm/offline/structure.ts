// Tables found by the document's own structure, not by the words of their header: the largest
// set of lines that share one column layout (cells separated by column gaps, at least one
// number), wherever they are in the document — a table continued over several pages is one
// table, its repeated header lines, page footers and running-total lines between the rows
// are skipped, a wrapped description line is joined to its row. Columns are mapped to the item
// properties of the schema by their header (the schema's names, synonyms and descriptions) and,
// where the header says nothing the schema knows, by the values they hold:
//  - three number columns where one is the product of the other two (quantity × price = amount)
//    give the quantity, price and amount properties;
//  - a column that is the running sum of another (a balance) is not an amount;
//  - a column of 1, 2, 3, ... is a position number;
//  - a date column goes to a date property, the longest text column to the description.
import type { ScalarField, TableField } from './fields';
import { buildRow } from './table';
import { contentWords, isTableEndLabel, isTotalOrTaxLabel, keywordScore, matchLabel, stem } from './labels';
import { isSeparatorLine, splitCells, type Cell } from './table';
import { repairNumber } from './ocr-numbers';
import { findDates, parseAmount } from './values';

export { repairNumber } from './ocr-numbers';

export interface LayoutRow {
  line: number;
  /** one entry per column ('' when the row leaves it empty) */
  cells: string[];
  /** wrapped continuation lines of the description */
  extra: string[];
}

export interface LayoutTable {
  header: number | null;
  rows: LayoutRow[];
  spans: { start: number; end: number }[];
  headerText: string[];
  /** every line the table occupies (rows, repeated headers, breaks between its rows) */
  lines: number[];
}

const isNumber = (t: string) => parseAmount(t) !== undefined;

const isDate = (t: string) => {
  const d = findDates(t)[0];
  return !!d && d.length >= t.trim().length - 2;
};
const hasLetters = (t: string) => /[a-z]{2,}/i.test(t);

function candidate(line: string): Cell[] | null {
  if (!line.trim() || isSeparatorLine(line)) return null;
  const cells = splitCells(line);
  if (cells.length < 3) return null;
  const numeric = cells.filter((c) => isNumber(c.text)).length;
  if (numeric === 0 || !cells.some((c) => hasLetters(c.text) && !isDate(c.text))) return null;
  return cells;
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) => Math.min(a.end, b.end) - Math.max(a.start, b.start);

function bestSpan(piece: { start: number; end: number }, spans: { start: number; end: number }[]): number {
  let best = -1;
  let bestScore = -Infinity;
  spans.forEach((s, i) => {
    const o = overlap(piece, { start: s.start - 1, end: s.end + 1 });
    const centre = (piece.start + piece.end) / 2;
    const score = o > 0 ? o : -Math.min(Math.abs(centre - s.start), Math.abs(centre - s.end));
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return bestScore > -3 ? best : -1;
}

/**
 * A cell OCR ran into its neighbour ("10 Grout anthracite", "16 kg") is split at its words when
 * the words fall into different columns and every word split off is a number or a short token
 * (a position, a unit); a long description running into the next column stays whole.
 */
function splitCell(cell: Cell, spans: { start: number; end: number }[]): Cell[] {
  const touched = spans.filter((s) => overlap(cell, { start: s.start - 1, end: s.end + 1 }) > 0).length;
  if (touched < 2) return [cell];
  const words = [...cell.text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: cell.start + (m.index ?? 0), end: cell.start + (m.index ?? 0) + m[0].length }));
  const cols = words.map((w) => bestSpan(w, spans));
  const groups: Cell[] = [];
  const groupCols: number[] = [];
  words.forEach((w, i) => {
    if (groupCols.length && groupCols[groupCols.length - 1] === cols[i]) {
      const g = groups[groups.length - 1]!;
      groups[groups.length - 1] = { text: `${g.text} ${w.text}`, start: g.start, end: w.end };
    } else {
      groups.push({ ...w });
      groupCols.push(cols[i]!);
    }
  });
  if (groups.length < 2) return [cell];
  const main = groups.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  const ok = groups.every((g) => g === main || isNumber(g.text) || repairNumber(g.text) !== undefined || g.text.replace(/[^a-z0-9]/gi, '').length <= 3);
  return ok ? groups : [cell];
}

/** the column each cell falls in (by horizontal overlap), or null when the cells do not fit the spans */
function align(cells: Cell[], spans: { start: number; end: number }[]): string[] | null {
  const out = spans.map(() => '');
  let last = -1;
  for (const cell of cells.flatMap((c) => splitCell(c, spans))) {
    const best = bestSpan(cell, spans);
    if (best === -1 || best < last) return null;
    out[best] = out[best] ? `${out[best]} ${cell.text}` : cell.text;
    last = best;
  }
  return out;
}

export function detectLayoutTable(lines: string[], skip: Set<number> = new Set()): LayoutTable | null {
  const cand = lines.map((l, i) => (skip.has(i) ? null : candidate(l)));
  const byCount = new Map<number, number[]>();
  cand.forEach((c, i) => {
    if (c) byCount.set(c.length, [...(byCount.get(c.length) ?? []), i]);
  });
  // column spans over the rows of one cell count, robust to a few rows whose long text pushes into
  // the next column; the cell count whose columns the most lines fit wins (OCR merges cells now and then)
  const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
  const spansOf = (count: number, idx: number[]) =>
    Array.from({ length: count }, (_, j) => {
      const cells = idx.map((i) => cand[i]![j]!);
      return { start: pct(cells.map((c) => c.start), 0.1), end: pct(cells.map((c) => c.end), 0.9) };
    });
  let k = 0;
  let core: number[] = [];
  let spans: { start: number; end: number }[] = [];
  let fitting = 0;
  for (const [count, idx] of byCount) {
    if (idx.length < 2) continue;
    let sp = spansOf(count, idx);
    const overlapping = (x: { start: number; end: number }[]) => x.some((s, j) => j > 0 && s.start <= x[j - 1]!.end);
    if (overlapping(sp)) {
      // a few rows shifted sideways (a scan's speck at the line start): the columns of the typical rows
      const median = Array.from({ length: count }, (_, j) => pct(idx.map((i) => cand[i]![j]!.start), 0.5));
      const typical = idx.filter((i) => cand[i]!.every((c, j) => Math.abs(c.start - median[j]!) <= 4));
      if (typical.length < 2 || typical.length === idx.length) continue;
      sp = spansOf(count, typical);
    }
    if (overlapping(sp)) continue; // columns must not overlap
    const fit = cand.filter((c) => c && c.length >= count - 2 && c.length <= count + 1 && (align(c, sp)?.filter(Boolean).length ?? 0) >= Math.min(count, 3)).length;
    if (fit > fitting || (fit === fitting && count > k)) [k, core, spans, fitting] = [count, idx, sp, fit];
  }
  if (core.length < 2) return null;
  // A row a long cell pushed sideways ("...with mounting screws     6    125.10    750.60", a
  // text layout that flows instead of clipping): its cells miss the columns, but it has exactly
  // the table's cells, in order, each holding what its column holds (a number under a number
  // column, text under a text column), and the text that overflowed runs past its column.
  const numericColumn = spans.map((_, j) => core.filter((i) => isNumber(cand[i]![j]!.text)).length * 2 > core.length);
  const pushed = (c: Cell[] | null | undefined): c is Cell[] =>
    !!c && c.length === k && !isTableEndLabel(c[0]!.text) &&
    c.every((cell, j) => isNumber(cell.text) === numericColumn[j]) &&
    c.some((cell, j) => !numericColumn[j] && cell.end > spans[j]!.end + 1);
  // each line read as a row of the table once: its cells fitted to the columns, or in order when pushed
  const asRow = cand.map((c): string[] | null => {
    if (!c) return null;
    const fitted = c.length >= k - 2 && c.length <= k + 1 ? align(c, spans) : null;
    if (fitted && fitted.filter(Boolean).length >= Math.min(k, 3)) return fitted;
    return pushed(c) ? c.map((cell) => cell.text) : null;
  });
  const first = asRow.findIndex(Boolean);
  const last = asRow.findLastIndex(Boolean);
  if (first === -1) return null;
  // header: the nearest text line above the first row whose cells fit the columns
  let header: number | null = null;
  let headerText: string[] = [];
  for (let i = first - 1; i >= Math.max(0, first - 3); i--) {
    const l = lines[i]!;
    if (!l.trim() || isSeparatorLine(l)) continue;
    const cells = splitCells(l);
    if (cells.length >= 2 && cells.every((c) => !isNumber(c.text) || /^[a-z]/i.test(c.text))) {
      const fitted = alignHeader(cells, spans);
      if (fitted) {
        header = i;
        headerText = fitted;
      }
    }
    break;
  }
  const headerKey = header === null ? null : lines[header]!.replace(/\s+/g, ' ').trim();
  const rows: LayoutRow[] = [];
  const occupied: number[] = [];
  for (let i = first; i <= last; i++) {
    const l = lines[i]!;
    occupied.push(i);
    if (skip.has(i)) continue;
    const row = asRow[i];
    if (row) {
      rows.push({ line: i, cells: row, extra: [] });
      continue;
    }
    if (headerKey && l.replace(/\s+/g, ' ').trim() === headerKey) continue; // repeated header
    const cells = splitCells(l);
    const prev = rows[rows.length - 1];
    // a wrapped description: one text cell, indented into the table, no number, directly under a row
    if (prev && cells.length === 1 && prev.line >= i - 1 - prev.extra.length && !isNumber(cells[0]!.text) && cells[0]!.start > spans[0]!.start - 1 && hasLetters(cells[0]!.text) && !/:/.test(cells[0]!.text)) {
      prev.extra.push(cells[0]!.text);
    }
  }
  // a wrapped description right after the last row
  const after = lines[last + 1];
  const lastRow = rows[rows.length - 1];
  if (after !== undefined && lastRow) {
    const cells = splitCells(after);
    if (cells.length === 1 && cells[0]!.start > spans[0]!.start && hasLetters(cells[0]!.text) && !isNumber(cells[0]!.text) && !/:/.test(cells[0]!.text)) {
      const next = lines[last + 2];
      if (next === undefined || !next.trim() || isSeparatorLine(next)) {
        lastRow.extra.push(cells[0]!.text);
        occupied.push(last + 1);
      }
    }
  }
  if (header !== null) occupied.push(header);
  return { header, rows, spans, headerText, lines: occupied };
}

function alignHeader(cells: Cell[], spans: { start: number; end: number }[]): string[] | null {
  // header words may be wider or narrower than the values: nearest column by centre
  const out = spans.map(() => '');
  for (const cell of cells) {
    const centre = (cell.start + cell.end) / 2;
    let best = 0;
    let bestDist = Infinity;
    spans.forEach((s, i) => {
      const d = centre < s.start ? s.start - centre : centre > s.end ? centre - s.end : 0;
      if (d < bestDist) {
        bestDist = d;
        best = i;
      }
    });
    out[best] = out[best] ? `${out[best]} ${cell.text}` : cell.text;
  }
  return out.filter(Boolean).length >= 2 ? out : null;
}

// ------------------------------------------------------------------ columns -> item properties

type Role = 'quantity' | 'price' | 'amount' | 'other';

/** what a numeric item property holds, from its own name and description */
export function numericRole(f: ScalarField): Role {
  // the name decides; the description only when the name says nothing
  return roleOf(contentWords(f.name), f.type) ?? roleOf(contentWords(f.description ?? ''), f.type) ?? 'other';
}

function roleOf(list: string[], type: string): Role | null {
  const words = new Set(list);
  const has = (...ws: string[]) => ws.some((w) => words.has(stem(w)));
  if (has('price', 'rate', 'cost')) return 'price';
  if ((type === 'integer' || has('quantity', 'qty', 'many', 'units', 'number')) && !has('total', 'amount')) return 'quantity';
  if (has('amount', 'total', 'line', 'value', 'net', 'gross', 'extended')) return 'amount';
  return null;
}

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.002);

interface ColumnStats {
  numeric: number;
  dates: number;
  text: number;
  avgLength: number;
  values: (number | undefined)[];
  sequence: boolean;
}

function stats(rows: LayoutRow[], j: number): ColumnStats {
  const cells = rows.map((r) => r.cells[j] ?? '');
  const filled = cells.filter(Boolean);
  const n = Math.max(1, filled.length);
  const numericShare = filled.filter((c) => repairNumber(c) !== undefined).length / n;
  // in a column of numbers, mend the cells a scan damaged
  const mended = numericShare >= 0.5 ? cells.map((c) => (c ? repairNumber(c) ?? c : c)) : cells;
  const values = mended.map((c) => (c ? parseAmount(c) : undefined));
  return {
    numeric: mended.filter(Boolean).filter((c) => isNumber(c)).length / n,
    dates: filled.filter((c) => isDate(c)).length / n,
    text: filled.filter((c) => hasLetters(c) && !isNumber(c) && !isDate(c)).length / n,
    avgLength: filled.reduce((s, c) => s + c.length, 0) / n,
    values,
    sequence: rows.length >= 2 && values.every((v, i) => v === i + 1),
  };
}

/** column index -> item property, from header labels first, then from the values */
export function mapLayoutColumns(table: LayoutTable, field: TableField): (ScalarField | null)[] {
  const k = table.spans.length;
  const st = Array.from({ length: k }, (_, j) => stats(table.rows, j));
  const map: (ScalarField | null)[] = Array.from({ length: k }, () => null);
  const used = new Set<ScalarField>();
  const fits = (f: ScalarField, j: number) => {
    const s = st[j]!;
    if (f.type === 'number' || f.type === 'integer') return s.numeric >= 0.5;
    if (f.format === 'date') return s.dates >= 0.7;
    return s.text >= 0.5 || (s.numeric < 0.5 && s.dates < 0.5);
  };
  // 1. header words the schema knows
  const scored: { j: number; f: ScalarField; score: number }[] = [];
  table.headerText.forEach((h, j) => {
    if (!h) return;
    for (const f of field.columns) {
      const score = Math.max(matchLabel(h, f.labels), keywordScore(h, f.keywords));
      if (score >= 0.6 && fits(f, j)) scored.push({ j, f, score });
    }
  });
  scored.sort((a, b) => b.score - a.score);
  for (const s of scored) {
    if (map[s.j] || used.has(s.f)) continue;
    map[s.j] = s.f;
    used.add(s.f);
  }
  const free = (j: number) => !map[j];
  const numericCols = st.map((s, j) => j).filter((j) => st[j]!.numeric >= 0.5 && !st[j]!.sequence);
  // running balances are not amounts
  const balance = new Set<number>();
  for (const y of numericCols) {
    for (const x of numericCols) {
      if (x === y) continue;
      const v = st[y]!.values;
      const d = st[x]!.values;
      let ok = 0;
      for (let i = 1; i < v.length; i++) if (v[i] !== undefined && v[i - 1] !== undefined && d[i] !== undefined && near(v[i]! - v[i - 1]!, d[i]!)) ok++;
      if (v.length >= 3 && ok >= (v.length - 1) * 0.7) balance.add(y);
    }
  }
  const pick = (role: Role) => field.columns.find((f) => !used.has(f) && (f.type === 'number' || f.type === 'integer') && numericRole(f) === role);
  const assign = (f: ScalarField | undefined, j: number | undefined) => {
    if (!f || j === undefined || !free(j)) return;
    map[j] = f;
    used.add(f);
  };
  // 2. quantity × price = amount
  const cols = numericCols.filter((j) => !balance.has(j));
  let triple: [number, number, number] | null = null;
  let bestHits = 0;
  for (const a of cols) for (const q of cols) for (const p of cols) {
    if (a === q || a === p || q === p || q > p) continue;
    const rows = table.rows.length;
    let hits = 0;
    for (let i = 0; i < rows; i++) {
      const [qv, pv, av] = [st[q]!.values[i], st[p]!.values[i], st[a]!.values[i]];
      if (qv !== undefined && pv !== undefined && av !== undefined && near(qv * pv, av)) hits++;
    }
    // exact products are rare by chance: a third of the rows (a scan damages the others) is evidence enough
    if (hits > bestHits && hits >= Math.max(Math.min(2, rows), rows * 0.3)) {
      bestHits = hits;
      // of the two factors, the quantity is the one with whole numbers more often / the smaller values
      const whole = (j: number) => st[j]!.values.filter((v) => v !== undefined && Number.isInteger(v)).length;
      const [qq, pp] = whole(q) > whole(p) || (whole(q) === whole(p) && median(st[q]!.values) <= median(st[p]!.values)) ? [q, p] : [p, q];
      triple = [qq, pp, a];
    }
  }
  if (triple) {
    const [q, p, a] = triple;
    const roles: [Role, number][] = [['quantity', q], ['price', p], ['amount', a]];
    for (const [role, j] of roles) {
      // a header mapping that contradicts the arithmetic gives way to it
      const wrong = map[j] && numericRole(map[j]!) !== role && numericRole(map[j]!) !== 'other';
      if (wrong) {
        used.delete(map[j]!);
        map[j] = null;
      }
      const already = map.findIndex((f) => f && numericRole(f) === role);
      if (already !== -1 && already !== j) {
        used.delete(map[already]!);
        map[already] = null;
      }
      assign(pick(role), j);
    }
  }
  // 3. what is left: one free number property and number columns that are not balances, the rightmost first
  const rest = cols.filter(free).sort((a, b) => b - a);
  for (const role of ['amount', 'quantity', 'price', 'other'] as Role[]) {
    const f = pick(role);
    if (!f) continue;
    if (role === 'quantity') {
      const j = rest.find((c) => free(c) && st[c]!.values.every((v) => v === undefined || (Number.isInteger(v) && v < 10000)));
      assign(f, j);
    } else if (role === 'amount' || rest.filter(free).length === 1) {
      assign(f, rest.find(free));
    }
  }
  // 4. dates, then the description: the longest text column
  for (const f of field.columns.filter((c) => c.format === 'date' && !used.has(c))) {
    assign(f, st.map((_, j) => j).find((j) => free(j) && st[j]!.dates >= 0.7));
  }
  const textCols = st.map((_, j) => j).filter((j) => free(j) && st[j]!.text >= 0.5).sort((a, b) => st[b]!.avgLength - st[a]!.avgLength);
  const textFields = field.columns.filter((c) => c.type === 'string' && !c.format && !c.enumValues && !used.has(c));
  const description = textFields.find((f) => numericRole(f) === 'other' && /descr|nam|item|product|servic|detail|articl|what/.test(contentWords(`${f.name} ${f.description ?? ''}`).join(' '))) ?? (textFields.length === 1 ? textFields[0] : undefined);
  assign(description, textCols[0]);
  return map;
}

function median(values: (number | undefined)[]): number {
  const v = values.filter((x): x is number => x !== undefined).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)]! : 0;
}

/** rows of a detected table as item objects; a continuation line extends the description */
export function layoutRows(table: LayoutTable, field: TableField, map: (ScalarField | null)[]): Record<string, unknown>[] {
  const textCol = map.findIndex((f) => f && f.type === 'string' && !f.format);
  // a position number OCR ran into the description ("7 Porcelain tile"): most cells of the column
  // start with an increasing number, so the number is the row's position, not part of its text
  const lead = /^\W?(\d{1,3})[.)]?\s+(?=\S)/;
  const leads = textCol === -1 ? [] : table.rows.map((r) => lead.exec(r.cells[textCol] ?? '')?.[1]).map((n) => (n === undefined ? undefined : Number(n)));
  const numbered = leads.filter((n) => n !== undefined) as number[];
  const positions = numbered.length >= Math.max(2, table.rows.length * 0.6) && numbered.every((n, i) => i === 0 || n > numbered[i - 1]!);
  const out: Record<string, unknown>[] = [];
  for (const row of table.rows) {
    // a tax breakdown's or the totals' row in the columns of the items ("Umsatzsteuer (S)  240,00  7  16,80")
    const first = row.cells.find(Boolean);
    if (first && isTotalOrTaxLabel(first)) continue;
    const cells = new Map<ScalarField, string>();
    row.cells.forEach((raw, j) => {
      const f = map[j];
      const text = positions && j === textCol ? raw.replace(lead, '') : raw;
      if (f && text) cells.set(f, f.type === 'number' || f.type === 'integer' ? repairNumber(text) ?? text : text);
    });
    if (textCol !== -1 && row.extra.length) {
      const f = map[textCol]!;
      cells.set(f, [cells.get(f) ?? '', ...row.extra].filter(Boolean).join(' '));
    }
    const built = buildRow(cells, field);
    if (Object.values(built).some((v) => v !== null && v !== undefined)) out.push(built);
  }
  return out;
}

/** how many rows agree with the arithmetic quantity × price = amount (a table reading's quality) */
export function consistentRows(rows: Record<string, unknown>[], field: TableField): number {
  const q = field.columns.find((f) => numericRole(f) === 'quantity');
  const p = field.columns.find((f) => numericRole(f) === 'price');
  const a = field.columns.find((f) => numericRole(f) === 'amount');
  if (!q || !p || !a) return 0;
  return rows.filter((r) => typeof r[q.name] === 'number' && typeof r[p.name] === 'number' && typeof r[a.name] === 'number' && near((r[q.name] as number) * (r[p.name] as number), r[a.name] as number)).length;
}
