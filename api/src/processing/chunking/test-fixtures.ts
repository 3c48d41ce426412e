// Deterministic input generators for the chunking tests (no binary fixtures). Also usable by
// the queue / extraction tests: the invoice generator reports where its table is.
import { documentText } from './document';
import type { Chunk, OcrLine } from './types';

/** Lines from pages of text ("\n"-separated), numbered from 1. */
export function linesFromPages(pages: string[]): OcrLine[] {
  const out: OcrLine[] = [];
  pages.forEach((page, p) => {
    for (const text of page.split('\n')) out.push({ number: out.length + 1, page: p + 1, text });
  });
  return out;
}

export function linesFromText(text: string): OcrLine[] {
  return linesFromPages([text]);
}

/** A small seeded PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the of and to in is for on that with as by this are be from it at or an was which report data ' +
  'quarter revenue customer service contract payment period total amount account delivery order ' +
  'invoice schedule figure process result review team region market growth policy'
).split(' ');

/** One prose sentence of `n` words, capitalised, ending with a period. */
export function sentence(next: () => number, n: number): string {
  const ws: string[] = [];
  for (let i = 0; i < n; i++) ws.push(WORDS[Math.floor(next() * WORDS.length)] as string);
  const s = ws.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

/** A prose line of about `len` characters (whole sentences). */
export function proseLine(next: () => number, len = 70): string {
  let line = '';
  while (line.length < len) line += (line ? ' ' : '') + sentence(next, 4 + Math.floor(next() * 6));
  return line;
}

export type InvoiceStyle = 'gap' | 'pipe' | 'tail';

export interface GeneratedInvoice {
  lines: OcrLine[];
  /** 1-based line numbers */
  table: { description: number; header: number; headerEnd: number; bodyStart: number; bodyEnd: number; rows: number };
  totals: { start: number; end: number };
  items: { description: string; qty: number; unitPrice: number; amount: number }[];
  total: number;
}

/**
 * An invoice: header block (title, number, dates, parties), "Line items" title, a table with
 * header "Description  Qty  Unit Price  Amount" and `rows` body rows, then a totals block.
 */
export function generateInvoice(rows: number, options: { seed?: number; style?: InvoiceStyle } = {}): GeneratedInvoice {
  const next = rng(options.seed ?? 1);
  const style = options.style ?? 'gap';
  const products = ['Widget', 'Gadget', 'Bracket', 'Cable', 'Adapter', 'Sensor', 'Valve', 'Panel', 'Fuse', 'Hinge'];
  const items = Array.from({ length: rows }, (_, i) => {
    const qty = 1 + Math.floor(next() * 9);
    const unitPrice = Math.round((5 + next() * 195) * 100) / 100;
    return { description: `${products[i % products.length]} model ${String.fromCharCode(65 + (i % 26))}${i + 1}`, qty, unitPrice, amount: Math.round(qty * unitPrice * 100) / 100 };
  });
  const money = (v: number): string => v.toFixed(2);
  const head = [
    'INVOICE',
    '',
    'Invoice number: INV-2024-0042',
    'Invoice date: 2024-03-01',
    'Due date: 2024-03-31',
    '',
    'Bill To:',
    'Acme Corporation',
    '12 Harbour Street, Springfield',
    '',
  ];
  const title = 'Line items';
  let header: string[];
  let body: string[];
  if (style === 'pipe') {
    header = ['| Description | Qty | Unit Price | Amount |', '|---|---|---|---|'];
    body = items.map((it) => `| ${it.description} | ${it.qty} | ${money(it.unitPrice)} | ${money(it.amount)} |`);
  } else if (style === 'tail') {
    header = ['Description Qty Unit Price Amount'];
    body = items.map((it) => `${it.description} ${it.qty} ${money(it.unitPrice)} ${money(it.amount)}`);
  } else {
    header = [`${'Description'.padEnd(28)}${'Qty'.padStart(5)}${'Unit Price'.padStart(14)}${'Amount'.padStart(12)}`];
    body = items.map(
      (it) => `${it.description.padEnd(28)}${String(it.qty).padStart(5)}${money(it.unitPrice).padStart(14)}${money(it.amount).padStart(12)}`,
    );
  }
  const subtotal = Math.round(items.reduce((s, it) => s + it.amount, 0) * 100) / 100;
  const tax = Math.round(subtotal * 0.1 * 100) / 100;
  const total = Math.round((subtotal + tax) * 100) / 100;
  const totals = [`Subtotal: ${money(subtotal)}`, `Tax (10%): ${money(tax)}`, `Total due: ${money(total)}`];
  const foot = ['', 'Payment terms: 30 days net.', 'Thank you for your business.'];
  const all = [...head, title, ...header, ...body, '', ...totals, ...foot];
  const description = head.length + 1;
  const headerStart = description + 1;
  const headerEnd = headerStart + header.length - 1;
  const bodyStart = headerEnd + 1;
  const bodyEnd = bodyStart + rows - 1;
  return {
    lines: linesFromText(all.join('\n')),
    table: { description, header: headerStart, headerEnd, bodyStart, bodyEnd, rows },
    totals: { start: bodyEnd + 2, end: bodyEnd + 1 + totals.length },
    items,
    total,
  };
}

/** `count` prose lines in paragraphs of `perParagraph` lines separated by blank lines (blank lines count). */
export function generateProse(count: number, options: { seed?: number; perParagraph?: number; page?: number } = {}): string[] {
  const next = rng(options.seed ?? 7);
  const per = options.perParagraph ?? 4;
  const out: string[] = [];
  while (out.length < count) {
    if (out.length > 0 && out.length % (per + 1) === per) out.push('');
    else out.push(proseLine(next));
  }
  return out;
}

// ------------------------------------------------------------------ assertions (jest)

/** Properties every chunk of every strategy has. */
export function expectChunkInvariants(lines: OcrLine[], chunks: Chunk[]): void {
  const text = documentText(lines);
  chunks.forEach((c, i) => {
    expect(c.chunk_index).toBe(i);
    expect(c.content).toBe(text.slice(c.start_position, c.end_position));
    expect(c.character_count).toBe(c.content.length);
    expect(c.approximate_token_count).toBe(Math.ceil(c.content.length / 4));
    expect(c.page_number).toBe(lines[c.start_line - 1]!.page);
    expect(c.metadata.llm_start_line).toBe(c.start_line);
    expect(c.metadata.llm_end_line).toBe(c.end_line);
    expect(c.metadata.tables_found).toBe(c.metadata.table_structure.length);
    expect(c.metadata.chunking_strategy).toBe(c.chunking_strategy);
    expect(c.metadata.chunk_strategy).toBe(c.chunking_strategy);
    expect(c.content.trim()).not.toBe('');
    for (const t of c.metadata.table_structure) {
      expect(t.start).toBeGreaterThanOrEqual(c.start_line);
      expect(t.end).toBeLessThanOrEqual(c.end_line);
      for (const p of t.parts) {
        expect(p.start).toBeGreaterThanOrEqual(t.start);
        expect(p.end).toBeLessThanOrEqual(t.end);
      }
    }
    if (i > 0) expect(c.start_position).toBeGreaterThanOrEqual(chunks[i - 1]!.start_position);
  });
  // a table's rows never sit in two chunks
  const owner = new Map<number, number>();
  chunks.forEach((c) => {
    for (const t of c.metadata.table_structure) {
      for (const p of t.parts.filter((x) => x.role === 'body')) {
        expect(owner.has(p.start)).toBe(false);
        owner.set(p.start, c.chunk_index);
      }
    }
  });
}

