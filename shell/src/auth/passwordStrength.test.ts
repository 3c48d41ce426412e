import zxcvbn from 'zxcvbn';
import {
  INDICATORS,
  PERCENT_BY_SCORE,
  evaluatePassword,
  fallbackEstimate,
  isAcceptable,
  passwordRequirements,
  predictablePatterns,
  scoreFromGuessesLog10,
  strengthLevel,
  strengthPercentage,
} from './passwordStrength';

const pct = (score: number, length: number, guessesLog10: number) => strengthPercentage({ score, length, guessesLog10 });

describe('strengthPercentage', () => {
  it('lists the six values of the scale', () => {
    expect(PERCENT_BY_SCORE).toEqual([0, 20, 40, 60, 85, 100]);
  });

  it.each([
    [0, 0],
    [1, 20],
    [2, 40],
    [3, 60],
    [4, 85],
  ])('score %i with no bonus gives %i', (score, expected) => {
    expect(pct(score, 10, 2)).toBe(expected);
  });

  it('gives no length bonus below score 3', () => {
    expect(pct(2, 20, 7)).toBe(40);
    expect(pct(2, 35, 7)).toBe(40);
    expect(pct(1, 30, 5)).toBe(20);
  });

  it('adds 10 at 20 or more characters for score 3 and above', () => {
    expect(pct(3, 19, 9)).toBe(60);
    expect(pct(3, 20, 9)).toBe(70);
    expect(pct(3, 29, 9)).toBe(70);
  });

  it('adds 5 more at 30 or more characters', () => {
    expect(pct(3, 30, 9)).toBe(75);
    expect(pct(3, 45, 9)).toBe(75);
  });

  it('applies the length bonus to score 4 below 16 characters only through the 16-character rule', () => {
    // score 4 at 20+ characters is 100 by the score-4 rule, whatever the bonuses say
    expect(pct(4, 20, 10)).toBe(100);
    expect(pct(4, 15, 10)).toBe(85);
  });

  it('adds 10 when the guesses log10 is 12 or more (below 14)', () => {
    expect(pct(3, 10, 11.99)).toBe(60);
    expect(pct(3, 10, 12)).toBe(70);
    expect(pct(4, 12, 13.5)).toBe(95);
    expect(pct(3, 20, 12)).toBe(80);
    expect(pct(3, 30, 13)).toBe(85);
  });

  it('gives 100 when the guesses log10 is 14 or more', () => {
    expect(pct(3, 12, 14)).toBe(100);
    expect(pct(4, 12, 20)).toBe(100);
    expect(pct(3, 10, 13.99)).toBe(70);
  });

  it('gives 100 for score 4 with 16 or more characters', () => {
    expect(pct(4, 16, 10)).toBe(100);
    expect(pct(4, 15, 11)).toBe(85);
    expect(pct(3, 16, 9)).toBe(60);
  });

  it('never exceeds 100 and clamps odd scores', () => {
    expect(pct(4, 40, 30)).toBe(100);
    expect(pct(7, 10, 2)).toBe(85);
    expect(pct(-1, 10, 2)).toBe(0);
  });
});

describe('levels', () => {
  it('names the five scores', () => {
    expect([0, 1, 2, 3, 4].map(strengthLevel)).toEqual(['very weak', 'weak', 'fair', 'good', 'strong']);
  });
});

describe('predictablePatterns', () => {
  const kinds = (p: string) => predictablePatterns(p).map((f) => `${f.kind}:${f.text}`);

  it('flags repeats of 3 or more', () => {
    expect(kinds('xaaay')).toEqual(['repeat:aaa']);
    expect(kinds('Zz!!!!q')).toEqual(['repeat:!!!!']);
    expect(kinds('aab')).toEqual([]);
  });

  it('flags digit runs up and down', () => {
    expect(kinds('x123y')).toEqual(['digit_run:123']);
    expect(kinds('x9876')).toEqual(['digit_run:9876']);
    expect(kinds('x135')).toEqual([]);
  });

  it('flags alphabet runs in either case and direction', () => {
    expect(kinds('1abc2')).toEqual(['alphabet_run:abc']);
    expect(kinds('1ZYX2')).toEqual(['alphabet_run:ZYX']);
    expect(kinds('1aBc2')).toEqual(['alphabet_run:aBc']);
  });

  it('flags keyboard runs that are not also plain sequences', () => {
    expect(kinds('1qwe2')).toEqual(['keyboard_run:qwe']);
    expect(kinds('ASDF')).toEqual(['keyboard_run:asdf']);
    expect(kinds('7ytrewq')).toEqual(['keyboard_run:ytrewq']);
    expect(kinds('90-')).toEqual([]);
  });

  it('finds nothing in a random-looking password', () => {
    expect(predictablePatterns('Xk9#mP2$vL')).toEqual([]);
  });
});

