// Pure parts of the OCR library: line reconstruction, TSV parsing, markdown, input detection,
// and the accuracy helper the engine tests rely on.
import { documentText, numberLines, toMarkdown } from './assemble';
import { detectInput, sniffImage } from './detect';
import { OcrError } from './errors';
import { characterAccuracy, levenshtein } from './fixtures/accuracy';
import { joinSegments, linesFromOcrLines, linesFromTextItems, type TextItem } from './layout';
import { parseTesseractTsv } from './tsv';
import { PAGE_SEPARATOR, type OcrPage } from './types';

const item = (str: string, x: number, y: number, fontHeight = 10, charWidth = 6): TextItem => ({
  str,
  x,
  y,
  width: str.length * charWidth,
  fontHeight,
  angle: 0,
});

describe('levenshtein / characterAccuracy', () => {
  it('counts edits', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
  });
  it('ignores layout-only differences and punishes real ones', () => {
    expect(characterAccuracy('a  b\n\nc', 'a b\nc')).toBe(1);
    expect(characterAccuracy('abcdefghij', 'abcdefghiX')).toBeCloseTo(0.9);
    expect(characterAccuracy('abc', '')).toBe(0);
  });
});

describe('linesFromTextItems', () => {
  it('orders lines top to bottom and items left to right, whatever the input order', () => {
    const lines = linesFromTextItems([item('world', 86, 100), item('second line', 50, 114), item('Hello', 50, 100)]);
    expect(lines).toEqual(['Hello world', 'second line']);
  });

  it('turns a column gap into a run of spaces, one per character width', () => {
    // charWidth 6: "Item" ends at 74, "Qty" starts at 134 -> 60 / 6 = 10 spaces
    const lines = linesFromTextItems([item('Item', 50, 100), item('Qty', 134, 100), item('Price', 170, 100)]);
    expect(lines).toEqual(['Item' + ' '.repeat(10) + 'Qty' + ' '.repeat(3) + 'Price']);
  });

  it('joins pieces of one word without a space and words with one', () => {
    const lines = linesFromTextItems([item('Hel', 50, 100), item('lo', 68, 100), item('there', 83, 100)]);
    expect(lines).toEqual(['Hello there']);
  });

  it('keeps a superscript on its line (attached to its word) and marks paragraph breaks with one blank line', () => {
    const lines = linesFromTextItems([
      item('First line', 50, 100),
      item('2', 110, 96, 6, 4),
      item('Second line', 50, 114),
      item('Third line', 50, 128),
      item('New paragraph', 50, 156),
      item('continues', 50, 170),
    ]);
    expect(lines).toEqual(['First line2', 'Second line', 'Third line', '', 'New paragraph', 'continues']);
  });

  it('drops whitespace-only items, control characters and duplicated text', () => {
    const lines = linesFromTextItems([item('  ', 10, 100), item('A\u0000B', 50, 100), item('A\u0000B', 50.2, 100.1)]);
    expect(lines).toEqual(['AB']);
  });
});

describe('joinSegments', () => {
  it('counts a trailing space into the column gap', () => {
    expect(joinSegments([{ text: 'Total: ', x0: 0, x1: 70 }, { text: '12', x0: 100, x1: 120 }], { charWidth: 10, wordGap: 1, columnGapChars: 2 })).toBe(
      'Total:    12',
    );
  });
});

