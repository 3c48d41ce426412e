// The export formats on hand-made records: CSV quoting and formula escaping, the record and rows
// layouts (columns unioned over files, the status column naming failed / unreviewed files,
// optional source and check columns), the JSON document, and the XLSX read back with exceljs.
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { csvCell, csvLine } from './csv';
import { fileStatus, sourceText, type ExportRecord } from './table';
import { csvExport, jsonExport, xlsxExport, type RecordSource } from './writers';
import { parseCsv } from './csv.testing';

const rec = (over: Partial<ExportRecord>): ExportRecord => ({
  fileId: 'f1',
  filename: 'a.pdf',
  extraction: 'completed',
  record: {},
  sources: {},
  checks: [],
  reviewed: false,
  reviewedAt: null,
  corrections: 0,
  ...over,
});

const A = rec({
  fileId: 'f1',
  filename: 'a.pdf',
  record: { invoice_number: 'INV-1', total: 12.5, items: [{ item: 'Bolt', qty: 2 }, { item: '=HYPERLINK("x")', qty: 1 }] },
  sources: {
    '$.invoice_number': { status: 'found', start_line: 3, end_line: 3, page: 1 },
    '$.total': { status: 'corrected', start_line: null, end_line: null, page: null },
    '$.items[0].item': { status: 'found', start_line: 7, end_line: 8, page: 2 },
    '$.items[1].item': { status: 'not_in_document', start_line: null, end_line: null, page: null },
  },
  checks: [
    { rule: 'row_count', status: 'passed', message: '2 of 2 rows' },
    { rule: 'sum_total', status: 'failed', message: 'rows sum to 2.5, total says 12.5' },
  ],
  reviewed: true,
  reviewedAt: '2026-01-02T03:04:05.000Z',
  corrections: 1,
});
const B = rec({ fileId: 'f2', filename: 'b.pdf', record: { vendor: '+Acme', invoice_number: '-7' } });
const C = rec({ fileId: 'f3', filename: 'c.pdf', extraction: 'failed' });
const source: RecordSource = async function* () {
  yield A;
  yield B;
  yield C;
};

async function text(gen: AsyncIterable<string>): Promise<string> {
  let s = '';
  for await (const part of gen) s += part;
  return s;
}


describe('csvCell', () => {
  it('escapes text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+41 22')).toBe("'+41 22");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
  it('leaves numbers, plain text and inner signs alone', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('INV-1')).toBe('INV-1');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });
  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' pad')).toBe('" pad"');
    expect(csvLine(['x', 1, null])).toBe('x,1,\r\n');
  });
});

describe('status and source words', () => {
  it('names failed, not extracted, partial, reviewed and unreviewed files', () => {
    expect(fileStatus({ extraction: 'failed', reviewed: false })).toBe('failed');
    expect(fileStatus({ extraction: 'none', reviewed: false })).toBe('not extracted');
    expect(fileStatus({ extraction: 'partial', reviewed: false })).toBe('unreviewed (partial extraction)');
    expect(fileStatus({ extraction: 'completed', reviewed: true })).toBe('reviewed');
    expect(fileStatus({ extraction: 'completed', reviewed: false })).toBe('unreviewed');
  });
  it('says where a value came from', () => {
    expect(sourceText({ status: 'found', start_line: 3, end_line: 5, page: 2 })).toBe('found: lines 3-5, page 2');
    expect(sourceText({ status: 'found', start_line: 3, end_line: 3, page: null })).toBe('found: line 3');
    expect(sourceText({ status: 'not_in_document', start_line: null, end_line: null, page: null })).toBe('not in document');
    expect(sourceText({ status: 'corrected', start_line: null, end_line: null, page: null })).toBe('corrected');
    expect(sourceText(undefined)).toBe('');
  });
});

