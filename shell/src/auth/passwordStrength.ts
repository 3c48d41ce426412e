// The sign-up password meter (docs/product/platform.md, Sign up).
// Pure: zxcvbn's answer is passed in (it is loaded with a dynamic import on /signup only);
// when it is not available yet, a coarse local estimate stands in and says so.
import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from '@quarry/shared/constants';

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** Percentage by score 0..4 (six values; 100 is reached through the bonuses). */
export const PERCENT_BY_SCORE = [0, 20, 40, 60, 85, 100] as const;

export const STRENGTH_LEVELS = ['very weak', 'weak', 'fair', 'good', 'strong'] as const;
export type StrengthLevel = (typeof STRENGTH_LEVELS)[number];

export { PASSWORD_REQUIRED } from './validation';
export const PASSWORD_FAILURE_MESSAGE = 'Password does not meet security requirements';
export const PASSWORD_FAILURE_DETAIL =
  'Your password must be at least 8 characters and include uppercase, lowercase, and numbers.';

/**
 * The meter's percentage:
 * - base by score: 0, 20, 40, 60, 85;
 * - score 3 or higher: +10 at 20 or more characters, and +5 more at 30 or more;
 * - guesses log10 at 14 or more: 100; else at 12 or more: +10;
 * - score 4 with 16 or more characters: 100;
 * - never above 100.
 */
export function strengthPercentage(input: { score: number; length: number; guessesLog10: number }): number {
  const score = Math.max(0, Math.min(4, Math.floor(input.score))) as StrengthScore;
  let percentage: number = PERCENT_BY_SCORE[score];
  if (score >= 3) {
    if (input.length >= 20) percentage += 10;
    if (input.length >= 30) percentage += 5;
  }
  if (input.guessesLog10 >= 14) percentage = 100;
  else if (input.guessesLog10 >= 12) percentage += 10;
  if (score === 4 && input.length >= 16) percentage = 100;
  return Math.min(100, percentage);
}

export function strengthLevel(score: number): StrengthLevel {
  return STRENGTH_LEVELS[Math.max(0, Math.min(4, Math.floor(score)))]!;
}

// ---- predictable patterns -----------------------------------------------------------------

export type PatternKind = 'repeat' | 'digit_run' | 'alphabet_run' | 'keyboard_run';

export interface PatternFinding {
  kind: PatternKind;
  /** The part of the password that forms the pattern. */
  text: string;
}

export const PATTERN_WARNINGS: Record<PatternKind, string> = {
  repeat: 'Avoid repeated characters',
  digit_run: 'Avoid number sequences',
  alphabet_run: 'Avoid alphabet sequences',
  keyboard_run: 'Avoid keyboard patterns',
};

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];
const RUN = 3;

/** Maximal runs of 3+ characters where each step satisfies `step(prev, next)`. */
function runs(chars: string[], step: (a: string, b: string) => boolean): string[] {
  const found: string[] = [];
  let start = 0;
  for (let i = 1; i <= chars.length; i += 1) {
    if (i < chars.length && step(chars[i - 1]!, chars[i]!)) continue;
    if (i - start >= RUN) found.push(chars.slice(start, i).join(''));
    start = i;
  }
  return found;
}

function sequentialRuns(password: string, isMember: (c: string) => boolean): string[] {
  const chars = [...password];
  const code = (c: string) => c.toLowerCase().charCodeAt(0);
  const up = runs(chars, (a, b) => isMember(a) && isMember(b) && code(b) - code(a) === 1);
  const down = runs(chars, (a, b) => isMember(a) && isMember(b) && code(b) - code(a) === -1);
  return [...up, ...down];
}

function keyboardRuns(password: string): string[] {
  const chars = [...password.toLowerCase()];
  const adjacent = (a: string, b: string, dir: 1 | -1) =>
    KEYBOARD_ROWS.some((row) => {
      const i = row.indexOf(a);
      return i >= 0 && row[i + dir] === b;
    });
  const found = [...runs(chars, (a, b) => adjacent(a, b, 1)), ...runs(chars, (a, b) => adjacent(a, b, -1))];
  // A keyboard run that is also a plain digit or alphabet run is reported once, as that.
  return found.filter((r) => !/^\d+$/.test(r) && !isAlphabetRun(r));
}

