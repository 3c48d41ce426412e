// The three export formats, written while the records are read (so that a 500-file
// export keeps API memory flat; docs/decisions/0015-review-export-streamed-in-passes.md).
// Each writer takes a `RecordSource`: a function giving a fresh
// pass over the records, loaded in batches by the caller. JSON needs one pass; CSV and XLSX
// need a first pass to learn their columns (a header cannot be added afterwards), and XLSX a
// third one for its Rows sheet: the zip entries are written one after the other, so a second
// sheet filled during the first pass would sit in memory until the first is closed.
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { UTF8_BOM, csvLine } from './csv';
import { ColumnSet, jsonEntry, recordHeader, recordRow, rowsHeader, rowsOf, type ExportOptions, type ExportRecord } from './table';

export type RecordSource = () => AsyncIterable<ExportRecord>;
export type CsvPart = 'records' | 'rows';

async function columnsOf(source: RecordSource): Promise<ColumnSet> {
  const cols = new ColumnSet();
  for await (const r of source()) cols.add(r);
  return cols;
}

/** `{"scope": ..., "exported_at": ..., "files": [ ...one object per file... ]}` */
export async function* jsonExport(source: RecordSource, o: ExportOptions, scope: Record<string, unknown>): AsyncGenerator<string> {
  yield `{"scope":${JSON.stringify(scope)},"exported_at":${JSON.stringify(new Date().toISOString())},"options":${JSON.stringify(o)},"files":[`;
  let first = true;
  for await (const r of source()) {
    yield `${first ? '' : ','}\n${JSON.stringify(jsonEntry(r, o))}`;
    first = false;
  }
  yield '\n]}\n';
}

/** records: one line per file; rows: one line per table row, with the file name on each. */
export async function* csvExport(source: RecordSource, o: ExportOptions, part: CsvPart): AsyncGenerator<string> {
  const cols = await columnsOf(source);
  yield UTF8_BOM + csvLine(part === 'records' ? recordHeader(cols, o) : rowsHeader(cols, o));
  for await (const r of source()) {
    if (part === 'records') yield csvLine(recordRow(r, cols, o));
    else {
      let chunk = '';
      for (const row of rowsOf(r, cols, o)) chunk += csvLine(row);
      if (chunk) yield chunk;
    }
  }
}

/**
 * Waits while the reader is behind (the zip is piped into `out`, which then asks for a drain),
 * so a slow download does not make the rows pile up in memory. False once the download is gone.
 */
async function drained(out: PassThrough): Promise<boolean> {
  if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

type ExcelModule = { default: typeof import('exceljs') };
let spreadsheetWriter: Promise<ExcelModule> | undefined;

/**
 * exceljs takes from a tenth of a second to a second to load, on the thread that serves
 * requests: a test app never loads it unless it exports a spreadsheet, and the server loads it
 * before it listens (main.ts) so that no request waits behind the first export's load. It is
 * CommonJS: its namespace arrives as the default export.
 */
export const loadSpreadsheetWriter = (): Promise<ExcelModule> => (spreadsheetWriter ??= import('exceljs') as unknown as Promise<ExcelModule>);

/** Sheets "Records" (one row per file) and "Rows" (table rows), header rows bold and frozen. */
export function xlsxExport(source: RecordSource, o: ExportOptions): Readable {
  const out = new PassThrough();
  const write = async () => {
    const { default: ExcelJS } = await loadSpreadsheetWriter();
    const cols = await columnsOf(source);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    wb.creator = 'Quarry';
    const sheet = (name: string, header: string[]) => {
      const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      const h = ws.addRow(header);
      h.font = { bold: true };
      h.commit();
      return ws;
    };
    const records = sheet('Records', recordHeader(cols, o));
    for await (const r of source()) {
      records.addRow(recordRow(r, cols, o)).commit();
      if (!(await drained(out))) return;
    }
    records.commit();
    const rows = sheet('Rows', rowsHeader(cols, o));
    for await (const r of source()) {
      for (const row of rowsOf(r, cols, o)) rows.addRow(row).commit();
      if (!(await drained(out))) return;
    }
    rows.commit();
    await wb.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
