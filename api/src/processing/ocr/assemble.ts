// From pages to the document-level text, numbered lines and markdown.
import { PAGE_SEPARATOR, type OcrLine, type OcrPage } from './types';

export function numberLines(pages: OcrPage[]): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const page of pages) {
    for (const text of page.lines) lines.push({ number: lines.length + 1, page: page.page_number, text });
  }
  return lines;
}

export const documentText = (pages: OcrPage[]): string => pages.map((p) => p.lines.join('\n')).join(PAGE_SEPARATOR);

const COLUMN_GAP = /\s{2,}/;
const cells = (line: string): string[] => line.trim().split(COLUMN_GAP);
const escapeCell = (s: string): string => s.replace(/\|/g, '\\|');

/**
 * Simple markdown: one section per page (an HTML comment names the page), paragraphs kept,
 * and runs of 2+ consecutive lines that split into the same number (2+) of columns on
 * column gaps rendered as a markdown table whose first row is the header.
 */
export function toMarkdown(pages: OcrPage[]): string {
  const sections = pages.map((page) => {
    const out: string[] = [`<!-- page ${page.page_number} -->`, ''];
    const lines = page.lines;
    let i = 0;
    while (i < lines.length) {
      const n = cells(lines[i]!).length;
      let j = i;
      if (n >= 2) while (j + 1 < lines.length && cells(lines[j + 1]!).length === n) j++;
      if (n >= 2 && j > i) {
        const rows = lines.slice(i, j + 1).map((l) => `| ${cells(l).map(escapeCell).join(' | ')} |`);
        if (out[out.length - 1] !== '') out.push('');
        out.push(rows[0]!, `|${' --- |'.repeat(n)}`, ...rows.slice(1), '');
        i = j + 1;
      } else {
        out.push(lines[i]!);
        i++;
      }
    }
    return out.join('\n').trimEnd();
  });
  return sections.join('\n\n---\n\n') + '\n';
}
