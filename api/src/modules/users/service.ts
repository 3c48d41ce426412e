import { eq, sql } from 'drizzle-orm';
import type { User } from '@quarry/shared/schemas';
import type { DbOrTx } from '../../db';
import { creditTransactions, users, type UserRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';

export const EMAIL_EXISTS_MESSAGE = 'An account with this email already exists';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    is_active: row.isActive,
    is_superuser: row.isSuperuser,
    is_verified: row.isVerified,
    credit_balance: row.creditBalance,
    created_at: isoStrict(row.createdAt),
    last_login_at: iso(row.lastLoginAt),
  };
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

const isUniqueViolation = (err: unknown): boolean => {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i += 1) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

export interface NewUser {
  email: string;
  passwordHash: string;
  fullName?: string | null;
  isSuperuser?: boolean;
  isVerified?: boolean;
  initialCredits: number;
}

/** Creates a user and books the initial credits; 409 when the email is taken. */
export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: normalizeEmail(input.email),
          passwordHash: input.passwordHash,
          fullName: input.fullName ?? null,
          isSuperuser: input.isSuperuser ?? false,
          isVerified: input.isVerified ?? false,
          creditBalance: input.initialCredits,
        })
        .returning();
      if (input.initialCredits > 0) {
        await tx.insert(creditTransactions).values({
          userId: row!.id,
          amount: input.initialCredits,
          balanceAfter: input.initialCredits,
          kind: 'initial',
          description: 'Initial credit balance',
        });
      }
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_EXISTS_MESSAGE);
    throw err;
  }
}

export async function countSuperusers(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.isSuperuser, true));
  return row?.n ?? 0;
}

/**
 * Creates a superuser, or promotes an existing account with that email
 * (its password is replaced when `resetPassword` is true).
 */
export async function upsertSuperuser(
  db: DbOrTx,
  input: { email: string; passwordHash: string; resetPassword: boolean; initialCredits: number },
): Promise<{ user: UserRow; action: 'created' | 'promoted' }> {
  let existing = await findUserByEmail(db, input.email);
  if (!existing) {
    try {
      const user = await createUser(db, {
        email: input.email,
        passwordHash: input.passwordHash,
        isSuperuser: true,
        isVerified: true,
        initialCredits: input.initialCredits,
      });
      return { user, action: 'created' };
    } catch (err) {
      // API replicas started together from one environment each create the admin: the one
      // that loses the race (createUser's 409 for the email) promotes the row the other wrote
      // instead of failing its start
      existing = await findUserByEmail(db, input.email);
      if (!existing) throw err;
    }
  }
  const [row] = await db
    .update(users)
    .set({
      isSuperuser: true,
      isActive: true,
      isVerified: true,
      ...(input.resetPassword ? { passwordHash: input.passwordHash, failedLoginCount: 0, lockedUntil: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, existing.id))
    .returning();
  return { user: row!, action: 'promoted' };
}
