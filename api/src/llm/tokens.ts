// The one token estimator of the API: what the cost estimate (modules/job-estimates) and the
// offline provider's reported usage both count with, so the two can be compared. Real
// providers report their own counts; no tokenizer is a dependency, and ~4 characters a token
// is the usual average for English text with GPT- and Gemini-family tokenizers.
export const CHARS_PER_TOKEN = 4;

/** Tokens of `chars` characters of text (rounded up; 0 for none). */
export const tokensForChars = (chars: number): number => Math.ceil(Math.max(0, chars) / CHARS_PER_TOKEN);

export const tokensForText = (text: string): number => tokensForChars(text.length);