function isAlphabetRun(text: string): boolean {
  const c = [...text.toLowerCase()].map((ch) => ch.charCodeAt(0));
  const d = c[1]! - c[0]!;
  return (d === 1 || d === -1) && c.every((v, i) => i === 0 || v - c[i - 1]! === d);
}

/** Repeats of 3+ identical characters, digit runs, alphabet runs and keyboard runs (3+). */
export function predictablePatterns(password: string): PatternFinding[] {
  const findings: PatternFinding[] = [];
  const repeats = password.match(/(.)\1{2,}/gu) ?? [];
  for (const text of repeats) findings.push({ kind: 'repeat', text });
  for (const text of sequentialRuns(password, (c) => /\d/.test(c))) findings.push({ kind: 'digit_run', text });
  for (const text of sequentialRuns(password, (c) => /[a-z]/i.test(c))) findings.push({ kind: 'alphabet_run', text });
  for (const text of keyboardRuns(password)) findings.push({ kind: 'keyboard_run', text });
  return findings;
}

// ---- requirements -------------------------------------------------------------------------

export interface PasswordRequirements {
  length: boolean;
  lowercase: boolean;
  uppercase: boolean;
  numbers: boolean;
  symbols: boolean;
  noCommonWords: boolean;
  noPersonalInfo: boolean;
}

/** The six indicators shown under the meter, in order. */
export const INDICATORS: ReadonlyArray<{ key: keyof PasswordRequirements; label: string; description: string }> = [
  { key: 'length', label: '8+', description: 'At least 8 characters' },
  { key: 'uppercase', label: 'A-Z', description: 'An uppercase letter' },
  { key: 'lowercase', label: 'a-z', description: 'A lowercase letter' },
  { key: 'numbers', label: '0-9', description: 'A number' },
  { key: 'symbols', label: 'symbol', description: 'A symbol' },
  { key: 'noCommonWords', label: 'Unique', description: 'No common words or predictable patterns' },
];

/** The parts of zxcvbn's answer the meter uses. */
export interface EstimatorResult {
  score: number;
  guesses_log10: number;
  feedback: { warning: string; suggestions: string[] };
  crack_times_display: { offline_slow_hashing_1e4_per_second: string | number };
  sequence: ReadonlyArray<{ pattern: string; token?: string; dictionary_name?: string }>;
}

export type Estimator = (password: string, userInputs?: string[]) => EstimatorResult;

/** Well-known password words, for the stand-in estimate before zxcvbn has loaded. */
const COMMON_WORDS = [
  'password', 'passw0rd', 'qwerty', 'letmein', 'welcome', 'admin', 'login', 'master', 'monkey', 'dragon',
  'iloveyou', 'sunshine', 'princess', 'football', 'baseball', 'shadow', 'superman', 'trustno1', 'abc123', '123456',
];

function personalTokens(userInputs: string[]): string[] {
  const tokens = new Set<string>();
  for (const input of userInputs) {
    for (const part of input.toLowerCase().split(/[@._+\-\s]+/)) if (part.length >= 3) tokens.add(part);
  }
  return [...tokens];
}

export function passwordRequirements(password: string, estimate: EstimatorResult | null, userInputs: string[] = []): PasswordRequirements {
  const lower = password.toLowerCase();
  const dictionaryMatches = (estimate?.sequence ?? []).filter((m) => m.pattern === 'dictionary' && (m.token?.length ?? 0) >= 3);
  const patterns = predictablePatterns(password);
  const commonFromEstimator = dictionaryMatches.some((m) => m.dictionary_name !== 'user_inputs');
  const commonLocal = COMMON_WORDS.some((w) => lower.includes(w));
  const personalFromEstimator = dictionaryMatches.some((m) => m.dictionary_name === 'user_inputs');
  const personalLocal = personalTokens(userInputs).some((t) => lower.includes(t));
  return {
    length: [...password].length >= PASSWORD_MIN_LENGTH,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    numbers: /[0-9]/.test(password),
    symbols: /[^A-Za-z0-9]/.test(password),
    noCommonWords: password.length > 0 && !(estimate ? commonFromEstimator : commonLocal) && patterns.length === 0,
    noPersonalInfo: password.length > 0 && !(estimate ? personalFromEstimator || personalLocal : personalLocal),
  };
}

