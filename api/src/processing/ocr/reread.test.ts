// Lines read again on their own (reread.ts): which lines, the part of the image cut out for each,
// and when the line's own reading is taken over the page's. The words and confidences are those
// tesseract gave development receipts of the extraction bench (SROIE) read as a page and line by
// line; the image-level behaviour is in ocr.test.ts.
import { cropPgm, encodePgm, linesToReread, mergeLineReading, MAX_REREAD_LINES, parsePgm, type LineCrop } from './reread';
import { parseTesseractTsv } from './tsv';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
type Word = [text: string, conf: number, left: number, width?: number];
/** A line of a page's TSV: its row and its words' rows (`page` as a kept process numbers it). */
const line = (key: [page: number, block: number, par: number, line: number], top: number, words: Word[], height = 30) => {
  const [page, block, par, ln] = key;
  const right = Math.max(...words.map(([text, , left, width]) => left + (width ?? text.length * 15)));
  return [
    [4, page, block, par, ln, 0, words[0]![2], top, right - words[0]![2], height, -1, ''].join('\t'),
    ...words.map(([text, conf, left, width], i) => [5, page, block, par, ln, i + 1, left, top, width ?? text.length * 15, height, conf, text].join('\t')),
  ];
};
const tsvOf = (...lines: string[][]) => [HEADER, ...lines.flat()].join('\n');
const wordsOf = (tsv: string) => parseTesseractTsv(tsv)[0]!.lines;

describe('PGM images', () => {
  it('reads the 8-bit binary PGM the media process writes (a comment allowed), and writes it back', () => {
    const pixels = Uint8Array.from({ length: 12 }, (_, i) => i * 20);
    const bytes = encodePgm({ width: 4, height: 3, pixels });
    expect(parsePgm(bytes)).toEqual({ width: 4, height: 3, pixels });
    const commented = Buffer.concat([Buffer.from('P5\n# written by hand\n4 3\n255\n', 'latin1'), pixels]);
    expect(parsePgm(commented)?.pixels).toEqual(pixels);
  });

  it('answers null for what it cannot read: another format, 16-bit pixels, too few bytes', () => {
    expect(parsePgm(Buffer.from('P2\n2 1\n255\n0 255\n'))).toBeNull();
    expect(parsePgm(Buffer.concat([Buffer.from('P5\n2 1\n65535\n'), Buffer.alloc(4)]))).toBeNull();
    expect(parsePgm(Buffer.concat([Buffer.from('P5\n4 4\n255\n'), Buffer.alloc(10)]))).toBeNull();
  });

  it('cuts a rectangle out', () => {
    const img = { width: 4, height: 3, pixels: Uint8Array.from({ length: 12 }, (_, i) => i) };
    expect(cropPgm(img, { key: '1/1/1/1', left: 1, top: 1, width: 2, height: 2 })).toEqual({ width: 2, height: 2, pixels: Uint8Array.from([5, 6, 9, 10]) });
  });
});

describe('which lines are read again', () => {
  const image = { width: 800, height: 1000 };
  // sroie/029: the letterhead "C W KHOO HARDWARE SDN BHD" read "CW KHOO …", CW at 52
  const letterhead = line([1, 1, 1, 2], 100, [['CW', 52, 40], ['KHOO', 89, 90], ['HARDWARE', 97, 170], ['SDN', 96, 310], ['BHD', 96, 370]]);
  const specks = line([1, 1, 1, 3], 200, [['ee', 12, 40], ['Teenie.', 24, 90], ['RE', 0, 220]]);
  const clean = line([1, 1, 1, 4], 300, [['Tax', 96, 40], ['Invoice', 96, 110]]);
  // one character unsure (a stray mark): nothing a second reading would mend
  const mark = line([1, 1, 1, 5], 400, [['Total', 95, 40], ['|', 20, 130], ['9.00', 93, 160]]);
  // sroie/029: "Printed Date : 01-03-18 5:23:30 PM", "Date" at 61
  const printed = line([1, 1, 1, 6], 500, [['Printed', 91, 40], ['Date', 61, 150], [':', 40, 220], ['01-03-18', 92, 250], ['5:23:30', 92, 400], ['PM', 76, 520]]);
  // sroie/143: a line of which OCR was unsure of most words (two of three): not read again
  const date = line([1, 1, 1, 7], 600, [['Date:', 28, 40], ['06-03-2018', 80, 130], ['19:02:50', 67, 300]]);

  it('a line of text (half its words or more read surely) with a word of two letters or digits read with less than 70 %, the least sure first', () => {
    const crops = linesToReread(tsvOf(printed, letterhead, specks, clean, mark, date), image);
    expect(crops.map((c) => c.key)).toEqual(['1/1/1/2', '1/1/1/6']);
  });

  it('cuts the line out with a third of its height around it, inside the image', () => {
    const [crop] = linesToReread(tsvOf(letterhead), image);
    // the line spans x 40-415, y 100-130; 11 px around it (0.35 × 30)
    expect(crop).toEqual({ key: '1/1/1/2', left: 29, top: 89, width: 397, height: 52 });
    const [atEdge] = linesToReread(tsvOf(line([1, 1, 1, 1], 4, [['PRGAR', 9, 2], ['MINI', 80, 90]])), { width: 140, height: 40 });
    expect(atEdge).toEqual({ key: '1/1/1/1', left: 0, top: 0, width: 140, height: 40 });
  });

  it('none of a page read with a mean confidence at or over the bar it is given', () => {
    const tsv = tsvOf(letterhead, clean);
    // (52 + 89 + 97 + 96 + 96 + 96 + 96) / 7 = 88.9
    expect(linesToReread(tsv, image, 85)).toEqual([]);
    expect(linesToReread(tsv, image, 90).map((c) => c.key)).toEqual(['1/1/1/2']);
  });

  it(`at most ${MAX_REREAD_LINES} lines a page`, () => {
    const many = Array.from({ length: MAX_REREAD_LINES + 6 }, (_, i) => line([1, 1, 1, i + 1], 40 * i, [['Item', 90, 40], [`AB${i}`, 30 + i, 120]]));
    const crops = linesToReread(tsvOf(...many), { width: 800, height: 40 * (MAX_REREAD_LINES + 7) });
    expect(crops).toHaveLength(MAX_REREAD_LINES);
    expect(crops[0]!.key).toBe('1/1/1/1');
  });
});

