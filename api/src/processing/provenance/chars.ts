// Character classes of the matcher. The loops that visit every character of a source read char
// codes and look their ASCII class up in one table; the Unicode classes are the fallback for the
// rest.

const WORD = /[\p{L}\p{N}]/u;
export const WORDS = /[\p{L}\p{N}]+/gu;
export const NON_ASCII = /[\u0080-\uffff]/;

const WORD_BIT = 1; // 0-9 A-Z a-z: the ASCII part of [\p{L}\p{N}]
const DIGIT_BIT = 2; // 0-9
const SPACE_BIT = 4; // space, \t \n \v \f \r
const NUMBER_START_BIT = 8; // what a number token begins with: a digit ( + -
const DIGIT_GROUP_BIT = 16; // what a number token's digits are grouped with: . , ' ’ and a no-break space
/**
 * Per char code (all 65 536, so any code is in range; past a string's end charCodeAt gives NaN,
 * which reads as no class), its classes. A lookup instead of range comparisons: on text that
 * mixes digits, letters and spaces (a table) the comparisons' branches were mispredicted so
 * often that a scan ran twice as long.
 */
const CLASSES = new Uint8Array(65536);
for (let c = 48; c <= 57; c++) CLASSES[c] = WORD_BIT | DIGIT_BIT;
for (let c = 65; c <= 90; c++) CLASSES[c] = WORD_BIT;
for (let c = 97; c <= 122; c++) CLASSES[c] = WORD_BIT;
for (const c of [32, 9, 10, 11, 12, 13]) CLASSES[c] = SPACE_BIT;
for (const c of [40, 43, 45, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57]) CLASSES[c]! |= NUMBER_START_BIT;
for (const c of [46, 44, 39, 0x2019, 0xa0]) CLASSES[c]! |= DIGIT_GROUP_BIT;

export const asciiWordCode = (c: number) => (CLASSES[c]! & WORD_BIT) !== 0;
export const isWordChar = (ch: string | undefined) => ch !== undefined && (ch.charCodeAt(0) < 128 ? asciiWordCode(ch.charCodeAt(0)) : WORD.test(ch));
export const isDigit = (ch: string | undefined) => ch !== undefined && ch.length === 1 && isDigitCode(ch.charCodeAt(0));
export const isDigitCode = (c: number) => (CLASSES[c]! & DIGIT_BIT) !== 0;
export const dateSeparator = (c: number) => c === 45 || c === 46 || c === 47; // - . /
export const asciiSpace = (c: number) => (CLASSES[c]! & SPACE_BIT) !== 0;
/** A digit, ( + or -: where a number token may begin (see numberTokenRanges). */
export const numberStartCode = (c: number) => (CLASSES[c]! & NUMBER_START_BIT) !== 0;
/** . , ' ’ or a no-break space: what a number token's digits may be grouped with. */
export const digitGroupCode = (c: number) => (CLASSES[c]! & DIGIT_GROUP_BIT) !== 0;
