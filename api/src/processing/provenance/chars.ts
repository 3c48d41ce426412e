// Character classes of the matcher. The loops that visit every character of a source read char
// codes and test the ASCII range by hand; the Unicode classes are the fallback for the rest.

const WORD = /[\p{L}\p{N}]/u;
export const WORDS = /[\p{L}\p{N}]+/gu;
export const NON_ASCII = /[\u0080-\uffff]/;

/** 0-9 A-Z a-z: the ASCII part of [\p{L}\p{N}] */
export const asciiWordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
export const isWordChar = (ch: string | undefined) => ch !== undefined && (ch.charCodeAt(0) < 128 ? asciiWordCode(ch.charCodeAt(0)) : WORD.test(ch));
export const isDigit = (ch: string | undefined) => ch !== undefined && ch.length === 1 && ch.charCodeAt(0) >= 48 && ch.charCodeAt(0) <= 57;
export const isDigitCode = (c: number) => c >= 48 && c <= 57;
export const dateSeparator = (c: number) => c === 45 || c === 46 || c === 47; // - . /
export const asciiSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
