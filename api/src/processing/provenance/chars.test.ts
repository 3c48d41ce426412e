// The class table against the classes written out as ranges (what the table replaced).
import { asciiSpace, asciiWordCode, digitGroupCode, isDigitCode, numberStartCode } from './chars';

describe('character classes', () => {
  it('every char code, and NaN (past a string end), has the class its ranges give', () => {
    const digit = (c: number) => c >= 48 && c <= 57;
    const expected = {
      asciiWordCode: (c: number) => digit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
      isDigitCode: digit,
      asciiSpace: (c: number) => c === 32 || (c >= 9 && c <= 13),
      numberStartCode: (c: number) => digit(c) || c === 40 || c === 43 || c === 45, // ( + -
      digitGroupCode: (c: number) => c === 46 || c === 44 || c === 39 || c === 0x2019 || c === 0xa0, // . , ' ’ nbsp
    };
    const actual = { asciiWordCode, isDigitCode, asciiSpace, numberStartCode, digitGroupCode };
    for (const [name, is] of Object.entries(actual)) {
      const want = expected[name as keyof typeof expected];
      const wrong: number[] = [];
      for (const c of [...Array(65536).keys(), NaN]) if (is(c) !== want(c)) wrong.push(c);
      expect([name, wrong]).toEqual([name, []]);
    }
  });
});