describe('requirements and acceptance', () => {
  it('reads the character classes', () => {
    const r = passwordRequirements('abcDEF12!', null);
    expect(r).toMatchObject({ length: true, lowercase: true, uppercase: true, numbers: true, symbols: true });
    expect(passwordRequirements('short', null)).toMatchObject({ length: false, uppercase: false, numbers: false, symbols: false });
  });

  it('Unique is off for common words and predictable patterns, personal info is found in the email', () => {
    expect(passwordRequirements('MyPassword9', null).noCommonWords).toBe(false);
    expect(passwordRequirements('Hk3$abc9', null).noCommonWords).toBe(false);
    expect(passwordRequirements('Hk3$zq9W', null).noCommonWords).toBe(true);
    expect(passwordRequirements('Jonathan-77x', null, ['jonathan@example.com']).noPersonalInfo).toBe(false);
    expect(passwordRequirements('Hk3$zq9W', null, ['jonathan@example.com']).noPersonalInfo).toBe(true);
  });

  it('has one indicator per label', () => {
    expect(INDICATORS.map((i) => i.label)).toEqual(['8+', 'A-Z', 'a-z', '0-9', 'symbol', 'Unique']);
  });

  it('accepts only score >= 2 with 8+ characters, lowercase, uppercase and a digit', () => {
    const all = passwordRequirements('Abcdefg1', null);
    expect(isAcceptable(2, all)).toBe(true);
    expect(isAcceptable(1, all)).toBe(false);
    expect(isAcceptable(4, passwordRequirements('abcdefg1', null))).toBe(false);
    expect(isAcceptable(4, passwordRequirements('ABCDEFG1', null))).toBe(false);
    expect(isAcceptable(4, passwordRequirements('Abcdefgh', null))).toBe(false);
    expect(isAcceptable(4, passwordRequirements('Abcde1', null))).toBe(false);
  });
});

describe('evaluatePassword with the real zxcvbn', () => {
  it('rejects a weak password and explains why', () => {
    const r = evaluatePassword('password', zxcvbn);
    expect(r.score).toBe(0);
    expect(r.percentage).toBe(0);
    expect(r.level).toBe('very weak');
    expect(r.acceptable).toBe(false);
    expect(r.suggestions).toEqual(expect.arrayContaining(['Add an uppercase letter.', 'Add a number.']));
    expect(r.requirements.noCommonWords).toBe(false);
    expect(r.estimated).toBe(false);
  });

  it('accepts the e2e strong password', () => {
    const r = evaluatePassword('Quarry-Strong-Passw0rd-42', zxcvbn, ['someone@e2e.quarry.test']);
    expect(r.acceptable).toBe(true);
    expect(r.score).toBe(4);
    expect(r.percentage).toBe(100);
    expect(r.crackTime).toBeTruthy();
  });

  it('keeps the rules even when zxcvbn likes the password', () => {
    const r = evaluatePassword('correct horse battery staple zebra', zxcvbn);
    expect(r.score).toBe(4);
    expect(r.acceptable).toBe(false);
  });

  it('flags the email as personal information', () => {
    const r = evaluatePassword('Margarethe-1987', zxcvbn, ['margarethe@example.com']);
    expect(r.requirements.noPersonalInfo).toBe(false);
  });

  it('is empty for an empty password', () => {
    const r = evaluatePassword('', zxcvbn);
    expect(r.percentage).toBe(0);
    expect(r.acceptable).toBe(false);
    expect(r.suggestions).toEqual([]);
  });
});

describe('stand-in estimate (before zxcvbn loads)', () => {
  it('uses zxcvbn score thresholds', () => {
    expect([2.9, 3, 5.9, 6, 7.9, 8, 9.9, 10].map(scoreFromGuessesLog10)).toEqual([0, 1, 1, 2, 2, 3, 3, 4]);
  });

  it('discounts runs and common words', () => {
    expect(fallbackEstimate('Password123').score).toBeLessThan(fallbackEstimate('Xk9#mP2$vL').score);
    expect(evaluatePassword('Xk9#mP2$vLq', null).estimated).toBe(true);
  });
});
