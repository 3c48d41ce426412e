// Users' patterns run in linear time everywhere ajv compiles them: output-schema checks and
// validate-data (modules/output-schemas, tested over HTTP there) and the extraction output
// check (processing/extraction/validate.ts), tested here.
import { checkSchemaDefinition, validateOutput } from '../processing/extraction/validate';
import { createAjv, linearRegExp, UnsupportedPatternError } from './json-schema';

const EVIL = { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } };

test('extraction output validation runs a catastrophic pattern in linear time', () => {
  // the best of three: a busy test machine adds pauses that are not the pattern's
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now();
    const outcome = validateOutput(EVIL, { a: `${'a'.repeat(31)}!` });
    best = Math.min(best, performance.now() - started);
    expect(outcome).toEqual({ valid: false, errors: ['a must match pattern "^(a+)+$"'] });
  }
  expect(best).toBeLessThan(100);
  const started = performance.now();
  expect(validateOutput(EVIL, { a: `${'a'.repeat(10_000)}!` }).valid).toBe(false);
  expect(performance.now() - started).toBeLessThan(10_000); // a backtracking engine would not finish
  expect(validateOutput(EVIL, { a: 'aaa' }).valid).toBe(true);
});

test('an unsupported pattern makes the output schema unusable, with the reason', () => {
  const res = checkSchemaDefinition({ type: 'object', properties: { a: { type: 'string', pattern: '(?<=x)y' } } });
  expect(res.valid).toBe(false);
  expect(res.errors.join(' ')).toMatch(/not a usable pattern.*lookarounds/);
});

test('linearRegExp: search semantics, case-insensitive flag, refusal of backtracking-only syntax', () => {
  expect(linearRegExp('b').test('abc')).toBe(true);
  expect(linearRegExp('^b').test('abc')).toBe(false);
  expect(linearRegExp('^abc$', 'i').test('ABC')).toBe(true);
  expect(() => linearRegExp('(a)\\1')).toThrow(UnsupportedPatternError);
  const ajv = createAjv();
  const fn = ajv.compile({ type: 'string', pattern: '^\\d{4}-\\d{2}$' });
  expect(fn('2024-05')).toBe(true);
  expect(fn('x2024-05')).toBe(false);
});
