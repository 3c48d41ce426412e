// Words OCR read with little confidence, carried from the OCR of a page to the extractor of a
// chunk: a value made of them is better left out than given wrong (llm/offline/unsure.ts).

export interface UnsureWord {
  text: string;
  /** tesseract's confidence in the word, 0-100 */
  conf: number;
}

export interface UnsureLine {
  /** 1-based line number: among a page's lines (OCR), across the document (a chunk) or in a chunk's text (the extractor) */
  line: number;
  words: UnsureWord[];
}