describe('the line read on its own', () => {
  const crop: LineCrop = { key: '3/1/1/2', left: 29, top: 89, width: 397, height: 52 };
  const page = tsvOf(
    line([3, 1, 1, 1], 40, [['(481500-M)', 90, 40]]),
    line([3, 1, 1, 2], 100, [['CW', 52, 40], ['KHOO', 89, 90], ['HARDWARE', 97, 170], ['SDN', 96, 310], ['BHD', 96, 370]]),
    line([3, 1, 1, 3], 160, [['Tax', 96, 40], ['Invoice', 96, 110]]),
  );
  // what tesseract read in the crop, in the crop's pixels
  const alone = (words: Word[]) => tsvOf(line([1, 1, 1, 1], 11, words));

  it('is taken when tesseract was surer of it, in the page\'s place and numbering; a word split in two agrees with the page', () => {
    const merged = mergeLineReading(page, crop, alone([['C', 90, 11], ['W', 90, 30], ['KHOO', 91, 61], ['HARDWARE', 96, 141], ['SDN', 97, 281], ['BHD', 97, 341]]));
    expect(wordsOf(merged)).toEqual(['(481500-M)', 'C W KHOO HARDWARE SDN BHD', 'Tax Invoice']);
    const rows = merged.split('\n').filter((r) => r.startsWith('5\t3\t1\t1\t2\t'));
    // placed on the page: the crop's corner added; C and W kept their confidence (they only split "CW")
    expect(rows[0]!.split('\t')).toEqual(['5', '3', '1', '1', '2', '1', '40', '100', '15', '30', '90', 'C']);
    expect(rows.map((r) => r.split('\t')[5])).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('is not taken when tesseract was less sure of it', () => {
    const merged = mergeLineReading(page, crop, alone([['CW', 40, 11], ['KHOO', 70, 61], ['HARDWARE', 90, 141], ['SDN', 90, 281], ['BHD', 90, 341]]));
    expect(merged).toBe(page);
  });

  it('counts a word the readings disagree on 15 less sure ("HLJI" at 23, "HUI" at 92 → 77)', () => {
    const zheng = tsvOf(line([1, 1, 1, 2], 100, [['PERNIAGAAN', 89, 40], ['ZHENG', 93, 200], ['HLJI', 23, 300]]));
    const merged = mergeLineReading(zheng, { ...crop, key: '1/1/1/2' }, alone([['PERNIAGAAN', 90, 11], ['ZHENG', 94, 171], ['HUI', 92, 271]]));
    expect(wordsOf(merged)).toEqual(['PERNIAGAAN ZHENG HUI']);
    expect(merged.split('\n').at(-1)!.split('\t').slice(10)).toEqual(['77', 'HUI']);
    // sroie/001: "DLECO" at 23 read "LECO" at 76 alone: 61, still a word to be unsure of
    const indah = tsvOf(line([1, 1, 1, 2], 100, [['INDAH', 65, 40], ['GIFT', 93, 130], ['&', 93, 200], ['HOME', 83, 230], ['DLECO', 23, 310]]));
    const read = mergeLineReading(indah, { ...crop, key: '1/1/1/2' }, alone([['INDAH', 88, 11], ['GIFT', 92, 101], ['&', 93, 171], ['HOME', 93, 201], ['LECO', 76, 281]]));
    expect(parseTesseractTsv(read)[0]!.unsure).toEqual([{ line: 1, words: [{ text: 'LECO', conf: 61 }] }]);
  });

  it('is not taken when it reads a number of the line otherwise (sroie/008: "12/02/2018" read "120022018")', () => {
    const dated = tsvOf(line([1, 1, 1, 12], 100, [['Salesperson:', 44, 40], ['Date:', 60, 250], ['12/02/2018', 52, 340]]));
    const merged = mergeLineReading(dated, { ...crop, key: '1/1/1/12' }, alone([['Salesporson:', 44, 11], ['Date:', 86, 221], ['120022018', 52, 311]]));
    expect(merged).toBe(dated);
  });

  it('leaves the page as it is when the line read alone has no words', () => {
    expect(mergeLineReading(page, crop, HEADER)).toBe(page);
  });
});
