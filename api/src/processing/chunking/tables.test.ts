import { ChunkingDocument } from './document';
import { detectTables, isMoneyLike, isNumericToken } from './tables';
import { generateInvoice, linesFromText } from './test-fixtures';
import type { TableStructure } from './types';

const detect = (text: string) => detectTables(new ChunkingDocument(linesFromText(text)));

function expectedTable(description: number | null, header: [number, number] | null, bodyStart: number, bodyEnd: number): TableStructure {
  const parts: TableStructure['parts'] = [];
  if (description !== null) parts.push({ role: 'description', start: description, end: description });
  if (header) parts.push({ role: 'header', start: header[0], end: header[1] });
  for (let r = bodyStart; r <= bodyEnd; r++) parts.push({ role: 'body', start: r, end: r });
  return { start: description ?? header?.[0] ?? bodyStart, end: bodyEnd, parts };
}

const plain = (t: TableStructure) => ({ start: t.start, end: t.end, parts: t.parts });

describe('table detection on generated invoices', () => {
  it.each(['gap', 'pipe', 'tail'] as const)('%s style: description, header and body line ranges are exact', (style) => {
    const inv = generateInvoice(7, { style, seed: 3 });
    const tables = detectTables(new ChunkingDocument(inv.lines));
    expect(tables).toHaveLength(1);
    const t = tables[0]!;
    expect(plain(t)).toEqual(expectedTable(inv.table.description, [inv.table.header, inv.table.headerEnd], inv.table.bodyStart, inv.table.bodyEnd));
    expect(t.bodyRows).toBe(7);
    expect(inv.lines[inv.table.description - 1]!.text).toBe('Line items');
    expect(inv.lines[inv.table.header - 1]!.text.replace(/\s+|\|/g, ' ').trim().split(/\s+/)).toEqual(['Description', 'Qty', 'Unit', 'Price', 'Amount']);
  });

  it('the totals block after the table is not a table row', () => {
    const inv = generateInvoice(4);
    const t = detectTables(new ChunkingDocument(inv.lines))[0]!;
    expect(t.end).toBe(inv.table.bodyEnd);
    expect(t.end).toBeLessThan(inv.totals.start);
  });

  it('a 60-row table is one table with 60 body rows', () => {
    const inv = generateInvoice(60, { seed: 9 });
    const tables = detectTables(new ChunkingDocument(inv.lines));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.parts.filter((p) => p.role === 'body')).toHaveLength(60);
    expect(tables[0]!.end).toBe(inv.table.bodyEnd);
  });
});

