// The checks' pure parts: numbers as documents write them, columns and fields found by the
// meaning of their names (or schema descriptions), and each rule passing and failing.
import { columnRole, fieldRole, printedAdjustments, rolesOf, runChecks, toNumber } from './checks';

describe('numbers as written', () => {
  it.each([
    [12.5, 12.5],
    ['1,234.50', 1234.5],
    ['1.234,50', 1234.5],
    ['$ 99.00', 99],
    ['12,5', 12.5],
    ['1,234', 1234],
    ['(3.50)', -3.5],
    ['EUR 1 234,50', 1234.5],
    ['n/a', null],
    ['', null],
    [true, null],
  ])('%p -> %p', (v, n) => expect(toNumber(v)).toBe(n));
});

describe('columns and fields by meaning', () => {
  it('finds quantity, price and amount under many names', () => {
    for (const q of ['qty', 'Quantity', 'units', 'menge', 'hours']) expect(columnRole(q)).toBe('quantity');
    for (const p of ['price', 'unit_price', 'unitPrice', 'Unit Cost', 'rate', 'price_each']) expect(columnRole(p)).toBe('price');
    for (const a of ['amount', 'line_total', 'Total', 'total_price', 'extended_price', 'betrag', 'line cost']) expect(columnRole(a)).toBe('amount');
    for (const n of ['item', 'description', 'tax_amount', 'part_number', 'discount']) expect(columnRole(n)).toBeNull();
  });

  it('reads the schema description when the name says nothing', () => {
    expect(columnRole('c3', 'the quantity ordered')).toBe('quantity');
    expect(columnRole('c4', 'price of one unit')).toBe('price');
    expect(columnRole('c5', 'line total')).toBe('amount');
    expect(rolesOf(['a', 'b', 'c'], { a: 'number of units', b: 'unit price', c: 'amount of the line' })).toEqual({ quantity: 'a', price: 'b', amount: 'c' });
  });

  it('tells totals from subtotals, taxes and counts', () => {
    expect(fieldRole('total_amount')).toBe('total');
    expect(fieldRole('grandTotal')).toBe('total');
    expect(fieldRole('amount_due')).toBe('total');
    expect(fieldRole('sub_total')).toBe('subtotal');
    expect(fieldRole('net_amount')).toBe('subtotal');
    expect(fieldRole('tax_total')).toBe('tax');
    expect(fieldRole('total_quantity')).toBeNull();
    expect(fieldRole('total_pages')).toBeNull();
    expect(fieldRole('invoice_number')).toBeNull();
  });
});

