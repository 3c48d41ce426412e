import { schemaSummary } from './summary';

const props = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) });

describe('schemaSummary', () => {
  it('counts the fields and names the first three, in the order of the schema', () => {
    expect(schemaSummary(props('invoice_number', 'date', 'total', 'vendor', 'lines', 'currency'), 6)).toBe('6 fields: invoice_number, date, total, …');
  });
  it('names every field when there are three or fewer, with the right plural', () => {
    expect(schemaSummary(props('total'), 1)).toBe('1 field: total');
    expect(schemaSummary(props('a', 'b', 'c'), 3)).toBe('3 fields: a, b, c');
  });
  it('says so when there are none, and never shows JSON', () => {
    expect(schemaSummary({ type: 'object' }, 0)).toBe('No fields');
    expect(schemaSummary({ type: 'object', properties: [] }, 0)).toBe('No fields');
  });
});
