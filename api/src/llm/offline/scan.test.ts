// The offline extractor on OCR text of scans: specks blanked, damaged numbers mended, and rows
// whose numbers a scan damaged read again by their own arithmetic (quantity × price = amount),
// while a clean document that does not add up is reported, never corrected. Documents written
// here; none comes from the bench.
import { extractOffline } from '.';
import { removeSpecks } from './normalise';
import { digitSkeleton, editDistance, repairNumber } from './ocr-numbers';
import { SLIP, date, fieldsOf, list, num, obj, pick, slipText, str } from './test-fixtures';

const row = (cells: string[], widths: number[]) =>
  cells.map((c, i) => (widths[i]! < 0 ? c.padStart(-widths[i]!) : c.padEnd(widths[i]!))).join('').trimEnd();

const PARTS = list({
  part: str('What was delivered'),
  pieces: num('Number of pieces'),
  piece_price: num('Price of one piece'),
  line_value: num('Line amount'),
});
const schema = obj({ net: num('Sum of the lines before tax'), parts: PARTS });
const W = [30, -8, -12, -14];
type Part = { part: string; pieces: number; piece_price: number; line_value: number };
// the rows above the sums in the header-amount and tax tests, which check the sums, not these rows
const COMMA_PARTS = [row(['Part', 'Pieces', 'Price', 'Value'], W), row(['Hinge', '4', '12,50', '50,00'], W), row(['Latch', '2', '25,00', '50,00'], W), ''];

const STATEMENT = obj({
  opening_balance: num('Balance at the start'),
  closing_balance: num('Balance at the end'),
  entries: list({ day: date(), memo: str(), amount: num('Signed amount') }),
});
const WS = [14, 30, -12];

const TILL = obj({ vat_amount: num('Tax amount'), paid: num('Total paid') });

describe('OCR numbers', () => {
  it.each([
    ['=399°..27', '-399.27'],
    ['2:.576,94', '2.576,94'],
    ['16.298, 87.', '16.298,87'],
    ['111 57', '111.57'],
    ['12. pcs', '12 pcs'],
  ])('mends %s', (text, mended) => expect(repairNumber(text)).toBe(mended));

  it('reads the digits OCR saw, confusable letters as digits, words left out', () => {
    expect(digitSkeleton('LO. pcs')).toBe('10');
    expect(digitSkeleton('4.173 ,60')).toBe('417360');
    expect(digitSkeleton('unit')).toBe('');
    expect(editDistance('716.05'.replace('.', ''), '7605')).toBe(1);
  });

  it('blanks specks, keeping the columns where they were', () => {
    expect(removeSpecks(':     6    Hinge set         12.00')).toBe('      6    Hinge set         12.00');
    expect(removeSpecks('Bolts   4   1.50    6.00      ;')).toBe('Bolts   4   1.50    6.00       ');
    // marks inside running text are text
    expect(removeSpecks('Pages 1 - 2: total')).toBe('Pages 1 - 2: total');
  });
});