describe('runChecks', () => {
  const items = [
    { item: 'A', quantity: '2', price: '1.50', line_total: '3.00' },
    { item: 'B', quantity: 1, price: 10, line_total: 10 },
  ];

  it('row_count: passes when the rows match what chunking found, fails naming the missing lines', () => {
    const ok = runChecks({ record: { items }, tables: [{ list: 'items', detected: 2, missingLines: [], failed: false }] });
    expect(ok.find((c) => c.rule === 'row_count')).toMatchObject({ status: 'passed', path: '$.items' });
    const short = runChecks({ record: { items }, tables: [{ list: 'items', detected: 3, missingLines: [14], failed: false }] });
    expect(short.find((c) => c.rule === 'row_count')).toMatchObject({ status: 'failed', message: 'items: 3 table rows found in the document, 2 in the record (1 missing); the extraction found no row for line 14' });
    const failedChunk = runChecks({ record: { items }, tables: [{ list: null, detected: 5, missingLines: [], failed: true }] });
    expect(failedChunk[0]).toMatchObject({ rule: 'row_count', status: 'failed', message: 'items: 5 table rows found in the document, 2 in the record (3 missing); 1 table chunk failed to extract' });
    expect(runChecks({ record: { items }, tables: [] }).some((c) => c.rule === 'row_count')).toBe(false);
  });

  it('line_amount: one failure per wrong row, one pass for the list; none without the three columns', () => {
    expect(runChecks({ record: { items }, tables: [] }).filter((c) => c.rule === 'line_amount')).toEqual([
      { id: 'line_amount:$.items', rule: 'line_amount', status: 'passed', path: '$.items', message: 'items: line total = quantity × price on all 2 rows' },
    ]);
    const bad = runChecks({ record: { items: [items[0], { ...items[1], line_total: 11 }] }, tables: [] }).filter((c) => c.rule === 'line_amount');
    expect(bad).toEqual([{ id: 'line_amount:$.items[1]', rule: 'line_amount', status: 'failed', path: '$.items[1].line_total', message: 'items row 2: quantity 1 × price 10 = 10, but line total is 11' }]);
    expect(runChecks({ record: { items: [{ item: 'A', price: 2 }] }, tables: [] }).filter((c) => c.rule === 'line_amount')).toEqual([]);
  });

  it('sum_total: against the subtotal when there is one, else the total (tax and shipping allowed)', () => {
    expect(runChecks({ record: { items, total: 13 }, tables: [] }).find((c) => c.rule === 'sum_total')).toMatchObject({ status: 'passed', path: '$.total' });
    expect(runChecks({ record: { items, subtotal: 13, total: 15.6, tax: 2.6 }, tables: [] }).find((c) => c.rule === 'sum_total')).toMatchObject({ status: 'passed', path: '$.subtotal' });
    expect(runChecks({ record: { items, total: 15.6, tax: 2.6 }, tables: [] }).find((c) => c.rule === 'sum_total')).toMatchObject({ status: 'passed' });
    expect(runChecks({ record: { items, total: '20.00' }, tables: [] }).find((c) => c.rule === 'sum_total')).toMatchObject({
      status: 'failed',
      message: 'Sum of the items line totals is 13, but total is 20 (difference 7). Tried: the rows alone (13)',
    });
    expect(runChecks({ record: { items }, tables: [] }).some((c) => c.rule === 'sum_total')).toBe(false);
  });

  // the invoice of the first real run: four rows, no tax field in the schema, the VAT printed under the table
  const invoiceRows = [
    { description: 'Annual licence', quantity: 1, amount: 1499 },
    { description: 'Onboarding workshop', quantity: 2, amount: 500 },
    { description: 'Priority support', quantity: 1, amount: 199.99 },
    { description: 'Travel costs', quantity: 1, amount: 48.98 },
  ];
  const invoiceText = ['Invoice INV-2026-0042', 'VAT number GB 123 4567 89', 'Subtotal 2,247.97', 'VAT (20%) 449.59', 'Total due 2,697.56', 'Total incl. VAT 2,697.56'].join('\n');

  it('sum_total: passes on the tax the document prints when the schema has no tax field, and says so', () => {
    const without = runChecks({ record: { line_items: invoiceRows, total: 2697.56 }, tables: [] }).find((c) => c.rule === 'sum_total');
    expect(without).toMatchObject({ status: 'failed' });
    const withText = runChecks({ record: { line_items: invoiceRows, total: 2697.56 }, tables: [], documentText: invoiceText }).find((c) => c.rule === 'sum_total');
    expect(withText).toMatchObject({
      status: 'passed',
      path: '$.total',
      message: 'Sum of the line items amounts (2,247.97) plus VAT (20%) 449.59 printed in the document = 2,697.56 matches total (2,697.56)',
    });
  });

  it('sum_total: reads shipping and discount lines; fails only when no reading adds up and names each reading', () => {
    const text = 'Shipping: 12.00\nDiscount -100.00\nVAT 449.59';
    const ok = runChecks({ record: { line_items: invoiceRows, total: 2609.56 }, tables: [], documentText: text }).find((c) => c.rule === 'sum_total');
    expect(ok).toMatchObject({ status: 'passed' });
    expect(ok!.message).toContain('plus Shipping 12 minus Discount 100 plus VAT 449.59 printed in the document');
    const bad = runChecks({ record: { line_items: invoiceRows, total: 3000 }, tables: [], documentText: invoiceText }).find((c) => c.rule === 'sum_total');
    expect(bad).toMatchObject({ status: 'failed' });
    expect(bad!.message).toBe(
      'Sum of the line items amounts is 2,247.97, but total is 3,000 (difference 752.03). Tried: the rows alone (2,247.97); the rows plus VAT (20%) 449.59 printed in the document (2,697.56)',
    );
  });

  it('sum_total: the tax in a field of the record is one reading; a tax number or a total with the tax included is none', () => {
    const viaField = runChecks({ record: { line_items: invoiceRows, vat_amount: 449.59, total: 2697.56 }, tables: [] }).find((c) => c.rule === 'sum_total');
    expect(viaField).toMatchObject({ status: 'passed', message: 'Sum of the line items amounts (2,247.97) plus vat amount 449.59 = 2,697.56 matches total (2,697.56)' });
    expect(printedAdjustments(invoiceText)).toEqual([{ role: 'tax', label: 'VAT (20%)', value: 449.59 }]);
  });
});
