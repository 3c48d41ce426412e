// Names read from words OCR was unsure of. Tesseract gives every word a confidence; the OCR
// library lists the words of each line it read with little of it (processing/ocr/layout.ts). A
// name made of such a word is more often misread than not ("TED HENG" for "TEO HENG",
// "PETRODELT" for "PETRODELI"), and an empty field is better than a wrong one: it is left out
// and listed as not found, so the review loop asks a person for it.
//
// Only text values are judged. Dates and amounts were tried the same way on the development
// receipts and left alone: their digits are read with little confidence as often when they are
// right, and no threshold took out a wrong one without taking out more right ones
// (docs/product/extraction-rules.md, "Words OCR was unsure of").
import type { UnsureWord } from '../../lib/unsure-words';
import type { LlmSourceDocument } from '../types';
import type { ScalarField } from './fields';
import { dropper, type Unfit } from './fit';
import type { FoundField } from './result';

/**
 * How sure OCR must have been of a word for a name made of it (tesseract's 0-100). On the
 * development receipts the misread letters of names were read at 0-64 and all but three words of
 * the names read right at 70 or more.
 */
export const SURE_ENOUGH_FOR_TEXT = 70;

/** A name spread over lines (a letterhead and its legal form below) is checked on this many lines from where it was found. */
const NAME_LINES = 3;

const letters = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Whether the word is one of the value's words, and OCR was not sure enough of it. */
const unsureIn = (value: string, { text, conf }: UnsureWord): boolean =>
  conf < SURE_ENOUGH_FOR_TEXT && letters(text) !== '' && value.split(/\s+/).some((token) => letters(token) === letters(text));

/** Leaves out the text values read from words OCR was unsure of; answers what was left out. */
export function dropUnsureValues(values: Map<ScalarField, unknown>, found: FoundField[], lines: readonly string[], unsure: LlmSourceDocument['unsure']): Unfit[] {
  const out: Unfit[] = [];
  if (!unsure?.length) return out;
  const byLine = new Map(unsure.map((u) => [u.line, u.words]));
  const drop = dropper(values, found, out);
  for (const [field, value] of [...values]) {
    if (typeof value !== 'string' || field.format || field.enumValues) continue;
    const at = found.find((f) => f.path === field.path.join('.'));
    if (!at) continue;
    for (let line = at.line; line < at.line + NAME_LINES; line++) {
      // a line below belongs to the value only when the value holds all of it (a legal form joined to its name)
      if (line > at.line && !letters(value).includes(letters(lines[line - 1] ?? '') || '\u0000')) break;
      const word = byLine.get(line)?.find((w) => unsureIn(value, w));
      if (word === undefined) continue;
      drop(field, value, `read from a word OCR was unsure of ("${word.text}", confidence ${word.conf})`);
      break;
    }
  }
  return out;
}
