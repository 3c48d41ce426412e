// Which of the bundled OCR languages a page is written in, from its text: franc-min (trigram
// profiles) restricted to those languages. Tesseract's own script detection (OSD, `--psm 0`)
// cannot choose between them: it names the script, and all seven are written in Latin script
// (it answers "Script: Latin" for a German and a French page alike).
import { franc } from 'franc-min';
import { BUNDLED_LANGUAGES, type BundledLanguage } from './engines/tessdata';

/** Fewer letters than this say too little about a language (a receipt's few words, a number column). */
export const MIN_LETTERS = 40;

const ONLY = [...BUNDLED_LANGUAGES];

/** The language of `text` among the bundled ones, or null when the text is too short to tell. */
export function detectLanguage(text: string): BundledLanguage | null {
  const letters = text.replace(/[^\p{L}]+/gu, '').length;
  if (letters < MIN_LETTERS) return null;
  const code = franc(text.replace(/\s+/g, ' '), { only: ONLY, minLength: MIN_LETTERS });
  return (BUNDLED_LANGUAGES as readonly string[]).includes(code) ? (code as BundledLanguage) : null;
}

/** `-l` for a page in `language`: English beside it, for the English words such pages carry (product names, "Invoice", "Total"). */
export const readingLanguages = (language: string): string => (language === 'eng' ? 'eng' : `${language}+eng`);