describe('table detection rules', () => {
  it('gap table with a ruler under the header: the ruler is part of the header', () => {
    const tables = detect(['Item      Region     Sales', '--------------------------', 'Alpha     North      12.50', 'Beta      South      13.75'].join('\n'));
    expect(tables.map(plain)).toEqual([expectedTable(null, [1, 2], 3, 4)]);
  });

  it('markdown table with a caption one blank line above', () => {
    const tables = detect(['Some text here that is long enough to be a paragraph line of prose.', '', 'Table 2: Quarterly revenue', '', '| Quarter | Revenue |', '| --- | ---: |', '| Q1 | 100 |', '| Q2 | 120 |'].join('\n'));
    expect(tables.map(plain)).toEqual([{ ...expectedTable(3, [5, 6], 7, 8), start: 3 }]);
  });

  it('gap table without a header row: body rows only (at least two rows)', () => {
    expect(detect(['Alpha   1.00   2.00', 'Beta   3.00   4.00'].join('\n')).map(plain)).toEqual([expectedTable(null, null, 1, 2)]);
    expect(detect('Alpha   1.00   2.00')).toEqual([]);
  });

  it('single-spaced header above a gap-separated body', () => {
    const tables = detect(['Name Age City', 'Alice   32   Paris', 'Bob   41   Rome'].join('\n'));
    expect(tables.map(plain)).toEqual([expectedTable(null, [1, 1], 2, 3)]);
  });

  it('tail rows need a header line: without one they stay text', () => {
    expect(detect(['Widget A 2 10.00 20.00', 'Widget B 1 5.00 5.00'].join('\n'))).toEqual([]);
    expect(detect(['Item Qty Price Total', 'Widget A 2 10.00 20.00', 'Widget B 1 5.00 5.00'].join('\n')).map(plain)).toEqual([expectedTable(null, [1, 1], 2, 3)]);
  });

  it('a blank line or a row with another column count ends the table', () => {
    const text = ['Product   Qty   Price', 'A         1     1.00', 'B         2     2.00', 'Subtotal        3.00', 'C         3     3.00'].join('\n');
    expect(detect(text).map(plain)).toEqual([expectedTable(null, [1, 1], 2, 3)]);
    const withBlank = ['Product   Qty   Price', 'A         1     1.00', '', 'B         2     2.00', 'C         3     3.00'].join('\n');
    expect(detect(withBlank).map(plain)).toEqual([expectedTable(null, [1, 1], 2, 2), expectedTable(null, null, 4, 5)]);
  });

  it('does not take prose, key-value lines or two-column totals for tables', () => {
    const text = [
      'The contract starts in March.  It runs for two years.  Payment is monthly.',
      'Renewal is automatic.  Either party may cancel.  Notice is three months.',
      '',
      'Invoice number: 42',
      'Invoice date: 2024-01-05',
      '',
      'Subtotal        45.00',
      'Tax              4.50',
      'Total           49.50',
      '',
      'Phone 555 1234',
      'Fax 555 1235',
    ].join('\n');
    expect(detect(text)).toEqual([]);
  });

  it('lines over 400 characters are never rows', () => {
    const cell = 'word '.repeat(30).trim(); // 149 characters
    expect(detect([`${cell}   ${cell}   ${cell}`, `${cell}   ${cell}   ${cell}`].join('\n'))).toEqual([]);
    const short = 'word '.repeat(20).trim();
    expect(detect(Array.from({ length: 3 }, () => `${short}   ${short}   ${short}`).join('\n'))).toHaveLength(1);
    // two such lines without header or numbers are not enough
    expect(detect([`${short}   ${short}   ${short}`, `${short}   ${short}   ${short}`].join('\n'))).toEqual([]);
  });

  it('a long prose line above a table is not its description', () => {
    const text = ['This paragraph explains the figures that follow in some detail and goes on', 'for a while', 'Item   Qty   Price', 'A      1     2.00', 'B      2     3.00'].join('\n');
    expect(detect(text).map(plain)).toEqual([expectedTable(null, [3, 3], 4, 5)]);
  });

  it('two tables are found separately, in order', () => {
    const text = ['Costs', 'Item   Qty   Price', 'A      1     2.00', 'B      2     3.00', '', 'Staff:', '| Name | Role |', '| Ann | Lead |', '| Bob | Dev |'].join('\n');
    const tables = detect(text).map(plain);
    expect(tables).toEqual([expectedTable(1, [2, 2], 3, 4), expectedTable(6, [7, 7], 8, 9)]);
  });

  it('lines with a single inner "|" are not pipe rows', () => {
    expect(detect(['Name | Role', 'Ann | Lead', 'Bob | Dev'].join('\n'))).toEqual([]);
  });

  it('number tokens', () => {
    for (const s of ['12', '1,234.50', '1.234,50', '(12.00)', '-3', '$12.50', '12.50EUR', '15%', '€9']) expect(isNumericToken(s)).toBe(true);
    for (const s of ['A1', 'Qty', '12a', '', '-', '$']) expect(isNumericToken(s)).toBe(false);
    expect(isMoneyLike('12.50')).toBe(true);
    expect(isMoneyLike('$12')).toBe(true);
    expect(isMoneyLike('2024')).toBe(false);
  });
});
