// Tesseract's TSV output (same columns from the CLI's `tsv` config and tesseract.js' `tsv`
// output): level page_num block_num par_num line_num word_num left top width height conf text.
// Levels: 1 page, 2 block, 3 paragraph, 4 line, 5 word.
import type { UnsureLine } from '../../lib/unsure-words';
import { readOcrLines, type OcrLineBox } from './layout';
import { detectLanguage } from './language';
import type { BundledLanguage } from './engines/tessdata';

export interface TsvPage {
  /** As numbered by tesseract (1-based; a multi-page TIFF gives several). */
  page: number;
  lines: string[];
  /** Mean word confidence, 0-100; undefined when no word was found. */
  confidence?: number;
  /** Words read with little confidence, by line (absent when there are none). */
  unsure?: UnsureLine[];
  /** With `detect`: the language the page's text is written in (language.ts), when it can be told. */
  language?: BundledLanguage;
}

interface TsvBoxes {
  page: number;
  lines: OcrLineBox[];
  confidence?: number;
}

/** Tesseract's lines with their boxes (pixels of the image read), page by page. */
export function parseTsvBoxes(tsv: string): TsvBoxes[] {
  const pages = new Map<number, { lines: Map<string, OcrLineBox>; confSum: number; words: number }>();
  const pageOf = (n: number) => {
    let p = pages.get(n);
    if (!p) {
      p = { lines: new Map(), confSum: 0, words: 0 };
      pages.set(n, p);
    }
    return p;
  };
  for (const raw of tsv.split('\n')) {
    if (raw === '' || raw.startsWith('level')) continue;
    const cols = raw.replace(/\r$/, '').split('\t');
    if (cols.length < 11) continue;
    const [level, pageNum, block, par, line, , left, top, width, height, conf] = cols.slice(0, 11).map(Number) as number[];
    const text = cols.slice(11).join('\t');
    if (!Number.isFinite(level) || !Number.isFinite(pageNum)) continue;
    const page = pageOf(pageNum!);
    if (level === 1) continue;
    const key = `${pageNum}/${block}/${par}/${line}`;
    if (level === 4) {
      page.lines.set(key, { key, block: block!, left: left!, top: top!, width: width!, height: height!, words: [] });
    } else if (level === 5 && text.trim() !== '' && conf! >= 0) {
      let lineBox = page.lines.get(key);
      if (!lineBox) {
        lineBox = { key, block: block!, left: left!, top: top!, width: width!, height: height!, words: [] };
        page.lines.set(key, lineBox);
      }
      lineBox.words.push({ text, conf: conf!, left: left!, top: top!, width: width!, height: height! });
      page.confSum += conf!;
      page.words += 1;
    }
  }
  return [...pages.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([page, p]) => ({
      page,
      lines: [...p.lines.values()],
      ...(p.words > 0 ? { confidence: Math.round((p.confSum / p.words) * 100) / 100 } : {}),
    }));
}

export function parseTesseractTsv(tsv: string, options: { detect?: boolean } = {}): TsvPage[] {
  return parseTsvBoxes(tsv).map((p) => {
    const { lines, unsure } = readOcrLines(p.lines);
    const language = options.detect ? detectLanguage(lines.join('\n')) : null;
    return {
      page: p.page,
      lines,
      ...(p.confidence !== undefined ? { confidence: p.confidence } : {}),
      ...(unsure.length > 0 ? { unsure } : {}),
      ...(language ? { language } : {}),
    };
  });
}
