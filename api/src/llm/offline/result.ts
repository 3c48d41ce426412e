// What the offline extractor answers: the data, where every value came from, what it did not find,
// and what does not add up.

export interface FoundField {
  path: string;
  /** 1-based line of the source text */
  line: number;
  /** how it was found: a label, a table, or a fallback rule */
  via: 'label' | 'next-line' | 'table' | 'layout-table' | 'item-lines' | 'item-blocks' | 'first-line' | 'letterhead' | 'footer' | 'only-date' | 'later-date' | 'only-email' | 'currency-mark' | 'enum-mention' | 'arithmetic' | 'address-block' | 'name-shape' | 'unlabelled-identifier' | 'period';
  label?: string;
}

export interface OfflineExtraction {
  data: unknown;
  found: FoundField[];
  /** schema paths with no value in the text */
  missing: string[];
  /** rows found per table path ('' for a root array) */
  rows: Record<string, number>;
  /** what does not add up (quantity × price ≠ amount, rows ≠ subtotal, subtotal + tax ≠ total) */
  warnings: string[];
}

export interface OfflineOptions {
  /** positional rules (vendor from the first line, the only date / e-mail) — on for whole source text, off when only a prompt is available */
  positional?: boolean;
}
