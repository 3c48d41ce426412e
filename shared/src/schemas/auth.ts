import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { TimestampSchema, UuidSchema } from './common';
import { UserSchema } from './users';

export const WEAK_PASSWORD_MESSAGE = 'Password does not meet security requirements';
export const WEAK_PASSWORD_DETAIL =
  'Your password must be at least 8 characters and include uppercase, lowercase, and numbers.';
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

/** Character rules of the sign-up form (the strength score is checked on top of these). */
export const passwordRuleFailures = (password: string): string[] => {
  const failures: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) failures.push('length');
  if (!/[a-z]/.test(password)) failures.push('lowercase');
  if (!/[A-Z]/.test(password)) failures.push('uppercase');
  if (!/[0-9]/.test(password)) failures.push('numbers');
  return failures;
};

export const EmailSchema = z
  .string({ error: (iss) => (iss.input === undefined ? 'Email is required' : INVALID_EMAIL_MESSAGE) })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: INVALID_EMAIL_MESSAGE })
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }))
  .transform((email) => email.toLowerCase());

export const SignupPasswordSchema = z
  .string({ error: (iss) => (iss.input === undefined ? 'Password is required' : WEAK_PASSWORD_MESSAGE) })
  .min(1, { error: 'Password is required' })
  .max(PASSWORD_MAX_LENGTH, { error: `${WEAK_PASSWORD_MESSAGE}: at most ${PASSWORD_MAX_LENGTH} characters` })
  .refine((p) => passwordRuleFailures(p).length === 0, {
    error: `${WEAK_PASSWORD_MESSAGE}. ${WEAK_PASSWORD_DETAIL}`,
  });

/** `POST users/register` (JSON). The server also requires a zxcvbn score >= 2 (email as user input). */
export const RegisterBodySchema = z.strictObject({
  email: EmailSchema,
  password: SignupPasswordSchema,
  full_name: z.string().trim().max(100).nullish(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

/**
 * `POST auth/login`, form-encoded (JSON accepted too). `username` carries the email.
 * The OAuth2 password-flow fields are accepted and ignored.
 */
export const LoginBodySchema = z.strictObject({
  username: z.string({ error: 'Email is required' }).trim().min(1, { error: 'Email is required' }).max(EMAIL_MAX_LENGTH),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
  grant_type: z.string().max(64).optional(),
  scope: z.string().max(1024).optional(),
  client_id: z.string().max(256).optional(),
  client_secret: z.string().max(256).optional(),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

/** Answer of login and refresh. The refresh token is only in the httpOnly cookie. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** seconds until the access token expires */
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Answer of `POST users/register` (201). */
export const RegisterResponseSchema = TokenResponseSchema.extend({ user: UserSchema });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

// ------------------------------------------------------------------ password change and reset

/** What `POST auth/forgot-password` answers whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email address, a link to reset its password is on its way. The link works once, for one hour.';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const NEW_PASSWORD_SAME = 'The new password must differ from the current one';
export const RESET_LINK_INVALID = 'This reset link is invalid, expired or already used. Please ask for a new one.';

/** `POST users/me/password`: the current password proves it is the owner. */
export const PasswordChangeBodySchema = z.strictObject({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(1024),
  new_password: SignupPasswordSchema,
});
export type PasswordChangeBody = z.input<typeof PasswordChangeBodySchema>;

/** `POST auth/forgot-password` */
export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/** `POST auth/reset-password`: the token of the link and the new password. */
export const ResetPasswordBodySchema = z.strictObject({
  token: z.string({ error: RESET_LINK_INVALID }).min(1, { error: RESET_LINK_INVALID }).max(256, { error: RESET_LINK_INVALID }),
  new_password: SignupPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

// ------------------------------------------------------------------ sessions

/** One signed-in session (a login on one device) of `GET users/me/sessions`. */
export const SessionSchema = z.object({
  id: UuidSchema,
  /** "Chrome on macOS", from the user agent; "Unknown device" without one */
  device: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: TimestampSchema,
  /** when its token was last refreshed (or the login, if never) */
  last_used_at: TimestampSchema,
  /** the session of the token that asked */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

/** `GET users/me/sessions`: live sessions, most recently used first. */
export const SessionListResponseSchema = z.object({ sessions: z.array(SessionSchema) });
export type SessionListResponse = z.infer<typeof SessionListResponseSchema>;

/** `POST users/me/sessions/revoke-others` and the password change: how many other sessions ended. */
export const SessionsRevokedResponseSchema = z.object({ message: z.string(), revoked: z.number().int() });
export type SessionsRevokedResponse = z.infer<typeof SessionsRevokedResponseSchema>;

/** `GET /admin/mail-outbox`: mail that had no SMTP server to go to (newest first). */
export const MailOutboxListResponseSchema = z.object({
  /** false when SMTP_URL is set: mail is sent, nothing new lands here */
  smtp_configured: z.boolean(),
  messages: z.array(
    z.object({
      id: UuidSchema,
      to_email: z.string(),
      subject: z.string(),
      body: z.string(),
      created_at: TimestampSchema,
    }),
  ),
});
export type MailOutboxListResponse = z.infer<typeof MailOutboxListResponseSchema>;