describe('a scanned table read again by its arithmetic', () => {
  const clean: Part[] = [
    { part: 'Gate hinge, galvanised', pieces: 4, piece_price: 12.5, line_value: 50 },
    { part: 'Fence post 1.8 m', pieces: 11, piece_price: 23.9, line_value: 262.9 },
    { part: 'Post cap', pieces: 12, piece_price: 1.75, line_value: 21 },
    { part: 'Wire tensioner', pieces: 6, piece_price: 4.35, line_value: 26.1 },
    { part: 'Staples 1 kg', pieces: 3, piece_price: 7.8, line_value: 23.4 },
  ];

  it('mends a lost decimal point, "11" read as letters, a doubled digit and a speck-shifted row', () => {
    const text = [
      'DELIVERY NOTE 5531',
      '',
      row(['Part', 'Pcs', 'Each', 'Value'], W),
      row(['Gate hinge, galvanised', '4', '1250', '50.00'], W), // the point of 12.50 lost
      row(['Fence post 1.8 m', 'LE', '23.90', '262.90'], W), // 11 read as letters
      `:   ${row(['Post cap', '12', '1.75', '21.00'], W)}`, // a speck at the line start shifts the row
      row(['Wire tensioner', '6', '4.35', '216.10'], W), // a stray digit
      row(['Staples 1 kg', '3', '7.80', '23.40'], W),
      '',
      row(['Net', '', '', '383.40'], W),
    ].join('\n');
    const result = extractOffline(text, schema);
    const parts = (result.data as { parts: Part[] }).parts;
    expect(parts).toEqual(clean);
    expect(result.warnings[0]).toMatch(/^parts: \d damaged numbers read again by the rows' arithmetic \(row 1 piece_price "1250" read as 12\.5/);
    expect(result.warnings.some((w) => /does not add up|add up to/.test(w))).toBe(false);
  });

  it('settles two equally near readings by the printed total', () => {
    // "35.80" could be 4 × 8.95 (price misread) or 4 × 9.95 = 39.80 (amount misread): the net decides
    const text = [
      row(['Part', 'Pcs', 'Each', 'Value'], W),
      row(['Gate hinge', '2', '1250', '25.00'], W),
      row(['Latch', '4', '9.95', '35.80'], W),
      row(['Bolt', '10', '0.40', '4.00'], W),
      row(['Hook', '5', '2.20', '11.00'], W),
      '',
      row(['Net', '', '', '79.80'], W),
    ].join('\n');
    const parts = (extractOffline(text, schema).data as { parts: Part[] }).parts;
    expect(parts[1]).toEqual({ part: 'Latch', pieces: 4, piece_price: 9.95, line_value: 39.8 });
  });

  it('keeps what a clean document prints when a row does not add up, and says so', () => {
    const text = [
      row(['Part', 'Pcs', 'Each', 'Value'], W),
      row(['Gate hinge', '2', '12.50', '25.00'], W),
      row(['Latch', '4', '9.95', '35.80'], W),
      row(['Bolt', '10', '0.40', '4.00'], W),
    ].join('\n');
    const result = extractOffline(text, schema);
    expect((result.data as { parts: Part[] }).parts[1]).toEqual({ part: 'Latch', pieces: 4, piece_price: 9.95, line_value: 35.8 });
    expect(result.warnings).toEqual(['parts: 1 row does not add up (row 2: 4 × 9.95 = 39.80, not 35.80)']);
  });

  it('leaves a damaged row alone when no reading near what OCR saw adds up', () => {
    const text = [
      row(['Part', 'Pcs', 'Each', 'Value'], W),
      row(['Gate hinge', '2', '12.50', '25.00'], W),
      row(['Latch', '4', '9,,95', '61.13'], W),
      row(['Bolt', '10', '0.40', '4.00'], W),
    ].join('\n');
    const result = extractOffline(text, schema);
    expect((result.data as { parts: Part[] }).parts[1]).toEqual({ part: 'Latch', pieces: 4, piece_price: 9.95, line_value: 61.13 });
    expect(result.warnings.some((w) => w.includes('row 2: 4 × 9.95 = 39.80, not 61.13'))).toBe(true);
  });
});

describe('totals a scan misread', () => {
  const withTotals = obj({ ...fieldsOf(schema), tax: num('Tax amount'), total: num('Total to pay') });
  const body = [
    row(['Part', 'Pcs', 'Each', 'Value'], W),
    row(['Gate hinge', '2', '12.50', '25.00'], W),
    row(['Latch', '4', '9.95', '39.80'], W),
    row(['Bolt', '10', '0.40', '4.00'], W),
    '',
  ];

  it('takes the rows\' sum for a subtotal one digit away from it, and reads a damaged tax by total − subtotal', () => {
    const text = [...body, row(['Net', '', '', '618.80'], W), row(['Tax', '', '', '6:,88;'], W), row(['Total', '', '', '75.68'], W)].join('\n');
    const result = extractOffline(text, withTotals);
    expect(result.data).toMatchObject({ net: 68.8, tax: 6.88, total: 75.68 });
    expect(result.found.filter((f) => f.via === 'arithmetic').map((f) => f.path).sort()).toEqual(['net', 'tax']);
  });

  it('takes the rows\' sum for a subtotal two digits away from it when total − tax says the same, and only then', () => {
    const text = (net: string, total: string) => [...body, row(['Net', '', '', net], W), row(['Tax', '', '', '6.88'], W), row(['Total', '', '', total], W)].join('\n');
    // "68.80" read as "618.580": two digits more
    const both = extractOffline(text('618.580', '75.68'), withTotals);
    expect(both.data).toMatchObject({ net: 68.8, tax: 6.88, total: 75.68 });
    expect(both.found.find((f) => f.path === 'net')?.via).toBe('arithmetic');
    // only the rows say 68.80 (the total does not agree): two digits away is too far
    const rowsOnly = extractOffline(text('618.580', '95.68'), withTotals);
    expect((rowsOnly.data as { net?: number }).net).not.toBe(68.8);
  });

  it('reads a tax whose amount OCR broke with a colon and a mark for its currency ("©6: 88") by total − subtotal', () => {
    const text = [...body, row(['Net', '', '', '68.80'], W), row(['Tax', '', '', '©6: 88'], W), row(['Total', '', '', '75.68'], W)].join('\n');
    const result = extractOffline(text, withTotals);
    expect(result.data).toMatchObject({ net: 68.8, tax: 6.88, total: 75.68 });
    expect(result.found.find((f) => f.path === 'tax')?.via).toBe('arithmetic');
  });
});

describe('payment shown, not named', () => {
  it('a masked card number is a card payment, and its asterisks are not bold markup', () => {
    const receipt = obj({ paid_with: { type: 'string', enum: ['cash', 'card', 'voucher'] }, total: num() });
    const text = ['CORNER DELI', 'Total:  18.40', '', 'MC ****4410   18.40'].join('\n');
    expect(extractOffline(text, receipt).data).toEqual({ paid_with: 'card', total: 18.4 });
    // nothing shown, nothing guessed
    expect(extractOffline('CORNER DELI\nTotal:  18.40', receipt).data).toEqual({ total: 18.4 });
  });
});

describe('receipt item lines a scan damaged', () => {
  const receipt = obj({ subtotal: num(), total: num(), items: list({ name: str(), total: num() }) });
  const text = (a: string, b: string) =>
    ['HARBOUR KIOSK', 'Ticket: 7781', '', 'Flat white                    4.20', `Rye loaf                      ${a}`, 'Oat bar                       2.35', `Orange juice                  ${b}`, 'Sea salt crisps               1.80', '', 'Sub-total                    18.45', 'VAT                           1.48', 'To pay                       19.93'].join('\n');

  it('keeps an item whose amount is unreadable in the run, and reads it by what the items must add up to', () => {
    const result = extractOffline(text('F-15', '2:95'), receipt);
    const items = (result.data as { items: { name: string; total: number }[] }).items;
    expect(items.map((i) => i.name)).toEqual(['Flat white', 'Rye loaf', 'Oat bar', 'Orange juice', 'Sea salt crisps']);
    // 4.20 + 2.35 + 1.80 + 2.95 (its digits) = 11.30; the smallest printed total above it, 18.45,
    // leaves 7.15 for "F-15" (a 7 read as F: "715" is one edit from "15")
    expect(items.map((i) => i.total)).toEqual([4.2, 7.15, 2.35, 2.95, 1.8]);
    expect(result.warnings.join(' ')).toMatch(/"F-15" read as 7\.15; row 4 total "2:95" read as 2\.95/);
  });

  it('leaves the amount unread when what the subtotal leaves is far from what OCR saw, and tries no larger total', () => {
    const result = extractOffline(text('F-88', '2:95'), receipt);
    const items = (result.data as { items: { name: string; total?: number | null }[] }).items;
    expect(items).toHaveLength(5);
    // the subtotal leaves 7.15 ("715" is three edits from "88"); the total with its VAT would
    // take "F-88" as 8.63 and contradict the subtotal: neither is read
    expect(items[1]!.total ?? null).toBeNull();
    expect(result.warnings.join(' ')).not.toMatch(/"F-88" read as/);
  });
});

describe('a statement read again by its balances', () => {
  const text = (damaged: string) =>
    [
      'Opening balance:   500.00',
      '',
      row(['Day', 'Memo', 'Amount'], WS),
      row(['2025-03-01', 'Salary', '1,200.00'], WS),
      row(['2025-03-02', 'Bakery', '-12.40'], WS),
      row(['2025-03-03', 'Rent', damaged], WS),
      row(['2025-03-05', 'Refund', '20.00'], WS),
      '',
      'Closing balance:   1,107.60',
    ].join('\n');

  it('takes the reading of a damaged amount that makes opening + rows = closing', () => {
    const result = extractOffline(text('-6O0;.00'), STATEMENT);
    expect((result.data as { entries: { amount: number }[] }).entries.map((e) => e.amount)).toEqual([1200, -12.4, -600, 20]);
    expect(result.warnings).toContain('entries: 1 damaged amount read again by opening + rows = closing (row 3 "-6O0;.00" read as -600)');
  });

  it('reads a damaged amount no reading mends as what the balances leave, when its digits are near', () => {
    // "-6?0" with a digit misread: -600.00 is one edit from "-6900" once the stray mark is gone
    const result = extractOffline(text('-69+0:.00'), STATEMENT);
    expect((result.data as { entries: { amount: number }[] }).entries.map((e) => e.amount)).toEqual([1200, -12.4, -600, 20]);
    expect(result.warnings).toContain('entries: 1 damaged amount read again by opening + rows = closing (row 3 "-69+0:.00" read as -600)');
    // too far from what OCR saw: left unread, and the sum check says so
    const far = extractOffline(text('-45+1:.77'), STATEMENT);
    expect((far.data as { entries: { amount: number | null }[] }).entries.map((e) => e.amount)).not.toContain(-600);
  });

  it('leaves a clean statement that does not balance as it is', () => {
    const result = extractOffline(text('-700.00'), STATEMENT);
    expect((result.data as { entries: { amount: number }[] }).entries.map((e) => e.amount)).toEqual([1200, -12.4, -700, 20]);
  });
});

describe('a scan\'s header amounts and marks', () => {
  const bill = obj({
    net_sum: num('Sum before VAT'),
    vat_sum: num('VAT amount'),
    to_pay: num('Gross amount payable'),
    currency: str('ISO 4217 currency code'),
    parts: PARTS,
  });

  it('reads the amount beside "VAT: 19 %" when OCR put a colon after the label', () => {
    const text = [...COMMA_PARTS, 'Sum before VAT (DKK)      100,00', 'VAT: 19 %                  19,00'].join('\n');
    expect(extractOffline(text, bill).data).toMatchObject({ net_sum: 100, vat_sum: 19 });
  });

  it('finds the total on a line whose label OCR damaged, by sum + VAT', () => {
    // (no rows: the sum and the VAT alone say what the total is)
    const { parts: _rows, ...sums } = fieldsOf(bill);
    const text = ['Sum before VAT (DKK)      100,00', 'VAT 19 %                   19,00', 'Gr0s$ pa/ab1e (DKK)       119,00'].join('\n');
    const result = extractOffline(text, obj(sums));
    expect(result.data).toMatchObject({ net_sum: 100, vat_sum: 19, to_pay: 119 });
    expect(result.found.find((f) => f.path === 'to_pay')).toMatchObject({ line: 3, via: 'arithmetic' });
  });

  it('takes the currency the document writes out over a symbol OCR made of a digit', () => {
    const text = [row(['Part', 'Pieces', 'Price', 'Value'], W), row(['Hinge', '£4', '12,50', '50,00'], W), row(['Latch', '2', '25,00', '50,00'], W), '', 'Sum before VAT (DKK)      100,00'].join('\n');
    expect(extractOffline(text, bill).data).toMatchObject({ currency: 'DKK' });
  });

  it('drops a speck before a description', () => {
    const text = [row(['Part', 'Pieces', 'Price', 'Value'], W), row(['_ Hinge', '4', '12,50', '50,00'], W), row(['Latch', '2', '25,00', '50,00'], W)].join('\n');
    expect((extractOffline(text, bill).data as { parts: Part[] }).parts[0]).toMatchObject({ part: 'Hinge' });
  });
});

describe('an identifier a scan damaged', () => {
  const slip = pick(SLIP, 'ticket_number', 'total');
  it.each([
    ['Stub 40417 ;', '40417'],
    ['Stub 40417|', '40417'],
    ['Stub 4O417', '40417'],
    ['Stub:. 40417', '40417'],
  ])('reads "%s" as %s', (line, want) => {
    expect(extractOffline(slipText(line), slip).data).toMatchObject({ ticket_number: want });
  });
});

describe('a tax whose label a scan damaged, found by its rate', () => {
  const till = obj({ ...fieldsOf(TILL), parts: PARTS });

  it('reads the amount that is the rate of the total, tax included', () => {
    const result = extractOffline([...COMMA_PARTS, 'Total paid           100,00', '-oanel, Vl\\T. 25%          20,00'].join('\n'), till);
    expect(result.data).toMatchObject({ vat_amount: 20, paid: 100 });
    expect(result.found.find((f) => f.path === 'vat_amount')?.via).toBe('arithmetic');
  });

  it('takes no amount that is not the rate of either', () => {
    expect(extractOffline([...COMMA_PARTS, 'Total paid           100,00', '-oanel, Vl\\T. 25%          21,00'].join('\n'), till).data).not.toHaveProperty('vat_amount');
  });
});

describe('a balance a scan damaged, from the other balance and the rows', () => {
  const text = (opening: string, closing: string) =>
    [`Opening balance:   ${opening}`, '', row(['Day', 'Memo', 'Amount'], WS), row(['2025-03-01', 'Salary', '1 200,00'], WS), row(['2025-03-02', 'Bakery', '-12,40'], WS), '', `Closing balance:   ${closing}`].join('\n');

  it('reads "1. 000,00" as the opening balance that closing − rows says it is', () => {
    const result = extractOffline(text('1. 000,00', '2 187,60'), STATEMENT);
    expect(result.data).toMatchObject({ opening_balance: 1000, closing_balance: 2187.6 });
  });

  it('never changes a balance the document prints cleanly', () => {
    expect(extractOffline(text('1 010,00', '2 187,60'), STATEMENT).data).toMatchObject({ opening_balance: 1010, closing_balance: 2187.6 });
  });
});

describe('a total a scan misread, from the tax included and its rate', () => {
  it('reads "132570" as 132.70 when the VAT at 25 % included is 26.54', () => {
    const result = extractOffline(['Total paid                 132570', 'incl. VAT 25%               26,54'].join('\n'), TILL);
    expect(result.data).toMatchObject({ paid: 132.7, vat_amount: 26.54 });
  });

  it('keeps a total no reading one digit away agrees with', () => {
    expect(extractOffline(['Total paid                 140,00', 'incl. VAT 25%               26,54'].join('\n'), TILL).data).toMatchObject({ paid: 140 });
  });
});

