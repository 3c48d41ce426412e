// Evaluation figures on a hand-made set whose answers are worked out by hand below.
import { Evaluation, flatten, recalledRows } from './metrics';
import { sameValue } from './normalise';

describe('sameValue (normalisation)', () => {
  it.each([
    ['1,234.50', 1234.5],
    ['$1,234.50', '1234.5'],
    ['2024-03-15', 'March 15, 2024'],
    ['  ACME  Corp ', 'acme corp'],
    ['(5.00)', -5],
    [null, ''],
    [['a', 'b'], ['B', 'a']],
  ])('%j is %j', (a, b) => expect(sameValue(a, b)).toBe(true));
  it.each([
    ['12', 13],
    [-5, '5'],
    ['INV-1', 'INV-2'],
    ['x', null],
    ['2024-03-15', '2024-03-16'],
  ])('%j is not %j', (a, b) => expect(sameValue(a, b)).toBe(false));
});

describe('flatten and rows', () => {
  it('splits fields (dotted for nested objects) from tables', () => {
    const f = flatten({ a: 1, addr: { city: 'X', tags: ['p'] }, items: [{ q: 1 }], codes: ['x', 'y'] });
    expect([...f.fields.keys()]).toEqual(['a', 'addr.city', 'addr.tags']);
    expect([...f.tables.keys()]).toEqual(['items', 'codes']);
  });
  it('recalls reviewed rows one to one on their non-empty cells', () => {
    const truth = [{ item: 'Bolt', qty: 2 }, { item: 'Nut', qty: '1' }, { item: 'Bolt', qty: 2 }];
    expect(recalledRows(truth, [{ item: 'bolt', qty: '2', extra: 'x' }, { item: 'Nut', qty: 1 }])).toBe(2);
    expect(recalledRows(truth, [{ item: 'Bolt', qty: 3 }])).toBe(0);
  });
});

/*
 * Three reviewed files; fields invoice_number, total, vendor; table items.
 *
 *               truth                      current run                 previous run
 * f1  number    INV-1                      INV-1        correct        INV-1        correct
 *     total     100                        "100.00"     correct        100          correct
 *     vendor    Acme                       Acme Corp    wrong          Acme         correct
 *     items     [A x1, B x2]               [A x1, B x2] 2/2 recalled   [A x1]       1/2
 * f2  number    INV-2                      (missing)    miss           INV-2        correct
 *     total     50                         50           correct        55           wrong
 *     vendor    (empty)                    Beta         spurious      (empty)       same (both empty)
 *     items     [C x3]                     [C x3, D x1] 1/1, 2 rows    [C x3]       1/1
 * f3  number    INV-3                      INV-3        correct        INV-3        correct
 *     total     20                         20           correct        20           correct
 *     vendor    Gamma                      gamma        correct        Gamma        correct
 *     items     []                         []                          []
 *
 * current: number  correct 2, fp 0, fn 1, same 2/3  -> P 1,    R 2/3, acc 2/3
 *          total   correct 3, fp 0, fn 0, same 3/3  -> P 1,    R 1,   acc 1
 *          vendor  correct 1, fp 2 (Acme Corp, Beta), fn 1 (Acme), same 1/3 -> P 1/3, R 1/2, acc 1/3
 *          overall correct 6, fp 2, fn 2, same 6/9  -> P 6/8, R 6/8, acc 6/9
 *          items   reviewed rows 3, extracted 4, recalled 3 -> row recall 1, row precision 3/4
 * previous: number P 1, R 1, acc 1; total correct 2 fp 1 fn 1 -> P 2/3 R 2/3 acc 2/3;
 *          vendor correct 2, fp 0, fn 0, same 3/3 -> P 1, R 1, acc 1
 *          items  reviewed 3, extracted 2, recalled 2 -> row recall 2/3, row precision 1
 * worse now: invoice_number (acc 1 -> 2/3, example f2), vendor (acc 1 -> 1/3, examples f1, f2);
 *            total better; items: row recall better but row precision 1 -> 3/4: worse (example f2)
 */
