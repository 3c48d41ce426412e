// Scoring of extracted documents against ground truth.
// Fields (scalars): a value equal to the truth is a true positive; a wrong value counts as a
// false positive AND a false negative; a missing value where the truth has one is a false
// negative; a value where the truth is null (not printed) is a false positive (an invention).
// Equality: strings case- and space-insensitive, numbers within 0.005.
// Line items: a truth row is recalled "exactly" when an extracted row has every non-null truth
// field equal; "by description" when only its description/name matches. Row precision =
// exactly matched rows / extracted rows.

const norm = (s) => String(s).toLowerCase().replace(/\s+/g, ' ').replace(/[.,;:]+$/, '').trim();

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
  return { fields: {}, rows: { expected: 0, extracted: 0, exact: 0, byName: 0 }, docs: 0, failed: 0, shortfalls: 0, tokens: 0, ms: 0 };
}

export function scoreDocument(tally, truth, pred, rowsKey, nameKey) {
  tally.docs++;
  const predObj = pred && typeof pred === 'object' && !Array.isArray(pred) ? pred : {};
  for (const [field, value] of Object.entries(truth)) {
    if (field === rowsKey) continue;
    const t = (tally.fields[field] ??= { tp: 0, fp: 0, fn: 0 });
    const p = predObj[field];
    if (present(value)) {
      if (sameValue(value, p)) t.tp++;
      else {
        t.fn++;
        if (present(p)) t.fp++;
      }
    } else if (present(p)) t.fp++;
  }
  const truthRows = truth[rowsKey] ?? [];
  const predRows = Array.isArray(predObj[rowsKey]) ? predObj[rowsKey] : [];
  tally.rows.expected += truthRows.length;
  tally.rows.extracted += predRows.length;
  const usedExact = new Set();
  const usedName = new Set();
  for (const row of truthRows) {
    const exact = predRows.findIndex((p, i) => !usedExact.has(i) && p && Object.entries(row).every(([k, v]) => v === null || sameValue(v, p[k])));
    if (exact !== -1) {
      usedExact.add(exact);
      tally.rows.exact++;
    }
    const byName = predRows.findIndex((p, i) => !usedName.has(i) && p && sameValue(row[nameKey], p[nameKey]));
    if (byName !== -1) {
      usedName.add(byName);
      tally.rows.byName++;
    }
  }
}

export function prf(t) {
  const p = t.tp + t.fp ? t.tp / (t.tp + t.fp) : 0;
  const r = t.tp + t.fn ? t.tp / (t.tp + t.fn) : 0;
  const f1 = p + r ? (2 * p * r) / (p + r) : 0;
  return { p, r, f1 };
}

export function totals(tally) {
  const sum = { tp: 0, fp: 0, fn: 0 };
  for (const t of Object.values(tally.fields)) {
    sum.tp += t.tp;
    sum.fp += t.fp;
    sum.fn += t.fn;
  }
  return { ...sum, ...prf(sum) };
}

export function mergeTallies(a, b) {
  const out = newTally();
  for (const t of [a, b]) {
    for (const [k, v] of Object.entries(t.fields)) {
      const o = (out.fields[k] ??= { tp: 0, fp: 0, fn: 0 });
      o.tp += v.tp;
      o.fp += v.fp;
      o.fn += v.fn;
    }
    for (const k of Object.keys(out.rows)) out.rows[k] += t.rows[k];
    for (const k of ['docs', 'failed', 'shortfalls', 'tokens', 'ms']) out[k] += t[k];
  }
  return out;
}
