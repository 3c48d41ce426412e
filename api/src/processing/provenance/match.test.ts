// The provenance matcher on hand-made sources: each match kind, not found, table cells,
// values spanning two lines, repeated values, document-wide fallback.
import { SourceIndex, computeProvenance, leaves } from './match';
import { numberTokenRanges, wholeNumber } from './number-match';
import { dateReadings, findDates, numberReadings, numericDates } from './readings';
import { SourceText } from './source-text';

/** 20 000 strings of `min` to `max` characters of the alphabet, the same for the same seed (a linear congruential generator). */
function randomStrings(alphabet: string[], seed: number, min: number, max: number): string[] {
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out: string[] = [];
  for (let k = 0; k < 20_000; k++) {
    let text = '';
    for (let i = min + Math.floor(random() * (max - min + 1)); i > 0; i--) text += alphabet[Math.floor(random() * alphabet.length)];
    out.push(text);
  }
  return out;
}

const chunk = (text: string, startLine = 10) => SourceIndex.ofChunk(text, startLine, (n) => (n < 12 ? 1 : 2));
const one = (text: string, value: unknown, startLine = 10) => computeProvenance({ chunkId: 'c1', extractedData: { v: value }, chunk: chunk(text, startLine) }).values[0]!;

describe('numberReadings', () => {
  it('reads both conventions', () => {
    expect(numberReadings('1,234.50')).toEqual(['1234.5']);
    expect(numberReadings('1.234,50')).toEqual(['1234.5']);
    expect(numberReadings('1234.5')).toEqual(['1234.5']);
    expect(numberReadings('1 234,50')).toEqual(['1234.5']);
    expect(numberReadings('1,234').sort()).toEqual(['1.234', '1234']);
    expect(numberReadings('(12.50)')).toEqual(['12.5']);
    expect(numberReadings('abc')).toEqual([]);
  });
});

describe('dateReadings', () => {
  it('reads ISO, US, European and written dates to calendar days', () => {
    expect(dateReadings('2024-03-05')).toEqual(['2024-03-05']);
    expect(dateReadings('03/05/2024').sort()).toEqual(['2024-03-05', '2024-05-03']);
    expect(dateReadings('15.03.2024')).toEqual(['2024-03-15']);
    expect(dateReadings('5 March 2024')).toEqual(['2024-03-05']);
    expect(dateReadings('March 5, 2024')).toEqual(['2024-03-05']);
    expect(dateReadings('not a date')).toEqual([]);
  });

  it('reads a year-month-day value by its characters as the date patterns do', () => {
    // the shortcut for ten characters, against the patterns it stands for
    const byPatterns = (v: string) => [...new Set(findDates(v).filter((d) => d.start === 0 && d.end === v.length).flatMap((d) => d.days))];
    for (const v of ['2024-03-05', '2024/03/05', '2024.03.05', '2024-03/05', '2024-02-29', '2023-02-29', '2024-13-05', '2024-04-31', '0999-01-01', '2024-00-10', '2024-03-00', '2024-3-5', '2024-03-5x', '20240-3-05', '12-03-2024']) {
      expect([v, dateReadings(v)]).toEqual([v, byPatterns(v)]);
    }
    expect(dateReadings('2024-02-29')).toEqual(['2024-02-29']);
    expect(dateReadings('2023-02-29')).toEqual([]);
    expect(dateReadings(' 2024/03/05 ')).toEqual(['2024-03-05']);
  });
});

