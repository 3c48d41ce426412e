import { formatRecordValue } from './display';

describe('formatRecordValue', () => {
  it('numbers in the locale: grouping, decimal mark, money with two decimals', () => {
    expect(formatRecordValue(2697.56, { key: 'total' }, 'en-US')).toBe('2,697.56');
    expect(formatRecordValue(2697.56, { key: 'total' }, 'de-DE')).toBe('2.697,56');
    expect(formatRecordValue(1499, { key: 'amount' }, 'en-US')).toBe('1,499.00');
    expect(formatRecordValue(756, { key: 'quantity' }, 'en-US')).toBe('756');
    expect(formatRecordValue(12345, { key: 'pages' }, 'en-US')).toBe('12,345');
    // identifiers and years keep their digits
    expect(formatRecordValue(2026, { key: 'fiscal_year' }, 'en-US')).toBeNull();
    expect(formatRecordValue(100234, { key: 'customer_number' }, 'en-US')).toBeNull();
    expect(formatRecordValue('2697.56', { key: 'total', kind: 'number' }, 'en-US')).toBe('2,697.56');
  });
  it('dates in the locale, as calendar days; other text as stored', () => {
    expect(formatRecordValue('2026-03-31', { key: 'invoice_date' }, 'en-US')).toBe('Mar 31, 2026');
    expect(formatRecordValue('2026-03-31', { key: 'invoice_date' }, 'en-GB')).toBe('31 Mar 2026');
    expect(formatRecordValue('2026-02-31', { key: 'invoice_date' }, 'en-US')).toBeNull();
    expect(formatRecordValue('INV-2026-0042', { key: 'invoice_number' }, 'en-US')).toBeNull();
    expect(formatRecordValue('2697.56', { key: 'total', kind: 'string' }, 'en-US')).toBeNull();
    expect(formatRecordValue(true, { key: 'paid' }, 'en-US')).toBeNull();
  });
});
