// Reads the export's CSV back in tests: RFC 4180 lines (a quoted cell may hold commas, quotes and
// line breaks), a leading byte-order mark dropped.
/** RFC 4180 lines (the export's own CSV; a quoted cell may hold commas and quotes) */
export function parseCsv(s: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let q = false;
  const text = s.replace(/^\ufeff/, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (q) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') q = false;
      else cell += ch;
    } else if (ch === '"') q = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return out;
}