describe('parseTesseractTsv', () => {
  const row = (level: number, page: number, block: number, par: number, line: number, word: number, l: number, t: number, w: number, h: number, conf: number, text = '') =>
    [level, page, block, par, line, word, l, t, w, h, conf, text].join('\t');

  it('builds lines with column gaps, paragraph breaks and mean confidence, per page', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      row(1, 1, 0, 0, 0, 0, 0, 0, 1000, 1000, -1),
      row(4, 1, 1, 1, 1, 0, 10, 10, 500, 20, -1),
      row(5, 1, 1, 1, 1, 1, 10, 10, 40, 20, 90, 'Item'),
      row(5, 1, 1, 1, 1, 2, 150, 10, 30, 20, 80, 'Qty'),
      row(4, 1, 1, 1, 2, 0, 10, 40, 500, 20, -1),
      row(5, 1, 1, 1, 2, 1, 10, 40, 50, 20, 70, 'Bolts'),
      row(5, 1, 1, 1, 2, 2, 70, 40, 30, 20, 60, 'and'),
      row(5, 1, 1, 1, 2, 3, 110, 40, 20, 20, -1, ' '),
      row(4, 1, 2, 1, 1, 0, 10, 200, 500, 20, -1),
      row(5, 1, 2, 1, 1, 1, 10, 200, 50, 20, 100, 'Next'),
      row(1, 2, 0, 0, 0, 0, 0, 0, 1000, 1000, -1),
      row(4, 2, 1, 1, 1, 0, 10, 10, 500, 20, -1),
      row(5, 2, 1, 1, 1, 1, 10, 10, 40, 20, 50, 'Two'),
    ].join('\n');
    const pages = parseTesseractTsv(tsv);
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    // charWidth = (40 + 30) / 7 = 10; gap 100 -> 10 spaces
    expect(pages[0]!.lines).toEqual(['Item' + ' '.repeat(10) + 'Qty', 'Bolts and', '', 'Next']);
    expect(pages[0]!.confidence).toBe(80);
    expect(pages[1]!.lines).toEqual(['Two']);
  });

  it('lists the words read with little confidence by their line, blank paragraph lines counted', () => {
    const tsv = [
      row(4, 1, 1, 1, 1, 0, 10, 10, 500, 20, -1),
      row(5, 1, 1, 1, 1, 1, 10, 10, 60, 20, 23, 'PRGAR'),
      row(5, 1, 1, 1, 1, 2, 80, 10, 40, 20, 96, 'MINI'),
      row(4, 1, 2, 1, 1, 0, 10, 200, 500, 20, -1),
      row(5, 1, 2, 1, 1, 1, 10, 200, 50, 20, 95, 'Total'),
      row(5, 1, 2, 1, 1, 2, 70, 200, 50, 20, 79.6, '12.50'),
      row(5, 1, 2, 1, 1, 3, 130, 200, 50, 20, 80, 'RM'),
    ].join('\n');
    const [page] = parseTesseractTsv(tsv);
    expect(page!.lines).toEqual(['PRGAR MINI', '', 'Total 12.50 RM']);
    // below 80 (layout.ts UNSURE_WORD_CONF) as tesseract gave it, the confidence then rounded
    expect(page!.unsure).toEqual([
      { line: 1, words: [{ text: 'PRGAR', conf: 23 }] },
      { line: 3, words: [{ text: '12.50', conf: 80 }] },
    ]);
    expect(parseTesseractTsv(tsv.replace('\t23\t', '\t97\t').replace('\t79.6\t', '\t81\t'))[0]!.unsure).toBeUndefined();
  });

  it('returns no pages for empty output', () => {
    expect(parseTesseractTsv('')).toEqual([]);
  });
});

