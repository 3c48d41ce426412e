// The one ajv factory for JSON Schemas written by users (output schemas, extraction output).
// A schema's `pattern` is the user's regular expression: run by JavaScript's backtracking
// engine, `^(a+)+$` against 31 "a" and a "!" takes seconds and blocks the event loop (every
// other request waits). Patterns here are compiled by re2js (RE2 in pure JavaScript), whose
// matching time is linear in the input. RE2 has no lookaround and no backreferences: such a
// pattern fails to compile, which output-schema checks report as a 422 at save time.
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { RE2JS } from 're2js';

/** What ajv's generated code needs from a compiled pattern: `test` (and a cache key via toString). */
interface PatternLike {
  test(input: string): boolean;
  toString(): string;
}

export class UnsupportedPatternError extends Error {
  constructor(
    public readonly pattern: string,
    reason: string,
  ) {
    super(
      `${JSON.stringify(pattern)} is not a usable pattern: ${reason}. Patterns run in linear time, ` +
        'so lookarounds (?= ?! ?<= ?<!) and backreferences (\\1) are not available',
    );
    this.name = 'UnsupportedPatternError';
  }
}

/** Compiles a JSON Schema pattern (ECMA-262 syntax, unanchored search) with RE2. */
export function linearRegExp(pattern: string, flags = ''): PatternLike {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (err) {
    const reason = (err as Error).message.replace(/^error parsing regexp: /, '');
    throw new UnsupportedPatternError(pattern, reason);
  }
  return {
    // JSON Schema's pattern is a search, not a whole-string match: RE2JS.test() finds anywhere
    test: (input: string) => re.test(input),
    toString: () => `re2:${flags}:${pattern}`,
  };
}
// ajv emits `code.regExp` by reference for standalone code; name it for readable generated code
linearRegExp.code = 'linearRegExp';

/** A new ajv (+ formats) whose `pattern` keyword runs in linear time. */
export function createAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    validateSchema: true,
    code: { regExp: linearRegExp satisfies NonNullable<Options['code']>['regExp'] },
  });
  addFormats(ajv);
  return ajv;
}
