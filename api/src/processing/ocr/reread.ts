// Lines read again on their own. Tesseract reads a page as one block (psm 6), and on a receipt's
// noisy print the marks around a line (a logo's strokes, a crease, the line above touching it)
// cost it letters: "CW KHOO" for "C W KHOO", "HLJI" for "HUI". A line holding a word it was unsure
// of is cut out of the page image and read as a single line (psm 7); the line's own reading is
// kept where tesseract was surer of it and read the line's numbers the same. Why each rule, with
// what it did on the extraction bench's development receipts: README.md, "Lines read again on
// their own".
import { readFile, rm, writeFile } from 'node:fs/promises';
import { parseTsvBoxes } from './tsv';
import type { OcrLineBox } from './layout';

/** A line is read again when it holds a word of two letters or digits read with less confidence than this. */
export const REREAD_BELOW = 70;
/** At most this many lines of a page are read again (the ones with the least sure words first). */
export const MAX_REREAD_LINES = 24;
/** Space kept around a line's box, as a share of its height: descenders and accents stay in. */
const PAD = 0.35;

export interface PgmImage {
  width: number;
  height: number;
  /** one byte a pixel, row by row */
  pixels: Uint8Array;
}

/** An 8-bit binary PGM (P5), as the media process writes pages. */
export function parsePgm(bytes: Uint8Array): PgmImage | null {
  const fields: string[] = [];
  let pos = 0;
  while (fields.length < 4 && pos < bytes.length) {
    while (pos < bytes.length && /\s/.test(String.fromCharCode(bytes[pos]!))) pos++;
    if (bytes[pos] === 0x23) {
      while (pos < bytes.length && bytes[pos] !== 0x0a) pos++; // a comment line
      continue;
    }
    let field = '';
    while (pos < bytes.length && !/\s/.test(String.fromCharCode(bytes[pos]!))) field += String.fromCharCode(bytes[pos++]!);
    fields.push(field);
  }
  const [magic, w, h, max] = fields;
  const width = Number(w);
  const height = Number(h);
  if (magic !== 'P5' || max !== '255' || !(width > 0) || !(height > 0)) return null;
  const pixels = bytes.subarray(pos + 1, pos + 1 + width * height);
  return pixels.length === width * height ? { width, height, pixels } : null;
}

export function encodePgm(img: PgmImage): Uint8Array {
  const header = Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'latin1');
  return Buffer.concat([header, img.pixels]);
}

