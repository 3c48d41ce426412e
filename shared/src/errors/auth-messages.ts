// The login and sign-up catalogue (docs/product/platform.md, Log in): chosen by patterns in
// the server message, then by status. Texts word for word.
import { AppError, toAppError } from './app-error';

export type AuthErrorCase =
  | 'invalid_credentials'
  | 'account_locked'
  | 'account_disabled'
  | 'email_not_verified'
  | 'email_exists'
  | 'invalid_email'
  | 'weak_password'
  | 'rate_limited'
  | 'network'
  | 'server'
  | 'bad_request'
  | 'unknown';

export type SuggestionAction = 'retry' | 'contact_support' | 'check_email' | 'wait' | 'refresh';

/** Suggestion lines by action. Only the retry text was given; the others are ours. */
export const SUGGESTIONS: Record<SuggestionAction, string> = {
  retry: 'Please try again.',
  contact_support: 'Contact support if the problem continues.',
  check_email: 'Check your email inbox (and spam folder) for the verification link.',
  wait: 'Wait a few minutes before trying again.',
  refresh: 'Refresh the page and try again.',
};

export interface AuthErrorEntry {
  message: string;
  retryable: boolean;
  actions: SuggestionAction[];
}

/**
 * The login and sign-up table. `retryable` was given only for invalid credentials (yes)
 * and account locked (no); the other flags are our reading: retryable when the same user
 * can succeed by trying again (after fixing input, waiting, or reconnecting).
 */
export const AUTH_ERROR_CATALOGUE: Record<AuthErrorCase, AuthErrorEntry> = {
  invalid_credentials: {
    message: 'Invalid email or password. Please check your credentials and try again.',
    retryable: true,
    actions: ['retry'],
  },
  account_locked: {
    message: 'Account temporarily locked for security. Please try again later or contact support.',
    retryable: false,
    actions: ['wait', 'contact_support'],
  },
  account_disabled: {
    message: 'Account access is currently disabled. Please contact support for assistance.',
    retryable: false,
    actions: ['contact_support'],
  },
  email_not_verified: {
    message: 'Please verify your email address before logging in. Check your inbox for a verification link.',
    retryable: false,
    actions: ['check_email'],
  },
  email_exists: {
    message: 'An account with this email already exists. Try logging in instead.',
    retryable: false,
    actions: [],
  },
  invalid_email: { message: 'Please enter a valid email address.', retryable: true, actions: ['retry'] },
  weak_password: {
    message: 'Password does not meet security requirements. Please choose a stronger password.',
    retryable: true,
    actions: ['retry'],
  },
  rate_limited: { message: 'Too many attempts. Please wait before trying again.', retryable: true, actions: ['wait'] },
  network: {
    message: 'Unable to connect to our servers. Please check your internet connection and try again.',
    retryable: true,
    actions: ['retry', 'refresh'],
  },
  server: {
    message: 'Something went wrong on our end. Please try again in a few moments.',
    retryable: true,
    actions: ['wait', 'retry'],
  },
  bad_request: { message: 'Please check your input and try again.', retryable: true, actions: ['retry'] },
  unknown: {
    message: 'An unexpected error occurred. Please try again or contact support if the problem persists.',
    retryable: true,
    actions: ['refresh', 'contact_support'],
  },
};

/** Message patterns, tried in this order before the status rules. */
const PATTERNS: ReadonlyArray<[AuthErrorCase, RegExp]> = [
  ['account_locked', /\blocked\b|lockout|locked[_ ]out/i],
  ['account_disabled', /disabled|deactivated|inactive|suspended|banned/i],
  ['email_not_verified', /not[_ ]verified|unverified|verify your email|verification required/i],
  ['email_exists', /already (exists|registered|in use|taken)|user[_ ]already[_ ]exists|email.*\b(taken|in use)\b/i],
  ['rate_limited', /too many|rate[_ ]?limit/i],
  ['invalid_credentials', /bad[_ ]credentials|invalid (email or password|username or password|credentials|login)|incorrect (email|username|password)|wrong password/i],
  ['weak_password', /weak password|password.*(too (short|weak|common)|at least|requirements?|strength|complexity)|invalid[_ ]password/i],
  ['invalid_email', /invalid email|valid email|email address is not valid|not a valid email/i],
];

const STATUS_CASES: Record<number, AuthErrorCase> = {
  401: 'invalid_credentials',
  403: 'account_disabled',
  409: 'email_exists',
  429: 'rate_limited',
  500: 'server',
  502: 'server',
  503: 'server',
  504: 'server',
  400: 'bad_request',
};

export interface AuthErrorInfo extends AuthErrorEntry {
  case: AuthErrorCase;
  suggestions: string[];
  error: AppError;
}

export function classifyAuthError(error: unknown): AuthErrorCase {
  const appError = toAppError(error);
  const text = [appError.serverMessage, appError.kind === 'unknown' ? appError.message : undefined]
    .filter(Boolean)
    .join(' ');
  if (text) {
    for (const [which, pattern] of PATTERNS) if (pattern.test(text)) return which;
  }
  if (appError.kind === 'network') return 'network';
  if (appError.status !== undefined && STATUS_CASES[appError.status]) return STATUS_CASES[appError.status]!;
  return 'unknown';
}

/** The catalogue entry for a login or sign-up failure, with its suggestion lines. */
export function authErrorInfo(error: unknown): AuthErrorInfo {
  const which = classifyAuthError(error);
  const entry = AUTH_ERROR_CATALOGUE[which];
  return {
    case: which,
    ...entry,
    suggestions: entry.actions.map((a) => SUGGESTIONS[a]),
    error: toAppError(error),
  };
}