describe('dates written in digits', () => {
  // what numericDates reads by char code: the two patterns it replaced, match for match (days as
  // the patterns' readings give them: valid, distinct, in reading order)
  const PATTERNS: [RegExp, (m: RegExpExecArray) => number[][]][] = [
    [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g, (m) => [[+m[1]!, +m[2]!, +m[3]!]]],
    [/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/g, (m) => { const y = m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!; return [[y, +m[1]!, +m[2]!], [y, +m[2]!, +m[1]!]]; }],
  ];
  const valid = ([y, m, d]: number[]) => {
    const t = new Date(Date.UTC(y!, m! - 1, d!));
    return y! >= 1000 && y! <= 9999 && t.getUTCMonth() === m! - 1 && t.getUTCDate() === d! ? t.toISOString().slice(0, 10) : null;
  };
  const byRegex = (text: string) =>
    PATTERNS.flatMap(([re, read]) =>
      [...text.matchAll(re)].flatMap((m) => {
        const days = [...new Set(read(m as RegExpExecArray).map(valid).filter((d) => d !== null))];
        return days.length ? [{ start: m.index!, end: m.index! + m[0].length, days }] : [];
      }),
    );

  it('reads the dates the patterns match, on written cases', () => {
    for (const text of ['2024-01-05', 'Due 2024/1/5, paid 05.01.2024', '3-5-24 and 12/31/99', '2024-02-29 2023-02-29 2024-13-05 2024-04-31', '12024-01-05', '2024-01-055', '2024-01-05x', '2024-01-05_', 'a2024-01-05', '_01/02/2024', '01/02/20245', '01/02/202', '1/2/3', '001/02/2024', '2024-01-05-07', '2024-1-5/2024-2-6', '0999-01-01', '99-01-01', '']) {
      expect([text, numericDates(text)]).toEqual([text, byRegex(text)]);
    }
  });

  it('reads the dates the patterns match, on 20 000 random strings of digits, separators and letters', () => {
    for (const text of randomStrings(['0', '1', '2', '3', '9', '-', '/', '.', ' ', 'a', '_', '\n', 'é'], 7, 4, 19)) {
      expect([text, numericDates(text)]).toEqual([text, byRegex(text)]);
    }
  });
});