describe('linesFromOcrLines', () => {
  // Three rows of a table: cells at the same x on every row, 10 px a character. OCR read the
  // middle row's quantity "1 h" (3 characters) as "ERR  o" spread over the same 30 px.
  const word = (text: string, left: number, width = text.length * 10) => ({ text, left, top: 0, width, height: 20 });
  const line = (top: number, words: ReturnType<typeof word>[]) => ({ block: 1, left: 0, top, width: 900, height: 20, words: words.map((w) => ({ ...w, top })) });
  const rows = [
    line(0, [word('Kabelkanal', 0), word('2', 110), word('m', 130), word('8', 300), word('pcs', 320), word('637,13', 500), word('5.097,04', 700)]),
    line(30, [word('Beratung', 0), word('(Stunde)', 90), word('ERR', 300, 18), word('o', 322, 8), word('795,47', 500), word('795,47', 720)]),
    line(60, [word('Bohrhammer', 0), word('SDS-plus', 110), word('14', 290), word('kg', 320), word('363,87', 500), word('5.094,18', 700)]),
  ];
  const start = (l: string, cell: string) => l.indexOf(cell);

  it('puts a cell at its own distance from the line start, so a misread cell does not shift the cells after it', () => {
    const [a, b, c] = linesFromOcrLines(rows);
    expect(start(b!, '795,47')).toBe(start(a!, '637,13'));
    expect(start(c!, '363,87')).toBe(start(a!, '637,13'));
    expect(b!.lastIndexOf('795,47')).toBe(start(a!, '5.097,04') + 2);
    expect(start(b!, 'ERR')).toBe(start(a!, '8'));
  });

  it('measures text of the page\'s usual size with the page\'s character width, a larger heading with its own', () => {
    const heading = line(-60, [word('INVOICE', 0, 140), word('No', 400, 40)]);
    const [h, , b] = linesFromOcrLines([heading, ...rows]).filter(Boolean);
    // 20 px a character in the heading: its 260 px gap is 13 characters, not 26
    expect(h).toBe(`INVOICE${' '.repeat(13)}No`);
    expect(start(b!, '795,47')).toBe(50);
  });
});

describe('assembling the document', () => {
  const pages: OcrPage[] = [
    { page_number: 1, source: 'text_layer', lines: ['Title', '', 'Item   Qty', 'Bolt   12', 'Nut    7'] },
    { page_number: 2, source: 'ocr', lines: ['Page | two'] },
  ];
  it('numbers lines 1.. across pages and joins pages with the page separator', () => {
    expect(numberLines(pages).map((l) => [l.number, l.page, l.text])).toEqual([
      [1, 1, 'Title'],
      [2, 1, ''],
      [3, 1, 'Item   Qty'],
      [4, 1, 'Bolt   12'],
      [5, 1, 'Nut    7'],
      [6, 2, 'Page | two'],
    ]);
    expect(documentText(pages)).toBe(`Title\n\nItem   Qty\nBolt   12\nNut    7${PAGE_SEPARATOR}Page | two`);
  });
  it('renders column blocks as markdown tables', () => {
    expect(toMarkdown(pages)).toBe(
      '<!-- page 1 -->\n\nTitle\n\n| Item | Qty |\n| --- | --- |\n| Bolt | 12 |\n| Nut | 7 |\n\n---\n\n<!-- page 2 -->\n\nPage | two\n',
    );
  });
});

describe('detectInput', () => {
  const bytes = (s: string | number[]) => new Uint8Array(typeof s === 'string' ? Buffer.from(s, 'latin1') : s);
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return (e as OcrError).code;
    }
    return 'no error';
  };

  it('trusts magic numbers over the label', () => {
    expect(detectInput({ bytes: bytes('%PDF-1.7\n...'), mimeType: 'application/octet-stream', filename: 'x.bin' })).toEqual({ kind: 'pdf' });
    expect(detectInput({ bytes: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0]), mimeType: 'application/pdf', filename: 'x.pdf' })).toEqual({ kind: 'image', format: 'jpeg' });
    expect(sniffImage(bytes('GIF89a......'))).toBe('gif');
    expect(sniffImage(bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]))).toBe('tiff');
    expect(sniffImage(bytes('RIFF\u0010\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
  });

  it('names the problem when the bytes are not what the label says', () => {
    expect(code(() => detectInput({ bytes: new Uint8Array(), mimeType: 'application/pdf', filename: 'a.pdf' }))).toBe('EMPTY_INPUT');
    expect(code(() => detectInput({ bytes: bytes('hello'), mimeType: 'application/pdf', filename: 'a.pdf' }))).toBe('PDF_CORRUPT');
    expect(code(() => detectInput({ bytes: bytes('hello'), mimeType: 'image/png', filename: 'a.png' }))).toBe('IMAGE_UNDECODABLE');
    expect(code(() => detectInput({ bytes: bytes('hello'), mimeType: 'text/plain', filename: 'a.txt' }))).toBe('UNSUPPORTED_TYPE');
  });
});