const truth = {
  f1: { invoice_number: 'INV-1', total: 100, vendor: 'Acme', items: [{ item: 'A', qty: 1 }, { item: 'B', qty: 2 }] },
  f2: { invoice_number: 'INV-2', total: 50, vendor: '', items: [{ item: 'C', qty: 3 }] },
  f3: { invoice_number: 'INV-3', total: 20, vendor: 'Gamma', items: [] },
};
const current = {
  f1: { invoice_number: 'INV-1', total: '100.00', vendor: 'Acme Corp', items: [{ item: 'A', qty: 1 }, { item: 'B', qty: 2 }] },
  f2: { total: 50, vendor: 'Beta', items: [{ item: 'C', qty: 3 }, { item: 'D', qty: 1 }] },
  f3: { invoice_number: 'INV-3', total: 20, vendor: 'gamma', items: [] },
};
const previous = {
  f1: { invoice_number: 'INV-1', total: 100, vendor: 'Acme', items: [{ item: 'A', qty: 1 }] },
  f2: { invoice_number: 'INV-2', total: 55, vendor: null, items: [{ item: 'C', qty: 3 }] },
  f3: { invoice_number: 'INV-3', total: 20, vendor: 'Gamma', items: [] },
};

function run(withPrevious: boolean) {
  const e = new Evaluation();
  for (const id of ['f1', 'f2', 'f3'] as const) {
    e.add({ fileId: id, filename: `${id}.pdf`, truth: truth[id], current: current[id], ...(withPrevious ? { previous: previous[id] } : {}) });
  }
  return e.result();
}

describe('Evaluation on the hand-made set', () => {
  const r = run(true);
  it('per field figures of the current run', () => {
    expect(r.current.fields.invoice_number).toMatchObject({ files: 3, correct: 2, false_positives: 0, false_negatives: 1, precision: 1, recall: 2 / 3, accuracy: 2 / 3 });
    expect(r.current.fields.total).toMatchObject({ correct: 3, false_positives: 0, false_negatives: 0, precision: 1, recall: 1, accuracy: 1 });
    expect(r.current.fields.vendor).toMatchObject({ correct: 1, false_positives: 2, false_negatives: 1, precision: 1 / 3, recall: 1 / 2, accuracy: 1 / 3 });
  });
  it('overall (micro average) and row recall', () => {
    expect(r.current.overall).toMatchObject({ correct: 6, false_positives: 2, false_negatives: 2, precision: 0.75, recall: 0.75, accuracy: 6 / 9, row_recall: 1 });
    expect(r.current.tables.items).toEqual({ files: 3, reviewed_rows: 3, extracted_rows: 4, recalled_rows: 3, row_recall: 1, row_precision: 0.75 });
    expect(r.current.files).toBe(3);
  });
  it('the previous run beside it', () => {
    expect(r.previous!.fields.invoice_number).toMatchObject({ precision: 1, recall: 1, accuracy: 1 });
    expect(r.previous!.fields.total).toMatchObject({ correct: 2, false_positives: 1, false_negatives: 1, accuracy: 2 / 3 });
    expect(r.previous!.fields.vendor).toMatchObject({ correct: 2, false_positives: 0, false_negatives: 0, accuracy: 1 });
    expect(r.previous!.tables.items).toMatchObject({ recalled_rows: 2, row_recall: 2 / 3, row_precision: 1 });
    expect(r.previous!.overall).toMatchObject({ correct: 7, false_positives: 1, false_negatives: 1, accuracy: 8 / 9 });
  });
  it('lists the fields that got worse, with examples', () => {
    const worse = r.comparison.filter((c) => c.worse).map((c) => c.field);
    expect(worse).toEqual(['invoice_number', 'vendor', 'items']);
    const vendor = r.comparison.find((c) => c.field === 'vendor')!;
    expect(vendor.examples).toEqual([
      { file_id: 'f1', filename: 'f1.pdf', expected: 'Acme', got: 'Acme Corp', previous: 'Acme' },
      { file_id: 'f2', filename: 'f2.pdf', expected: '', got: 'Beta', previous: null },
    ]);
    expect(r.comparison.find((c) => c.field === 'invoice_number')!.examples).toEqual([{ file_id: 'f2', filename: 'f2.pdf', expected: 'INV-2', got: null, previous: 'INV-2' }]);
    expect(r.comparison.find((c) => c.field === 'items')!.examples[0]).toMatchObject({ file_id: 'f2', expected: '1 row', got: '2 rows, 1 of 1 row reviewed found' });
    expect(r.comparison.find((c) => c.field === 'total')!.worse).toBe(false);
  });
  it('without a previous run: no comparison figures, nothing worse', () => {
    const alone = run(false);
    expect(alone.previous).toBeNull();
    expect(alone.comparison.every((c) => c.previous === null && !c.worse && c.examples.length === 0)).toBe(true);
  });
  it('no files: null ratios, not NaN', () => {
    const empty = new Evaluation().result();
    expect(empty.current.overall).toMatchObject({ files: 0, precision: null, recall: null, accuracy: null, row_recall: null });
    expect(empty.comparison).toEqual([]);
  });
});