export interface LineCrop {
  /** the line's key in the page's TSV: page/block/paragraph/line */
  key: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * At least this share of a line's words read with confidence: a line of specks, a logo's strokes or
 * a stamp is no better read alone (and costs a read); a line of text with a word or two misread is.
 */
const MOSTLY_READ = 0.5;
const mostlyRead = (line: OcrLineBox): boolean => line.words.filter((w) => (w.conf ?? 100) >= REREAD_BELOW).length >= MOSTLY_READ * line.words.length;

const unsureWords = (line: OcrLineBox) => line.words.filter((w) => (w.conf ?? 100) < REREAD_BELOW && /[\p{L}\p{N}]{2}/u.test(w.text));

/**
 * The lines of a page's TSV worth reading again, with the part of the image to cut out for each;
 * none when tesseract read the page with a mean word confidence of `pageBelow` or more (a clean
 * page: its few unsure words are seldom mended by a second reading, and each costs one).
 */
export function linesToReread(tsv: string, image: { width: number; height: number }, pageBelow = Infinity): LineCrop[] {
  const [page] = parseTsvBoxes(tsv);
  if (!page || (page.confidence ?? 0) >= pageBelow) return [];
  return page.lines
    .map((line) => ({ line, least: Math.min(...unsureWords(line).map((w) => w.conf ?? 100)) }))
    .filter(({ line }) => line.key !== undefined && unsureWords(line).length > 0 && line.height > 0 && mostlyRead(line))
    .sort((a, b) => a.least - b.least)
    .slice(0, MAX_REREAD_LINES)
    .map(({ line }) => {
      const pad = Math.round(line.height * PAD);
      const left = Math.max(0, line.left - pad);
      const top = Math.max(0, line.top - pad);
      return { key: line.key!, left, top, width: Math.min(image.width, line.left + line.width + pad) - left, height: Math.min(image.height, line.top + line.height + pad) - top };
    })
    .filter((c) => c.width > 2 && c.height > 2);
}

export function cropPgm(img: PgmImage, c: LineCrop): PgmImage {
  const pixels = new Uint8Array(c.width * c.height);
  for (let y = 0; y < c.height; y++) pixels.set(img.pixels.subarray((c.top + y) * img.width + c.left, (c.top + y) * img.width + c.left + c.width), y * c.width);
  return { width: c.width, height: c.height, pixels };
}

const meanConf = (rows: string[][]): number => rows.reduce((s, r) => s + Number(r[10]), 0) / rows.length;
const textOf = (cols: string[]): string => cols.slice(11).join('\t').trim();
const wordRows = (tsv: string): string[][] =>
  tsv
    .split('\n')
    .map((r) => r.replace(/\r$/, '').split('\t'))
    .filter((c) => c.length >= 12 && c[0] === '5' && Number(c[10]) >= 0 && textOf(c) !== '');

/** How much less sure a word is when the two readings of its line disagree on it. */
export const DISAGREEMENT = 15;

/**
 * The words of the line read on its own, each with less confidence where the page's reading had
 * other letters there: a word one reading made of "HLJI" and the other of "HUI" is surer than the
 * first says and less sure than the second says. A word that only splits or joins words of the
 * page's reading ("CW" read "C W") agrees with it.
 */
function weighAgainst(before: string[][], again: string[][]): string[][] {
  const old = new Set(before.map(textOf));
  const out = again.map((cols) => [...cols]);
  for (let i = 0; i < out.length; i++) {
    if (old.has(textOf(out[i]!))) continue;
    // the words from here that together make one word of the page's reading
    let joined = '';
    let j = i;
    while (j < out.length && joined.length < 64) {
      joined += textOf(out[j]!);
      if (old.has(joined)) break;
      j++;
    }
    if (j < out.length && old.has(joined)) {
      i = j;
      continue;
    }
    out[i]![10] = String(Math.max(0, Number(out[i]![10]) - DISAGREEMENT));
  }
  return out;
}

/** The numbers of a line: a reading that changes one ("12/02/2018" read "120022018") is not taken over it. */
const numbersOf = (rows: string[][]): string[] => rows.map(textOf).filter((t) => /\d/.test(t));

/**
 * The page's TSV with a line's words replaced by those of its reading on its own (`lineTsv`, read
 * from the crop `c`) when tesseract was surer of them on average and read the line's numbers the
 * same; the page unchanged otherwise.
 */
export function mergeLineReading(tsv: string, c: LineCrop, lineTsv: string): string {
  const [page, block, par, line] = c.key.split('/');
  const isLineWord = (cols: string[]) => cols[0] === '5' && cols[1] === page && cols[2] === block && cols[3] === par && cols[4] === line;
  const rows = tsv.split('\n');
  const before = wordRows(tsv).filter(isLineWord);
  const read = wordRows(lineTsv);
  if (before.length === 0 || read.length === 0) return tsv;
  const again = weighAgainst(before, read);
  if (meanConf(again) <= meanConf(before)) return tsv;
  const numbers = new Set(numbersOf(again));
  if (numbersOf(before).some((n) => !numbers.has(n))) return tsv;
  const placed = again.map((cols, i) =>
    ['5', page, block, par, line, String(i + 1), String(Number(cols[6]) + c.left), String(Number(cols[7]) + c.top), cols[8], cols[9], cols[10], textOf(cols)].join('\t'),
  );
  const out: string[] = [];
  let inserted = false;
  for (const r of rows) {
    if (isLineWord(r.replace(/\r$/, '').split('\t'))) {
      if (!inserted) out.push(...placed);
      inserted = true;
      continue;
    }
    out.push(r);
  }
  return out.join('\n');
}

/**
 * Reads again, each on its own, the lines of a page image (a PGM the media process wrote) that
 * hold words tesseract was unsure of, and answers the page's TSV with the surer readings in.
 */
export async function rereadUnsureLines(imagePath: string, tsv: string, read: (cropPath: string) => Promise<string>, pageBelow = Infinity): Promise<string> {
  // a clean page (or one without a line to read again) is never loaded from disk
  const none = { width: Infinity, height: Infinity };
  if (!imagePath.endsWith('.pgm') || linesToReread(tsv, none, pageBelow).length === 0) return tsv;
  const img = parsePgm(await readFile(imagePath));
  if (!img) return tsv;
  let merged = tsv;
  for (const [i, crop] of linesToReread(tsv, img, pageBelow).entries()) {
    const cropPath = imagePath.replace(/\.pgm$/, `-line-${i + 1}.pgm`);
    await writeFile(cropPath, encodePgm(cropPgm(img, crop)));
    try {
      merged = mergeLineReading(merged, crop, await read(cropPath));
    } finally {
      await rm(cropPath, { force: true });
    }
  }
  return merged;
}
