// Scoring an extraction against the ground truth.
// Header fields (every scalar field of the truth): exact after normalisation — strings
// case-, space- and trailing-punctuation-insensitive, numbers within 0.005, dates as ISO.
//   correct: equal; wrong: a different value; missed: no value where the truth has one;
//   invented: a value where the document has none (truth null).
//   header accuracy = correct / fields the document has; precision = correct / values given.
// Line items: a truth row is recalled when one extracted row (each used once) equals it on
// every column the truth has a value for; row precision = recalled rows / extracted rows.
// Per column: over truth rows paired with their best extracted row, the share of cells right.

const norm = (s) =>
  String(s)
    .normalize('NFC')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/[.,;:]+$/, '')
    .trim();

export function sameValue(truth, pred) {
  if (pred === undefined || pred === null || pred === '') return false;
  if (typeof truth === 'number') {
    const n = typeof pred === 'number' ? pred : Number(String(pred).replace(/[^0-9.-]/g, ''));
    return Number.isFinite(n) && Math.abs(n - truth) < 0.005;
  }
  return norm(truth) === norm(pred);
}

const present = (v) => v !== undefined && v !== null && v !== '';

export function newTally() {
  return {
    docs: 0,
    pages: 0,
    header: { expected: 0, correct: 0, wrong: 0, missed: 0, invented: 0 },
    rows: { expected: 0, extracted: 0, recalled: 0 },
    columns: {},
    fields: {},
    tokens: 0,
    ms: 0,
    failed: 0,
    warnings: 0,
  };
}

export function scoreDocument(tally, truth, pred, rowsKey) {
  tally.docs++;
  const p = pred && typeof pred === 'object' && !Array.isArray(pred) ? pred : {};
  for (const [field, value] of Object.entries(truth)) {
    if (field === rowsKey) continue;
    const f = (tally.fields[field] ??= { expected: 0, correct: 0, wrong: 0, missed: 0, invented: 0 });
    const got = p[field];
    for (const t of [tally.header, f]) {
      if (present(value)) {
        t.expected++;
        if (sameValue(value, got)) t.correct++;
        else if (present(got)) t.wrong++;
        else t.missed++;
      } else if (present(got)) t.invented++;
    }
  }
  const truthRows = truth[rowsKey] ?? [];
  const predRows = (Array.isArray(p[rowsKey]) ? p[rowsKey] : []).filter((r) => r && typeof r === 'object');
  tally.rows.expected += truthRows.length;
  tally.rows.extracted += predRows.length;
  const used = new Set();
  const agreement = (row, cand) => Object.entries(row).filter(([k, v]) => present(v) && sameValue(v, cand[k])).length;
  // exact matches first, then best partial pairing for the per-column figures
  const pairs = new Map();
  truthRows.forEach((row, ri) => {
    const need = Object.values(row).filter(present).length;
    const exact = predRows.findIndex((c, i) => !used.has(i) && agreement(row, c) === need);
    if (exact !== -1) {
      used.add(exact);
      pairs.set(ri, exact);
      tally.rows.recalled++;
    }
  });
  truthRows.forEach((row, ri) => {
    if (pairs.has(ri)) return;
    let best = -1;
    let bestScore = 0;
    predRows.forEach((c, i) => {
      if (used.has(i)) return;
      const s = agreement(row, c);
      if (s > bestScore) {
        best = i;
        bestScore = s;
      }
    });
    if (best !== -1) {
      used.add(best);
      pairs.set(ri, best);
    }
  });
  truthRows.forEach((row, ri) => {
    const cand = pairs.has(ri) ? predRows[pairs.get(ri)] : {};
    for (const [k, v] of Object.entries(row)) {
      if (!present(v)) continue;
      const c = (tally.columns[k] ??= { expected: 0, correct: 0 });
      c.expected++;
      if (sameValue(v, cand[k])) c.correct++;
    }
  });
}

export function mergeInto(out, t) {
  const add = (a, b) => {
    for (const k of Object.keys(b)) a[k] = (a[k] ?? 0) + b[k];
  };
  for (const k of ['docs', 'pages', 'tokens', 'ms', 'failed', 'warnings']) out[k] += t[k];
  add(out.header, t.header);
  add(out.rows, t.rows);
  for (const [k, v] of Object.entries(t.columns)) add((out.columns[k] ??= { expected: 0, correct: 0 }), v);
  for (const [k, v] of Object.entries(t.fields)) add((out.fields[k] ??= { expected: 0, correct: 0, wrong: 0, missed: 0, invented: 0 }), v);
  return out;
}

export const ratio = (a, b) => (b ? a / b : 1);
export function summary(t) {
  const h = t.header;
  return {
    headerAcc: ratio(h.correct, h.expected),
    headerP: ratio(h.correct, h.correct + h.wrong + h.invented),
    rowR: ratio(t.rows.recalled, t.rows.expected),
    rowP: ratio(t.rows.recalled, t.rows.extracted),
  };
}
