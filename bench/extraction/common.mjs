// Shared pieces of the extraction corpus generators: a seeded RNG, the number / date / money
// formats documents use in the wild, monospace layout helpers, multi-page tables with a
// repeated header, and rendering the pages to a PDF (pdf-lib, Courier) so the bench reads
// every document through the real OCR pipeline (text layer or, for scans, tesseract).

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeRng(seed) {
  const r = mulberry32(seed);
  const int = (a, b) => a + Math.floor(r() * (b - a + 1));
  const pick = (list) => list[Math.floor(r() * list.length)];
  const chance = (p) => r() < p;
  const sample = (list, n) => {
    const copy = [...list];
    const out = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(r() * copy.length), 1)[0]);
    return out;
  };
  return { r, int, pick, chance, sample };
}

export const round2 = (n) => Math.round(n * 100) / 100;
export const pad2 = (n) => String(n).padStart(2, '0');
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function randomDate(rng, year = 2024) {
  return `${year}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}`;
}

export function addDays(iso, days) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const ORD = (d) => (d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th');

/** iso | us (03/14/2024) | eu-dot (14.03.2024) | eu-slash (14/03/2024) | long-us (March 14, 2024) | long-eu (14 March 2024) | short (14 Mar 2024) | ordinal (14th Mar 2024) | dash-mon (14-Mar-2024) */
export function fmtDate(iso, style) {
  const [y, m, d] = iso.split('-').map(Number);
  switch (style) {
    case 'iso': return iso;
    case 'us': return `${pad2(m)}/${pad2(d)}/${y}`;
    case 'eu-dot': return `${pad2(d)}.${pad2(m)}.${y}`;
    case 'eu-slash': return `${pad2(d)}/${pad2(m)}/${y}`;
    case 'long-us': return `${MONTHS[m - 1]} ${d}, ${y}`;
    case 'long-eu': return `${d} ${MONTHS[m - 1]} ${y}`;
    case 'short': return `${d} ${MONTHS[m - 1].slice(0, 3)} ${y}`;
    case 'ordinal': return `${d}${ORD(d)} ${MONTHS[m - 1].slice(0, 3)} ${y}`;
    case 'dash-mon': return `${pad2(d)}-${MONTHS[m - 1].slice(0, 3)}-${y}`;
    default: throw new Error(`date style ${style}`);
  }
}

/** us 1,234.50 | eu 1.234,50 | space 1 234,50 | swiss 1'234.50 | plain 1234.50 */
export function fmtNumber(n, style, decimals = 2) {
  const neg = n < 0;
  const [int, frac] = Math.abs(n).toFixed(decimals).split('.');
  const group = (sep) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  let s;
  switch (style) {
    case 'us': s = group(',') + (decimals ? `.${frac}` : ''); break;
    case 'eu': s = group('.') + (decimals ? `,${frac}` : ''); break;
    case 'space': s = group(' ') + (decimals ? `,${frac}` : ''); break;
    case 'swiss': s = group("'") + (decimals ? `.${frac}` : ''); break;
    case 'plain': s = int + (decimals ? `.${frac}` : ''); break;
    default: throw new Error(`number style ${style}`);
  }
  return neg ? `-${s}` : s;
}

/** a quantity as printed: integers bare, fractions with the document's decimal mark */
export function fmtQty(q, style) {
  if (Number.isInteger(q)) return String(q);
  return fmtNumber(q, style, q * 10 === Math.round(q * 10) ? 1 : 2);
}

export function fmtMoney(n, numberStyle, currency, place) {
  const s = fmtNumber(n, numberStyle);
  switch (place) {
    case 'none': return s;
    case 'symbol-before': return `${currency.symbol}${s}`;
    case 'symbol-after': return `${s} ${currency.symbol}`;
    case 'code-before': return `${currency.code} ${s}`;
    case 'code-after': return `${s} ${currency.code}`;
    default: throw new Error(`money place ${place}`);
  }
}

/** by ISO code: the code and the symbol printed for it */
export const CURRENCIES = Object.fromEntries(
  Object.entries({ USD: '$', EUR: '€', GBP: '£', CHF: 'CHF', SEK: 'kr', AUD: 'A$', CAD: 'C$' }).map(([code, symbol]) => [code, { code, symbol }]),
);

/** the currency a reader can tell from the page: a printed code, or an unambiguous symbol */
export function visibleCurrency(currency, place, elsewhere = false) {
  if (place.startsWith('code') || elsewhere) return currency.code;
  if (place.startsWith('symbol') && ['€', '£'].includes(currency.symbol)) return currency.code;
  return null;
}

// ------------------------------------------------------------------ layout

/** cells laid out in fixed columns: width > 0 left-aligned, width < 0 right-aligned */
export function cols(cells, widths) {
  return cells
    .map((c, i) => {
      const w = Math.abs(widths[i]);
      const text = String(c ?? '');
      return widths[i] < 0 ? text.padStart(w) : text.padEnd(w);
    })
    .join('')
    .replace(/\s+$/, '');
}

/** left block and right block on one line */
export const side = (left, right, width = 92) => `${left.padEnd(Math.max(left.length + 3, width - right.length))}${right}`;

/** wraps a description into lines of at most `width` characters */
export function wrap(text, width) {
  const words = text.split(' ');
  const out = [''];
  for (const w of words) {
    const cur = out[out.length - 1];
    if (cur && cur.length + 1 + w.length > width) out.push(w);
    else out[out.length - 1] = cur ? `${cur} ${w}` : w;
  }
  return out;
}

export const PAGE_LINES = 62;

/**
 * Lays head lines, a table (header lines + rows, each row one or more lines) and tail lines out
 * over pages: the header is repeated at the top of every page the table continues on, pages end
 * with a footer. `between(page)` may add lines at a page break (e.g. "continued", carried forward).
 */
export function paginate({ head, header, rows, tail, footer = (p, n) => `Page ${p} of ${n}`, breakLines = () => ({ end: [], start: [] }), pageLines = PAGE_LINES }) {
  const pages = [];
  let page = [...head, ...header];
  let rowsOnPage = 0;
  const rowsDone = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (page.length + row.length > pageLines - 4 && rowsOnPage > 0) {
      const b = breakLines(rowsDone.length);
      page.push(...b.end);
      pages.push(page);
      page = [...b.start, ...header];
      rowsOnPage = 0;
    }
    page.push(...row);
    rowsOnPage++;
    rowsDone.push(i);
  }
  if (page.length + tail.length > pageLines - 2) {
    pages.push(page);
    page = [];
  }
  page.push(...tail);
  pages.push(page);
  return pages.map((p, i) => (pages.length > 1 && footer ? [...p, '', footer(i + 1, pages.length)] : p));
}

// ------------------------------------------------------------------ PDF

let pdfLib;
/** pages of monospace lines -> PDF bytes (A4, Courier 8.5 pt: ~100 columns, 66 lines) */
export async function renderPdf(pages, { fontSize = 8.5, title = 'document' } = {}) {
  pdfLib ??= await import('pdf-lib');
  const { PDFDocument, StandardFonts } = pdfLib;
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('quarry bench');
  doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Courier);
  const bold = await doc.embedFont(StandardFonts.CourierBold);
  for (const lines of pages) {
    const page = doc.addPage([595.28, 841.89]);
    let y = 800;
    for (const raw of lines) {
      const isBold = raw.startsWith('**');
      const line = isBold ? raw.slice(2) : raw;
      if (line.trim()) page.drawText(line, { x: 36, y, size: fontSize, font: isBold ? bold : font });
      y -= fontSize * 1.35;
    }
  }
  return doc.save({ useObjectStreams: false });
}
