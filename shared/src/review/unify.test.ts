import { columnsOf, fieldLabel, splitRecord, unifiedPathOf, unifyResults, unifyTraced } from './unify';

const r = (sequence_number: number, extracted_data: unknown, status: 'completed' | 'failed' = 'completed') => ({ sequence_number, status, extracted_data });

describe('the Unified Dataset: every chunk merged into one record', () => {
  it('takes fields from text chunks and concatenates table rows in chunk order', () => {
    const merged = unifyResults([
      r(2, { items: [{ item: 'Part 003' }] }),
      r(0, { invoice_number: 'INV-1', vendor: 'Acme', items: [] }),
      r(1, { items: [{ item: 'Part 001' }, { item: 'Part 002' }], total_amount: null }),
      r(3, { total_amount: 12.5, vendor: 'Other' }),
    ]);
    expect(merged).toEqual({
      invoice_number: 'INV-1',
      vendor: 'Acme',
      items: [{ item: 'Part 001' }, { item: 'Part 002' }, { item: 'Part 003' }],
      total_amount: 12.5,
    });
  });

  it('leaves failed results out and files a bare list of rows under "rows"', () => {
    expect(unifyResults([r(0, { a: 1 }, 'failed'), r(1, [{ x: 1 }]), r(2, [{ x: 2 }])])).toEqual({ rows: [{ x: 1 }, { x: 2 }] });
    expect(unifyResults([])).toEqual({});
  });

  it('splits fields from lists and finds the columns of the rows', () => {
    const { fields, lists } = splitRecord({ a: 1, rows: [{ x: 1 }, { y: 2, x: 3 }] });
    expect(fields).toEqual([['a', 1]]);
    expect(lists).toEqual([['rows', [{ x: 1 }, { y: 2, x: 3 }]]]);
    expect(columnsOf(lists[0]![1])).toEqual(['x', 'y']);
    expect(fieldLabel('invoice_number')).toBe('Invoice number');
  });
});

describe('unifyTraced: where each part of the unified record came from', () => {
  it('maps fields and rows of each result to the unified paths', () => {
    const results = [
      r(1, { items: [{ item: 'B' }, { item: 'C' }] }),
      r(0, { vendor: 'Acme', items: [{ item: 'A' }] }),
      r(2, [{ item: 'bare' }]),
      r(3, { vendor: 'Later' }),
    ];
    const { record, origins } = unifyTraced(results);
    expect(record).toEqual({ vendor: 'Acme', items: [{ item: 'A' }, { item: 'B' }, { item: 'C' }], rows: [{ item: 'bare' }] });
    expect(unifiedPathOf(origins, 1, '$.vendor')).toBe('$.vendor');
    expect(unifiedPathOf(origins, 1, '$.items[0].item')).toBe('$.items[0].item');
    expect(unifiedPathOf(origins, 0, '$.items[1].item')).toBe('$.items[2].item');
    expect(unifiedPathOf(origins, 2, '$[0].item')).toBe('$.rows[0].item');
    // the later vendor lost to the first one: it has no place in the record
    expect(unifiedPathOf(origins, 3, '$.vendor')).toBeNull();
  });
});