describe('CSV export', () => {
  it('records: one line per file, fields unioned in order of first appearance, status of every file', async () => {
    const s = await text(csvExport(source, { provenance: false, checks: false }, 'records'));
    expect(s.startsWith('\ufeff')).toBe(true);
    const rows = parseCsv(s.slice(1));
    expect(rows[0]).toEqual(['file_name', 'file_id', 'status', 'extraction', 'reviewed_at', 'corrections', 'invoice_number', 'total', 'vendor']);
    expect(rows[1]).toEqual(['a.pdf', 'f1', 'reviewed', 'completed', '2026-01-02T03:04:05.000Z', '1', 'INV-1', '12.5', '']);
    expect(rows[2]).toEqual(['b.pdf', 'f2', 'unreviewed', 'completed', '', '0', "'-7", '', "'+Acme"]);
    expect(rows[3]).toEqual(['c.pdf', 'f3', 'failed', 'failed', '', '0', '', '', '']);
    expect(rows).toHaveLength(4);
  });
  it('records with provenance and check columns', async () => {
    const rows = parseCsv((await text(csvExport(source, { provenance: true, checks: true }, 'records'))).slice(1));
    expect(rows[0]).toEqual([
      'file_name', 'file_id', 'status', 'extraction', 'reviewed_at', 'corrections',
      'invoice_number', 'invoice_number source', 'total', 'total source', 'vendor', 'vendor source',
      'checks_passed', 'checks_failed', 'failed_checks',
    ]);
    expect(rows[1]!.slice(6)).toEqual(['INV-1', 'found: line 3, page 1', '12.5', 'corrected', '', '', '1', '1', 'rows sum to 2.5, total says 12.5']);
  });
  it('rows: one line per table row with the file name on each, formulas escaped', async () => {
    const rows = parseCsv((await text(csvExport(source, { provenance: true, checks: false }, 'rows'))).slice(1));
    expect(rows[0]).toEqual(['file_name', 'file_id', 'status', 'table', 'row', 'item', 'item source', 'qty', 'qty source']);
    expect(rows[1]).toEqual(['a.pdf', 'f1', 'reviewed', 'items', '1', 'Bolt', 'found: lines 7-8, page 2', '2', '']);
    expect(rows[2]).toEqual(['a.pdf', 'f1', 'reviewed', 'items', '2', `'=HYPERLINK("x")`, 'not in document', '1', '']);
    expect(rows).toHaveLength(3);
  });
});

describe('JSON export', () => {
  it('is one document with every file, its record, and sources / checks only when asked', async () => {
    const doc = JSON.parse(await text(jsonExport(source, { provenance: false, checks: true }, { kind: 'dataset', id: 'd1' })));
    expect(doc.scope).toEqual({ kind: 'dataset', id: 'd1' });
    expect(doc.files.map((f: { filename: string; status: string }) => [f.filename, f.status])).toEqual([
      ['a.pdf', 'reviewed'],
      ['b.pdf', 'unreviewed'],
      ['c.pdf', 'failed'],
    ]);
    expect(doc.files[0].record).toEqual(A.record);
    expect(doc.files[0].checks).toHaveLength(2);
    expect(doc.files[0].sources).toBeUndefined();
  });
  it('empty scope: an empty list', async () => {
    const none: RecordSource = async function* () {};
    expect(JSON.parse(await text(jsonExport(none, { provenance: false, checks: false }, {}))).files).toEqual([]);
  });
});

async function readXlsx(stream: Readable): Promise<ExcelJS.Workbook> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
  return wb;
}
const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe('XLSX export', () => {
  it('has a Records and a Rows sheet with typed cells and formulas kept as text', async () => {
    const wb = await readXlsx(xlsxExport(source, { provenance: false, checks: true }));
    const records = wb.getWorksheet('Records')!;
    const rows = wb.getWorksheet('Rows')!;
    expect(values(records, 1)).toEqual(['file_name', 'file_id', 'status', 'extraction', 'reviewed_at', 'corrections', 'invoice_number', 'total', 'vendor', 'checks_passed', 'checks_failed', 'failed_checks']);
    expect(values(records, 2).slice(0, 8)).toEqual(['a.pdf', 'f1', 'reviewed', 'completed', '2026-01-02T03:04:05.000Z', 1, 'INV-1', 12.5]);
    expect(values(records, 4).slice(0, 3)).toEqual(['c.pdf', 'f3', 'failed']);
    expect(records.rowCount).toBe(4);
    expect(values(rows, 1)).toEqual(['file_name', 'file_id', 'status', 'table', 'row', 'item', 'qty']);
    // exceljs writes strings as strings (never a formula cell), so no escaping is needed here
    expect(values(rows, 3)).toEqual(['a.pdf', 'f1', 'reviewed', 'items', 2, '=HYPERLINK("x")', 1]);
    expect(rows.getCell(3, 6).type).toBe(ExcelJS.ValueType.String);
    expect(rows.rowCount).toBe(3);
  });
});