describe('number tokens', () => {
  // what the tokenizer reads by char code: the regex it replaced, match for match
  const NUMBER_TOKEN = /\(?[-+]?\d[\d.,'’\u00a0]*\d\)?|\d/g;
  const byRegex = (text: string) => [...text.matchAll(NUMBER_TOKEN)].map((m) => [m.index!, m.index! + m[0].length]);
  const byCode = (text: string) => {
    const out: number[][] = [];
    numberTokenRanges(text, (start, end) => out.push([start, end]));
    return out;
  };

  it('reads the tokens the regex matches, on written cases', () => {
    for (const text of ['Total (1,234.50) EUR', '-12.5 and +3', '1 234\u00a0567,89', "1'000'000", '2024-01-05', '(5', '5)', '((5))', '5.', '.5', '-(5)', '1.2.3.4', '12’345', 'a1b22c', '']) {
      expect([text, byCode(text)]).toEqual([text, byRegex(text)]);
    }
  });

  it('a token of digits alone (with a sign or parentheses) reads as numberReadings reads it', () => {
    let whole = 0;
    for (const text of ['0', '007', '2024', '-02', '+3', '(55)', '(-55)', '(55', '-12.5', '1,234', '123456789012345', '1234567890123456', '(12.50)', '1 234']) {
      for (const [start, end] of byCode(text)) {
        const token = text.slice(start!, end);
        const n = wholeNumber(text, start!, end!);
        if (n !== -1) whole++;
        expect([token, n === -1 ? 'not whole' : [String(n)]]).toEqual([token, /^\(?[-+]?\d{1,15}\)?$/.test(token) ? numberReadings(token) : 'not whole']);
      }
    }
    expect(whole).toBe(11); // the two of "1 234" count, the 16 digits and the separated ones do not
  });

  it('reads the tokens the regex matches, on 20 000 random strings of digits, separators, signs and letters', () => {
    for (const text of randomStrings(['0', '1', '5', '9', '.', ',', "'", '’', '\u00a0', '(', ')', '-', '+', ' ', 'a', '/', '\n', 'é'], 11, 1, 14)) {
      expect([text, byCode(text)]).toEqual([text, byRegex(text)]);
    }
  });
});

describe('leaves', () => {
  it('walks nested objects and arrays with JSON paths, skipping null, booleans and empty strings', () => {
    expect(leaves({ v: '\u00a0\n', w: '\tx ', x: '', y: '\u2003y' }).map((l) => l.path)).toEqual(['$.w', '$.y']); // only whitespace (Unicode too) is skipped
    expect(leaves({ 'g h': 2, a: { b: [1, { c: 'x' }] }, d: null, e: true, f: ' ' })).toEqual([
      { path: '$.a.b[0]', value: 1 },
      { path: '$.a.b[1].c', value: 'x' },
      { path: '$["g h"]', value: 2 },
    ]);
  });

  it('pairs each value with its key when keys are sorted: integer-like keys (listed first by JavaScript), rows with other keys or another order', () => {
    expect(leaves({ b: 1, 10: 'ten', 9: 'nine', a: 'z' })).toEqual([
      { path: '$["10"]', value: 'ten' },
      { path: '$["9"]', value: 'nine' },
      { path: '$.a', value: 'z' },
      { path: '$.b', value: 1 },
    ]);
    expect(leaves({ rows: [{ q: 1, p: 2 }, { p: 3, q: 4 }, { p: 5, q: 6, r: { q: 7, p: 8 } }, { q: 9, p: 10 }] }).map((l) => `${l.path}=${l.value}`)).toEqual([
      '$.rows[0].p=2', '$.rows[0].q=1', '$.rows[1].p=3', '$.rows[1].q=4', '$.rows[2].p=5', '$.rows[2].q=6', '$.rows[2].r.p=8', '$.rows[2].r.q=7', '$.rows[3].p=10', '$.rows[3].q=9',
    ]);
  });
});

describe('computeProvenance', () => {
  const text = ['Invoice Number: INV-1001', 'Total Amount: 1.234,50 EUR', 'Invoice Date: 03/15/2024', 'Vendor: Northwind  Trading', 'Thank you.'].join('\n');

  it('exact: line range and page of the first line', () => {
    expect(one(text, 'INV-1001')).toMatchObject({ status: 'found', match: 'exact', in_chunk: true, chunk_id: 'c1', start_line: 10, end_line: 10, page: 1, occurrences: 1 });
  });

  it('normalised number: 1234.5 and "1,234.50" match 1.234,50', () => {
    expect(one(text, 1234.5)).toMatchObject({ match: 'number', start_line: 11, end_line: 11 });
    expect(one(text, '1,234.50')).toMatchObject({ match: 'number', start_line: 11 });
    expect(one(text, '€1,234.50')).toMatchObject({ match: 'number', start_line: 11 });
  });

  it('normalised date: ISO and written forms match a US date', () => {
    expect(one(text, '2024-03-15')).toMatchObject({ match: 'date', start_line: 12, end_line: 12, page: 2 });
    expect(one(text, 'March 15, 2024')).toMatchObject({ match: 'date', start_line: 12 });
    expect(one(text, '15.03.2024')).toMatchObject({ match: 'date', start_line: 12 });
  });

  it('case and whitespace', () => {
    expect(one(text, 'NORTHWIND trading')).toMatchObject({ match: 'case_whitespace', start_line: 13, end_line: 13 });
  });

  it('not found anywhere: not_in_document, no lines', () => {
    expect(one(text, 'Globex Corporation')).toEqual({ path: '$.v', value: 'Globex Corporation', status: 'not_in_document', match: null, in_chunk: null, chunk_id: null, start_line: null, end_line: null, page: null, occurrences: 0 });
    expect(one(text, 999.99)).toMatchObject({ status: 'not_in_document' });
    // part of a longer number is not the number
    expect(one('Order 12345', 234)).toMatchObject({ status: 'not_in_document' });
  });

  it('a month or day of a date written in digits is not a number; a four-digit year still is', () => {
    // 5 is the day of 2024-01-05 and of 01/05/2024 before it is the 5.00 of the next line
    expect(one('Delivery 2024-01-05\nQty 5.00', 5)).toMatchObject({ match: 'number', start_line: 11, occurrences: 1 });
    expect(one('Shipped 01/05/2024 (3-5-24)\nQty 5.00', 5)).toMatchObject({ match: 'number', start_line: 11, occurrences: 1 });
    expect(one('Delivery 2024-01-05', 1)).toMatchObject({ status: 'not_in_document' });
    expect(one('Delivery 2024-01-05', 2024)).toMatchObject({ match: 'exact', start_line: 10 });
    // not a valid date (month 13), a part number, a range: their numbers are numbers
    expect(one('Delivery 2024-13-05', 5)).toMatchObject({ match: 'number', start_line: 10 });
    expect(one('Part PN-00123 and sizes 10-20', 20)).toMatchObject({ match: 'number', start_line: 10 });
    // in a table: the quantity's count leaves the dates out
    const lines = ['Item | Qty | Delivery', 'Bolt | 1.00 | 2024-01-01', 'Nut | 3.00 | 2024-03-01'];
    const p = computeProvenance({ chunkId: 't', extractedData: { items: [{ item: 'Bolt', qty: 1 }, { item: 'Nut', qty: 3 }] }, chunk: SourceIndex.ofChunk(lines.join('\n'), 1) });
    expect(p.values.filter((v) => v.path.endsWith('qty')).map((v) => [v.start_line, v.match, v.occurrences])).toEqual([[2, 'number', 1], [3, 'number', 1]]);
    // the dates of the whole chunk are read at once: each date part is still judged by its own date,
    // on any line (the 3s and 01s of both dates are theirs, the two 3s of a part number are numbers)
    const many = ['Bolt 2024-01-03', 'PN 3-3', 'Nut 01/03/2024', 'Qty 3.00'];
    const q = computeProvenance({ chunkId: 't', extractedData: { v: 3, w: 1 }, chunk: SourceIndex.ofChunk(many.join('\n'), 1) });
    expect(q.values.map((v) => [v.path, v.start_line, v.match, v.occurrences])).toEqual([['$.v', 2, 'exact', 2], ['$.w', null, null, 0]]);
  });

  it('a value spanning two lines covers both', () => {
    expect(one('Ship to: Acme Industrial\nSupplies Ltd\nEnd', 'Acme Industrial Supplies Ltd')).toMatchObject({ match: 'exact', start_line: 10, end_line: 11 });
  });

  it('a value present several times: the first occurrence, with the count', () => {
    expect(one('a\nTotal 50.00\nb\nTotal 50.00', 50)).toMatchObject({ match: 'number', start_line: 11, occurrences: 2 });
    // the strongest kind wins over an earlier weaker one
    expect(one('ACME\nAcme', 'Acme')).toMatchObject({ match: 'exact', start_line: 11, occurrences: 1 });
  });

  it('table cells: every cell of every row with its own line', () => {
    const rows = Array.from({ length: 5 }, (_, i) => `Widget ${i + 1} | ${i + 2} | ${(i + 1) * 10}.00`);
    const p = computeProvenance({
      chunkId: 't',
      extractedData: { items: rows.map((_, i) => ({ item: `Widget ${i + 1}`, qty: i + 2, price: (i + 1) * 10 })) },
      chunk: SourceIndex.ofChunk(['Item | Qty | Price', ...rows].join('\n'), 40),
    });
    expect(p.summary).toEqual({ total: 15, found: 15, not_in_document: 0 });
    expect(p.values.find((v) => v.path === '$.items[3].item')).toMatchObject({ start_line: 44, match: 'exact' });
    expect(p.values.find((v) => v.path === '$.items[3].price')).toMatchObject({ start_line: 44, match: 'number' });
  });

  it('table cells take the occurrence on their own row, anchored by the row\'s most specific cell', () => {
    const lines = ['Item | Qty | Price', 'Bolt M4 | 2 | 0.50', 'Nut M4 | 3 | 2.00', 'Washer | 2 | 0.10'];
    const p = computeProvenance({ chunkId: 't', extractedData: { items: [{ item: 'Bolt M4', qty: 2 }, { item: 'Nut M4', qty: 3 }, { item: 'Washer', qty: 2 }] }, chunk: SourceIndex.ofChunk(lines.join('\n'), 1) });
    expect(p.values.find((v) => v.path === '$.items[2].qty')).toMatchObject({ start_line: 4, occurrences: 2, match: 'exact' });
    expect(p.values.find((v) => v.path === '$.items[0].qty')).toMatchObject({ start_line: 2 });
    // outside a table the first occurrence wins
    expect(computeProvenance({ chunkId: 't', extractedData: { qty: 2 }, chunk: SourceIndex.ofChunk(lines.join('\n'), 1) }).values[0]).toMatchObject({ start_line: 2 });
  });

  it('table cells land on their own row when other rows\' descriptions contain their numbers', () => {
    // "Component 117" holds the amount of row 2 (printed 117.00) and "Component 20" that of row 1
    // (20.00): an exact "117" elsewhere must not pull row 2's amount, nor its row, off its line
    const rows = [
      { item: 'Component 117', qty: 1, unit_price: 20, amount: 20 },
      { item: 'Component 20', qty: 3, unit_price: 39, amount: 117 },
      { item: 'Gear 3', qty: 2, unit_price: 1.5, amount: 3 },
      { item: 'Shaft 2 x 39', qty: 4, unit_price: 0.5, amount: 2 },
    ];
    const lines = ['Item | Qty | Unit price | Amount', ...rows.map((r) => `${r.item} | ${r.qty} | ${r.unit_price.toFixed(2)} | ${r.amount.toFixed(2)}`)];
    const p = computeProvenance({ chunkId: 't', extractedData: { items: rows }, chunk: SourceIndex.ofChunk(lines.join('\n'), 1) });
    expect(p.summary).toEqual({ total: 16, found: 16, not_in_document: 0 });
    for (const v of p.values) expect([v.path, v.start_line]).toEqual([v.path, Number(/^\$\.items\[(\d+)\]/.exec(v.path)![1]) + 2]);
    // the number on its row, with the count of its number matches; an exact one on the row stays exact
    expect(p.values.find((v) => v.path === '$.items[1].amount')).toMatchObject({ match: 'number', occurrences: 2 });
    expect(p.values.find((v) => v.path === '$.items[1].qty')).toMatchObject({ match: 'exact' });
    // the same value outside a table: the strongest kind, first occurrence
    expect(computeProvenance({ chunkId: 't', extractedData: { amount: 117 }, chunk: SourceIndex.ofChunk(lines.join('\n'), 1) }).values[0]).toMatchObject({ match: 'exact', start_line: 2 });
  });

  it('a row goes where most of its cells are, not where its rarest cell is', () => {
    // the item is written once, on a note line, and on its row with other case; qty and price agree on line 3
    const lines = ['Note: ACME-7 back-ordered', 'Item | Qty | Price', 'acme-7 | 5 | 12.40', 'Other | 5 | 12.40'];
    const p = computeProvenance({ chunkId: 't', extractedData: { items: [{ item: 'ACME-7', qty: 5, price: 12.4 }, { item: 'Other', qty: 5, price: 12.4 }] }, chunk: SourceIndex.ofChunk(lines.join('\n'), 1) });
    expect(p.values.map((v) => [v.path, v.start_line, v.match])).toEqual([
      ['$.items[0].item', 3, 'case_whitespace'],
      ['$.items[0].price', 3, 'number'],
      ['$.items[0].qty', 3, 'exact'],
      ['$.items[1].item', 4, 'exact'],
      ['$.items[1].price', 4, 'number'],
      ['$.items[1].qty', 4, 'exact'],
    ]);
  });

  it('falls back to the whole document, marked as outside the chunk', () => {
    const doc = new SourceIndex([{ number: 1, page: 1, text: 'Customer: Initech' }, { number: 2, page: 1, text: 'x' }]);
    const p = computeProvenance({ chunkId: 'c', extractedData: { customer: 'Initech' }, chunk: chunk('nothing here'), document: () => doc });
    expect(p.values[0]).toMatchObject({ status: 'found', in_chunk: false, chunk_id: null, start_line: 1, end_line: 1, page: 1 });
  });
});

describe('the index on edge cases of its shortcuts', () => {
  it('every offset is on its own line, whether its line is searched among all lines or within its block of 32 characters', () => {
    // empty lines, one-character lines, lines longer than a block, several lines in one block
    const texts = ['', 'a', '', 'x'.repeat(70), 'bc', '', '', 'd', 'y'.repeat(31), 'z'.repeat(32), 'e', ''];
    const source = new SourceText(texts.map((text, i) => ({ number: 5 + i, text })));
    const expected: number[] = [];
    texts.forEach((t, i) => expected.push(...Array<number>(t.length + 1).fill(5 + i))); // each line's characters and the space after it
    expected.pop(); // no space after the last line
    const offsets = expected.map((_, off) => off);
    const bySearch = offsets.map((off) => source.firstLine({ start: off, end: off + 1 }).number);
    const byBlock = source.lineNumbersOf(offsets.map((off) => ({ start: off, end: off + 1 }))); // builds the blocks
    const afterBlocks = offsets.map((off) => source.firstLine({ start: off, end: off + 1 }).number);
    expect(source.flat.length).toBe(expected.length);
    expect([bySearch, byBlock, afterBlocks]).toEqual([expected, expected, expected]);
  });

  it('numbers are looked up by their digits: zeros, separators, long and exponent forms', () => {
    expect(one('Price 6.50', 6.5)).toMatchObject({ match: 'number', start_line: 10 });
    expect(one('Rate 0,065 per unit', 0.065)).toMatchObject({ match: 'number', start_line: 10 });
    expect(one('Total 0.00', 0)).toMatchObject({ match: 'number', start_line: 10 });
    expect(one('Count 100\nCount 1', 1)).toMatchObject({ match: 'exact', start_line: 11, occurrences: 1 });
    // String(1e-7) is "1e-7": another digit key than the token's
    expect(one('Tolerance 0.0000001 mm', 1e-7)).toMatchObject({ match: 'number', start_line: 10 });
    // more than 15 digits: no exact digit key, still read
    expect(one('Serial 1234567890123456789', 1234567890123456800)).toMatchObject({ match: 'number', start_line: 10 });
    expect(one('Serial 1234567890123456789', 1234567890123456)).toMatchObject({ status: 'not_in_document' });
  });

  it('an ASCII source and a non-ASCII one give the same words and the same lower-cased text', () => {
    expect(one('Straße 5\nTOTAL  DUE 7', 'total due 7')).toMatchObject({ match: 'case_whitespace', start_line: 11 });
    // a non-ASCII space is whitespace too
    expect(one('Straße 5\nTOTAL\u2003 DUE 7', 'total due 7')).toMatchObject({ match: 'case_whitespace', start_line: 11 });
    expect(one('Road 5\nTOTAL  DUE 7', 'total due 7')).toMatchObject({ match: 'case_whitespace', start_line: 11 });
    expect(one('Müller GmbH\nMüllerstraße 3', 'Müller')).toMatchObject({ match: 'exact', start_line: 10, occurrences: 1 });
  });

  it('an ASCII source is matched around one word of the value, a space of the value standing for a run of whitespace; scanned or indexed alike', () => {
    // searched for a few values the source is scanned; from the 13th search, through its word index
    const indexed = (text: string, value: string) => {
      const index = chunk(text);
      for (let i = 0; i < 13; i++) index.exact(`warm up ${i}`);
      return computeProvenance({ chunkId: 'c1', extractedData: { v: value }, chunk: index }).values[0]!;
    };
    const cases: [string, string, object][] = [
      // matched forward over a tab run and backward over a run of spaces around "total" (the rarest word)
      ['Amount   TOTAL\t\tDue 7\nAmount paid\nAmount due', 'amount total due', { match: 'case_whitespace', start_line: 10, end_line: 10, occurrences: 1 }],
      // the run may be a line break; a word continuing on either side is no match
      ['Net\n  AMOUNT x\nGross amount', 'net amount', { match: 'case_whitespace', start_line: 10, end_line: 11 }],
      ['SubNet amount\nNet amountx', 'net amount', { status: 'not_in_document' }],
      ['Subtotal due\nTOTAL  due', 'total due', { match: 'case_whitespace', start_line: 11, occurrences: 1 }],
      // exact: case kept (looked up by "a", its rarest word, not by its first)
      ['Part A-7 x\nPART A-7\nPart B-7', 'PART A-7', { match: 'exact', start_line: 11, occurrences: 1 }],
      // a value with a character an ASCII source cannot hold is not exact, nor the same in other case
      ['Strasse 5', 'Straße 5', { status: 'not_in_document' }],
    ];
    for (const [text, value, expected] of cases) {
      expect(one(text, value)).toMatchObject(expected);
      expect(indexed(text, value)).toEqual(one(text, value));
    }
  });

  it('a table searched through its word index: a cell written as the value is exact, other case and spacing case/whitespace, each counted on its own', () => {
    const lines = ['Item | Qty', 'Bolt MX | 2', 'BOLT MX | 3', 'bolt  Mx | 4', 'Nut | 5', 'Washer | 6', 'Pin | 7', 'Clip | 8', 'Nut | 9'];
    const items = [{ item: 'Bolt MX', qty: 2 }, { item: 'Bolt MX', qty: 3 }, { item: 'Bolt MX', qty: 4 }, { item: 'Nut', qty: 5 }, { item: 'Washer', qty: 6 }, { item: 'Pin', qty: 7 }, { item: 'Clip', qty: 8 }, { item: ' Nut', qty: 9 }];
    const p = computeProvenance({ chunkId: 't', extractedData: { items }, chunk: SourceIndex.ofChunk(lines.join('\n'), 1) });
    const at = (row: number) => p.values.find((v) => v.path === `$.items[${row}].item`)!;
    expect([0, 1, 2].map((r) => [at(r).match, at(r).start_line, at(r).occurrences])).toEqual([
      ['exact', 2, 1],
      ['case_whitespace', 3, 3],
      ['case_whitespace', 4, 3],
    ]);
    // a leading space matches the line break before "Nut": that match starts on the line before, so
    // the cell on its row (line 9) is the case/whitespace one
    expect(at(7)).toMatchObject({ match: 'case_whitespace', start_line: 9, occurrences: 2 });
  });

  // item names with digits write numbers equal to other rows' amounts ("Component 117" and an amount 117.00)
  it.each([
    ['letters', (i: number) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))],
    ['numbers', (i: number) => String(i).padStart(3, '0')],
  ])('a 200-row table with items named by %s: every cell on its own row, the same whether the index is reused or not', (_, letters) => {
    const body = Array.from({ length: 200 }, (_, k) => {
      const i = k + 1;
      const qty = (i % 9) + 1;
      const price = 3.25 * ((i % 17) + 1);
      return { item: `Component ${letters(i)}`, qty, unit_price: price, amount: qty * price, delivery: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}` };
    });
    const text = ['Item   Qty   Unit price   Amount   Delivery', ...body.map((r) => [r.item, r.qty, r.unit_price.toFixed(2), r.amount.toLocaleString('en-US', { minimumFractionDigits: 2 }), r.delivery].join('   '))].join('\n');
    const index = SourceIndex.ofChunk(text, 1);
    const p = computeProvenance({ chunkId: 't', extractedData: { items: body }, chunk: index });
    expect(p.summary).toEqual({ total: 1000, found: 1000, not_in_document: 0 });
    for (const v of p.values) expect(v.start_line).toBe(Number(/^\$\.items\[(\d+)\]/.exec(v.path)![1]) + 2);
    // memoised lookups answer as fresh ones do
    expect(computeProvenance({ chunkId: 't', extractedData: { items: body }, chunk: index })).toEqual(p);
  });
});