// ---- stand-in estimate ---------------------------------------------------------------------

/** zxcvbn's score thresholds (guesses < 10^3, 10^6, 10^8, 10^10). */
export function scoreFromGuessesLog10(log10: number): StrengthScore {
  if (log10 < 3) return 0;
  if (log10 < 6) return 1;
  if (log10 < 8) return 2;
  if (log10 < 10) return 3;
  return 4;
}

/**
 * A coarse estimate used until zxcvbn has loaded (or if it cannot load): brute force over
 * the character classes used, with predictable runs and common words counted as one
 * character each. The server checks the real score on sign-up regardless.
 */
export function fallbackEstimate(password: string, userInputs: string[] = []): EstimatorResult {
  let charset = 0;
  if (/[a-z]/.test(password)) charset += 26;
  if (/[A-Z]/.test(password)) charset += 26;
  if (/[0-9]/.test(password)) charset += 10;
  if (/[^A-Za-z0-9]/.test(password)) charset += 33;
  const lower = password.toLowerCase();
  let effective = [...password].length;
  for (const p of predictablePatterns(password)) effective -= [...p.text].length - 1;
  for (const w of [...COMMON_WORDS, ...personalTokens(userInputs)]) if (lower.includes(w)) effective -= w.length - 1;
  effective = Math.max(0, effective);
  const log10 = charset > 0 ? effective * Math.log10(charset) : 0;
  return {
    score: scoreFromGuessesLog10(log10),
    guesses_log10: log10,
    feedback: { warning: '', suggestions: [] },
    crack_times_display: { offline_slow_hashing_1e4_per_second: '' },
    sequence: [],
  };
}

// ---- the whole result --------------------------------------------------------------------

export interface PasswordStrength {
  score: StrengthScore;
  percentage: number;
  level: StrengthLevel;
  /** zxcvbn's warning, if any. */
  feedback: string;
  suggestions: string[];
  /** Offline slow-hash crack time ('3 hours', 'centuries'); empty for the stand-in estimate. */
  crackTime: string;
  requirements: PasswordRequirements;
  patterns: PatternFinding[];
  /** Score of at least 2 and 8+ characters with lowercase, uppercase and a digit. */
  acceptable: boolean;
  /** True when zxcvbn was not available and the stand-in estimate was used. */
  estimated: boolean;
}

export function isAcceptable(score: number, req: PasswordRequirements): boolean {
  return score >= PASSWORD_MIN_SCORE && req.length && req.lowercase && req.uppercase && req.numbers;
}

const MISSING_HINTS: ReadonlyArray<[keyof PasswordRequirements, string]> = [
  ['length', 'Use at least 8 characters.'],
  ['uppercase', 'Add an uppercase letter.'],
  ['lowercase', 'Add a lowercase letter.'],
  ['numbers', 'Add a number.'],
];

export function evaluatePassword(password: string, estimator: Estimator | null, userInputs: string[] = []): PasswordStrength {
  const inputs = userInputs.filter(Boolean);
  const result = estimator ? estimator(password, inputs) : fallbackEstimate(password, inputs);
  const score = Math.max(0, Math.min(4, Math.floor(result.score))) as StrengthScore;
  const requirements = passwordRequirements(password, estimator ? result : null, inputs);
  const patterns = predictablePatterns(password);
  // zxcvbn's 'No need for symbols, digits, or uppercase letters' contradicts the sign-up rules.
  const estimatorSuggestions = result.feedback.suggestions.filter((s) => !/^No need for symbols/i.test(s));
  const suggestions =
    password.length === 0
      ? []
      : [...MISSING_HINTS.filter(([key]) => !requirements[key]).map(([, hint]) => hint), ...estimatorSuggestions];
  const crack = result.crack_times_display.offline_slow_hashing_1e4_per_second;
  return {
    score,
    percentage: password.length === 0 ? 0 : strengthPercentage({ score, length: [...password].length, guessesLog10: result.guesses_log10 }),
    level: strengthLevel(score),
    feedback: password.length === 0 ? '' : result.feedback.warning,
    suggestions: [...new Set(suggestions)],
    crackTime: typeof crack === 'number' ? `${crack} seconds` : crack,
    requirements,
    patterns,
    acceptable: isAcceptable(score, requirements),
    estimated: !estimator,
  };
}
