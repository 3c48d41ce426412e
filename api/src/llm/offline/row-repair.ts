// Line items of a scan read again with the table's arithmetic. OCR damages numbers (a decimal
// point lost or read as a digit, a digit doubled, "11" read as "LE"); when a table shows such
// damage, each row whose quantity × price ≠ amount is read again: the reading that makes the row
// add up with the fewest edits to what OCR saw wins — a quantity that is the amount divided by
// the price and a whole number (or halves), or a price / amount one or two digits away from
// the cell. A row with no such reading keeps what was read (and the arithmetic check warns).
// Tables without damaged cells (a text PDF) are never changed: what a document prints is kept.
import type { ScalarField, TableField } from './fields';
import { digitSkeleton, editDistance, repairNumber, valueDigits, writtenDecimals } from './ocr-numbers';
import { numericRole } from './structure';
import { sourceCells } from './table';
import { parseAmount } from './values';

const isCleanNumber = (t: string) => /\d[.,]\d/.test(t) && parseAmount(t) !== undefined;
const near = (a: number, b: number) => Math.abs(a - b) <= 0.0101;
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

interface Reading {
  value: number;
  /** edits away from what OCR saw */
  cost: number;
}

/** the most common number of decimals of a column's clean cells */
function columnDecimals(raws: string[]): number {
  const counts = new Map<number, number>();
  for (const r of raws) {
    const d = writtenDecimals(r);
    if (d !== undefined) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best = 0;
  let n = -1;
  for (const [d, c] of counts) if (c > n) [best, n] = [d, c];
  return best;
}

/** readings of one cell: as mended, with the column's decimals, and with one stray digit dropped */
function readings(raw: string, decimals: number): Reading[] {
  const out: Reading[] = [];
  const add = (value: number | undefined, cost: number) => {
    if (value !== undefined && Number.isFinite(value) && !out.some((r) => near(r.value, value))) out.push({ value, cost });
  };
  const mended = repairNumber(raw);
  const negative = /^\s*[-=~(]/.test(raw);
  if (mended !== undefined) add(parseAmount(mended), 0);
  // two numbers run together ("1,236.66 12,366.60") are not one damaged number
  const digits = raw.trim().split(/\s+/).filter((t) => isCleanNumber(t)).length > 1 ? '' : digitSkeleton(raw);
  const asColumn = (d: string) => (d ? (negative ? -1 : 1) * Number(d) / 10 ** decimals : undefined);
  if (digits.length > decimals) add(asColumn(digits), mended !== undefined && writtenDecimals(mended) === decimals ? 1 : 0.5);
  for (let i = 0; i < digits.length; i++) add(asColumn(digits.slice(0, i) + digits.slice(i + 1)), 1);
  return out;
}

export interface RowRepair {
  row: number;
  column: string;
  read: string;
  value: number;
}

/**
 * true when a numeric cell of the table is not a number as written, or a whole number in a column
 * whose other cells (three in four) all show the same decimals: the marks of a scan
 */
function damaged(rows: Record<string, unknown>[], columns: ScalarField[]): boolean {
  return columns.some((c) => {
    const raws = rows.map((r) => sourceCells(r)?.get(c) ?? '').filter((t) => t.trim());
    if (raws.some((t) => parseAmount(t) === undefined)) return true;
    const d = columnDecimals(raws);
    const same = raws.filter((t) => writtenDecimals(t) === d).length;
    return d > 0 && same < raws.length && same >= raws.length * 0.75 && raws.some((t) => writtenDecimals(t) === 0);
  });
}

/**
 * Reads the damaged rows of a table again (in place) and returns what it changed. Ties between
 * two readings of a row are settled by `totals`, amounts printed outside the table: the choice
 * whose rows add up to one of them.
 */
export function repairRows(rows: Record<string, unknown>[], table: TableField, totals: number[] = []): RowRepair[] {
  const q = table.columns.find((c) => numericRole(c) === 'quantity');
  const p = table.columns.find((c) => numericRole(c) === 'price');
  const a = table.columns.find((c) => numericRole(c) === 'amount');
  const numeric = table.columns.filter((c) => c.type === 'number' || c.type === 'integer');
  if (rows.length < 2 || !damaged(rows, numeric)) return [];
  const repairs: RowRepair[] = [];
  const raw = (r: Record<string, unknown>, c: ScalarField) => sourceCells(r)?.get(c) ?? '';
  const decimals = new Map(numeric.map((c) => [c, columnDecimals(rows.map((r) => raw(r, c)))]));
  const set = (i: number, c: ScalarField, value: number) => {
    const v = c.type === 'integer' ? Math.round(value) : value;
    if (rows[i]![c.name] === v) return;
    rows[i]![c.name] = v;
    repairs.push({ row: i + 1, column: c.name, read: raw(rows[i]!, c), value: v });
  };
  // 1. a number column's cell that is not a number, or lacks the decimals all its neighbours have
  for (const c of numeric) {
    const d = decimals.get(c)!;
    rows.forEach((r, i) => {
      const text = raw(r, c);
      if (!text.trim()) return;
      const as = writtenDecimals(repairNumber(text) ?? text);
      if (as !== undefined && (as === d || d === 0)) return;
      // "1225" in a column of 12.50, 4.95: the decimal point was lost
      const digits = digitSkeleton(text);
      if (as !== undefined && digits.length > d) return set(i, c, (/^\s*[-=~(]/.test(text) ? -1 : 1) * Number(digits) / 10 ** d);
      // anything else only where the arithmetic confirms it (below): digits of merged cells are no number
    });
  }
  if (a) repairs.push(...unreadAmounts(rows, a, totals, decimals.get(a)!));
  if (!q || !p || !a) return repairs;
  // 2. quantity × price = amount: the reading with the fewest edits that adds up
  const pending: { i: number; choices: [ScalarField, number][][] }[] = [];
  rows.forEach((r, i) => {
    const [qv, pv, av] = [r[q.name], r[p.name], r[a.name]];
    if (typeof qv === 'number' && typeof pv === 'number' && typeof av === 'number' && near(round(qv * pv, 2), av)) return;
    const texts = { q: raw(r, q), p: raw(r, p), a: raw(r, a) };
    if (!texts.q.trim() || !texts.p.trim() || !texts.a.trim()) return;
    const R = { q: readings(texts.q, 0), p: readings(texts.p, decimals.get(p)!), a: readings(texts.a, decimals.get(a)!) };
    if (typeof qv === 'number' && !R.q.some((x) => x.value === qv)) R.q.unshift({ value: qv, cost: 0 });
    let best = Infinity;
    let choices: [ScalarField, number][][] = [];
    const offer = (cost: number, choice: [ScalarField, number][]) => {
      if (cost < best - 1e-9) [best, choices] = [cost, [choice]];
      else if (Math.abs(cost - best) < 1e-9 && !choices.some((c) => c.every(([f, v], k) => choice[k]![0] === f && near(choice[k]![1], v)))) choices.push(choice);
    };
    for (const pr of R.p) for (const ar of R.a) {
      // the quantity the amount and the price imply: whole, or in halves / tenths
      const implied = ar.value / pr.value;
      const qn = (q.type === 'integer' ? [0] : [0, 1]).map((d) => round(implied, d)).find((x) => x > 0 && near(round(x * pr.value, 2), ar.value));
      if (qn === undefined || !Number.isFinite(qn)) continue;
      const qd = editDistance(valueDigits(qn, qn % 1 ? 1 : 0), digitSkeleton(texts.q));
      const cost = pr.cost + ar.cost + Math.min(qd, 2);
      if (pr.cost + ar.cost <= 1) offer(cost, [[q, qn], [p, pr.value], [a, ar.value]]);
    }
    for (const qr of R.q) {
      if (qr.value <= 0 || qr.cost > 0) continue;
      for (const pr of R.p) {
        const av = round(qr.value * pr.value, 2);
        const d = editDistance(valueDigits(av, decimals.get(a)!), digitSkeleton(texts.a));
        if (d <= Math.max(1, Math.floor(digitSkeleton(texts.a).length / 3)) && pr.cost === 0) offer(d + 0.1, [[q, qr.value], [p, pr.value], [a, av]]);
      }
      for (const ar of R.a) {
        if (ar.cost > 0) continue;
        const pv2 = round(ar.value / qr.value, decimals.get(p)!);
        if (!near(round(qr.value * pv2, 2), ar.value)) continue;
        const d = editDistance(valueDigits(pv2, decimals.get(p)!), digitSkeleton(texts.p));
        if (d <= Math.max(1, Math.floor(digitSkeleton(texts.p).length / 3))) offer(d + 0.1, [[q, qr.value], [p, pv2], [a, ar.value]]);
      }
    }
    if (best > 3 || !choices.length) return;
    pending.push({ i, choices });
  });
  // 3. ties: the choice whose rows add up to a printed total
  const undecided = pending.filter((x) => x.choices.length > 1);
  let pick = new Map<number, number>();
  if (undecided.length && undecided.length <= 4 && totals.length) {
    const combos = undecided.reduce<number[][]>((acc, x) => acc.flatMap((c) => x.choices.map((_, k) => [...c, k])), [[]]);
    for (const combo of combos) {
      const chosen = new Map(undecided.map((x, k) => [x.i, combo[k]!]));
      const sum = rows.reduce((s, r, i) => {
        const x = pending.find((y) => y.i === i);
        const ch = x ? x.choices[chosen.get(i) ?? 0]! : undefined;
        const v = ch ? ch.find(([f]) => f === a)![1] : r[a.name];
        return s + (typeof v === 'number' ? v : 0);
      }, 0);
      if (totals.some((t) => near(round(sum, 2), t))) {
        pick = chosen;
        break;
      }
    }
  }
  for (const x of pending) {
    const k = x.choices.length === 1 ? 0 : pick.get(x.i);
    if (k === undefined) continue;
    for (const [f, v] of x.choices[k]!) set(x.i, f, v);
  }
  return repairs;
}

/**
 * How far a value the arithmetic leaves for a cell is from what OCR saw there: edits between its
 * digits as the column prints them and every digit of the cell ("F-15" → "15").
 */
const editsFromSeen = (value: number, decimals: number, seen: string): number => editDistance(valueDigits(value, decimals), seen.replace(/\D/g, ''));

/**
 * Amounts a scan left unreadable ("F-15", "1:95"; one to three of them) read by what the rows
 * must add up to: the smallest printed amount the readable rows fall short of (a receipt's items
 * add up to its subtotal, the total adds the tax; when that reading fails no larger one is
 * tried). Each unreadable cell is read as its digits with the column's decimals, or one of them
 * as the rest of that total, when its digits are at most two edits from what OCR saw; the reading with the fewest edits wins, and two equally
 * good readings leave the cells unread (the sum check then warns).
 */
function unreadAmounts(rows: Record<string, unknown>[], a: ScalarField, totals: number[], decimals: number): RowRepair[] {
  const raw = (r: Record<string, unknown>) => sourceCells(r)?.get(a) ?? '';
  const unread = rows.map((_, i) => i).filter((i) => typeof rows[i]![a.name] !== 'number' && /\d/.test(raw(rows[i]!)));
  if (unread.length === 0 || unread.length > 3 || !totals.length) return [];
  const others = rows.reduce((sum, r, i) => sum + (unread.includes(i) || typeof r[a.name] !== 'number' ? 0 : (r[a.name] as number)), 0);
  const options = unread.map((i) => readings(raw(rows[i]!), decimals).filter((x) => x.cost <= 1 && x.value > 0));
  let best: { values: number[]; cost: number } | null = null;
  let tie = false;
  const offer = (values: number[], cost: number) => {
    if (!best || cost < best.cost - 1e-9) [best, tie] = [{ values, cost }, false];
    else if (Math.abs(cost - best.cost) < 1e-9 && values.some((v, k) => !near(v, best!.values[k]!))) tie = true;
  };
  // only the smallest printed amount above the readable rows: the items add up to it or to nothing
  // printed (a reading that reaches a larger one, the total with its tax, would contradict it)
  const total = Math.min(...totals.filter((t) => t > others));
  if (!Number.isFinite(total)) return [];
  // each cell one of its readings, or (one cell at most) what the total leaves for it
  const walk = (k: number, picked: (number | null)[], cost: number) => {
    if (k === unread.length) {
      const known = picked.reduce<number>((sum, v) => sum + (v ?? 0), 0);
      const gap = picked.indexOf(null);
      if (gap === -1) {
        if (near(round(others + known, 2), total)) offer(picked as number[], cost);
        return;
      }
      const v = round(total - others - known, decimals);
      const edits = editsFromSeen(v, decimals, raw(rows[unread[gap]!]!));
      if (v > 0 && edits <= 2) offer(picked.map((x) => x ?? v), cost + edits);
      return;
    }
    for (const o of options[k]!) walk(k + 1, [...picked, o.value], cost + o.cost);
    if (!picked.includes(null)) walk(k + 1, [...picked, null], cost);
  };
  walk(0, [], 0);
  if (!best || tie) return [];
  const chosen: number[] = (best as { values: number[] }).values;
  return unread.map((i, k) => {
    rows[i]![a.name] = chosen[k]!;
    return { row: i + 1, column: a.name, read: raw(rows[i]!), value: chosen[k]! };
  });
}

/**
 * A statement's damaged amounts read again by its balances: when opening + the rows ≠ closing and
 * one to five amount cells are not numbers as written, the readings of those cells (fewest edits
 * first) that make opening + the rows = closing are taken; a single damaged cell no reading
 * mends takes what the balances leave for it, when that is two edits or less from what OCR saw.
 * Clean statements are never touched.
 */
export function balanceRows(rows: Record<string, unknown>[], table: TableField, opening: number, closing: number): RowRepair[] {
  const a = table.columns.find((c) => numericRole(c) === 'amount');
  if (!a || rows.length < 2) return [];
  const raw = (r: Record<string, unknown>) => sourceCells(r)?.get(a) ?? '';
  const total = (list: Record<string, unknown>[]) => list.reduce((s, r) => s + (typeof r[a.name] === 'number' ? (r[a.name] as number) : 0), 0);
  if (near(round(opening + total(rows), 2), closing)) return [];
  const damagedRows = rows.map((r, i) => i).filter((i) => raw(rows[i]!).trim() && parseAmount(raw(rows[i]!)) === undefined);
  if (damagedRows.length < 1 || damagedRows.length > 5) return [];
  const d = columnDecimals(rows.map(raw));
  const others = total(rows.filter((_, i) => !damagedRows.includes(i)));
  const options = damagedRows.map((i) => {
    const current = rows[i]![a.name];
    const list = readings(raw(rows[i]!), d).filter((x) => x.cost <= 1);
    // what was read already (a mended cell) stays the first choice
    return typeof current === 'number' ? [{ value: current, cost: 0 }, ...list.filter((x) => !near(x.value, current))] : list;
  });
  let best: number[] | null = null;
  let bestCost = Infinity;
  const walk = (k: number, picked: number[], cost: number, sum: number) => {
    if (cost >= bestCost) return;
    if (k === damagedRows.length) {
      if (near(round(opening + others + sum, 2), closing)) [best, bestCost] = [picked, cost];
      return;
    }
    options[k]!.forEach((o, j) => walk(k + 1, [...picked, j], cost + o.cost, sum + o.value));
  };
  walk(0, [], 0, 0);
  if (!best && damagedRows.length === 1) {
    // one damaged amount and no reading of it adds up: what the balances leave for it, when its
    // digits are at most two edits from what OCR saw ("2+383:13" for 2,183.13)
    const v = round(closing - opening - others, d);
    if (v !== 0 && editsFromSeen(v, d, raw(rows[damagedRows[0]!]!)) <= 2) {
      options[0] = [{ value: v, cost: 0 }];
      best = [0];
    }
  }
  if (!best) return [];
  const chosen: number[] = best;
  return damagedRows.map((i, k) => {
    const value = options[k]![chosen[k]!]!.value;
    rows[i]![a.name] = value;
    return { row: i + 1, column: a.name, read: raw(rows[i]!), value };
  });
}
