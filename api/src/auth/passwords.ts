// Password hashing (argon2id, memory-hard; cost from config) and the sign-up policy
// (same rules as the sign-up form: 8+ chars, lower, upper, digit, zxcvbn score >= 2).
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_MIN_SCORE } from '@quarry/shared/constants';
import { passwordRuleFailures, WEAK_PASSWORD_DETAIL, WEAK_PASSWORD_MESSAGE } from '@quarry/shared/schemas';
import zxcvbn from 'zxcvbn';
import type { Config } from '../config';
import { validationError } from '../lib/errors';

const ARGON2ID = 2 as Algorithm;

export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly cost: Config['argon2']) {}

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, ...this.cost });
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real verification (unknown email: no timing oracle). */
  async verifyDummy(password: string): Promise<void> {
    this.dummyHash ??= this.hash('quarry-dummy-password-for-timing');
    await this.verify(await this.dummyHash, password);
  }

  /** True when the stored hash was made with weaker parameters than configured now. */
  needsRehash(passwordHash: string): boolean {
    try {
      const o = parseOptions(passwordHash);
      return (
        (o.memoryCost ?? 0) < this.cost.memoryCost ||
        (o.timeCost ?? 0) < this.cost.timeCost ||
        o.algorithm !== ARGON2ID
      );
    } catch {
      return true;
    }
  }
}

/** Throws 422 (list form, loc body.password) unless the password passes the sign-up policy. */
export function assertStrongPassword(password: string, userInputs: string[], loc: (string | number)[] = ['body', 'password']) {
  const failures = passwordRuleFailures(password);
  if (failures.length > 0) {
    throw validationError(loc, `${WEAK_PASSWORD_MESSAGE}. ${WEAK_PASSWORD_DETAIL}`, 'weak_password');
  }
  const inputs = userInputs.flatMap((u) => [u, ...u.split(/[@._+-]/)]).filter((s) => s.length >= 3);
  const { score } = zxcvbn(password, inputs);
  if (score < PASSWORD_MIN_SCORE) {
    throw validationError(
      loc,
      `${WEAK_PASSWORD_MESSAGE}. This password is too easy to guess (strength ${score} of 4, at least ${PASSWORD_MIN_SCORE} needed): avoid common words, names, dates and patterns.`,
      'weak_password',
    );
  }
}
