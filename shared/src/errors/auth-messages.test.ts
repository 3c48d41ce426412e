import { AppError, errorFromResponse } from './app-error';
import { AUTH_ERROR_CATALOGUE, SUGGESTIONS, authErrorInfo, classifyAuthError } from './auth-messages';

const http = (status: number, detail?: string) => errorFromResponse(status, detail === undefined ? {} : { detail });

describe('the login/sign-up texts (word for word)', () => {
  it('are exact', () => {
    const messages = Object.fromEntries(Object.entries(AUTH_ERROR_CATALOGUE).map(([k, v]) => [k, v.message]));
    expect(messages).toEqual({
      invalid_credentials: 'Invalid email or password. Please check your credentials and try again.',
      account_locked: 'Account temporarily locked for security. Please try again later or contact support.',
      account_disabled: 'Account access is currently disabled. Please contact support for assistance.',
      email_not_verified: 'Please verify your email address before logging in. Check your inbox for a verification link.',
      email_exists: 'An account with this email already exists. Try logging in instead.',
      invalid_email: 'Please enter a valid email address.',
      weak_password: 'Password does not meet security requirements. Please choose a stronger password.',
      rate_limited: 'Too many attempts. Please wait before trying again.',
      network: 'Unable to connect to our servers. Please check your internet connection and try again.',
      server: 'Something went wrong on our end. Please try again in a few moments.',
      bad_request: 'Please check your input and try again.',
      unknown: 'An unexpected error occurred. Please try again or contact support if the problem persists.',
    });
  });

  it('states retryable: invalid credentials yes, account locked no', () => {
    expect(AUTH_ERROR_CATALOGUE.invalid_credentials.retryable).toBe(true);
    expect(AUTH_ERROR_CATALOGUE.account_locked.retryable).toBe(false);
  });
});

describe('chosen by pattern in the server message', () => {
  it.each([
    ['Invalid email or password', 422, 'invalid_credentials'],
    ['LOGIN_BAD_CREDENTIALS', 400, 'invalid_credentials'],
    ['Incorrect username or password', 400, 'invalid_credentials'],
    ['Account is locked after too many failed attempts', 423, 'account_locked'],
    ['This account has been disabled', 400, 'account_disabled'],
    ['User is inactive', 400, 'account_disabled'],
    ['Email not verified', 400, 'email_not_verified'],
    ['LOGIN_USER_NOT_VERIFIED', 400, 'email_not_verified'],
    ['A user with this email already exists', 400, 'email_exists'],
    ['REGISTER_USER_ALREADY_EXISTS', 400, 'email_exists'],
    ['value is not a valid email address', 422, 'invalid_email'],
    ['Invalid email address', 422, 'invalid_email'],
    ['Password must be at least 8 characters', 422, 'weak_password'],
    ['Password does not meet security requirements', 422, 'weak_password'],
    ['Too many requests', 400, 'rate_limited'],
    ['Rate limit exceeded, retry in 1 minute', 400, 'rate_limited'],
  ])('%s (HTTP %i) → %s', (detail, status, expected) => {
    expect(classifyAuthError(http(status, detail))).toBe(expected);
  });
});

describe('chosen by status when the message says nothing known', () => {
  it.each([
    [401, 'invalid_credentials'],
    [403, 'account_disabled'],
    [409, 'email_exists'],
    [429, 'rate_limited'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [504, 'server'],
    [400, 'bad_request'],
    [404, 'unknown'],
    [501, 'unknown'],
  ])('%i → %s', (status, expected) => {
    expect(classifyAuthError(http(status, 'something'))).toBe(expected);
  });

  it('network failures → network', () => {
    expect(classifyAuthError(new AppError({ kind: 'network' }))).toBe('network');
    expect(classifyAuthError(new TypeError('Failed to fetch'))).toBe('network');
  });

  it('anything else → unknown', () => {
    expect(classifyAuthError(new Error('weird'))).toBe('unknown');
    expect(classifyAuthError(undefined)).toBe('unknown');
  });
});

describe('authErrorInfo', () => {
  it('gives the message, retryable flag and suggestion lines', () => {
    const info = authErrorInfo(http(401, 'Invalid email or password'));
    expect(info.case).toBe('invalid_credentials');
    expect(info.message).toBe(AUTH_ERROR_CATALOGUE.invalid_credentials.message);
    expect(info.retryable).toBe(true);
    expect(info.suggestions).toEqual(['Please try again.']);
    expect(info.error.status).toBe(401);
  });

  it('attaches the suggestion of each action', () => {
    expect(SUGGESTIONS.retry).toBe('Please try again.');
    expect(authErrorInfo(http(400, 'Email not verified')).suggestions).toEqual([SUGGESTIONS.check_email]);
    expect(authErrorInfo(http(403)).suggestions).toEqual([SUGGESTIONS.contact_support]);
    expect(authErrorInfo(http(429)).suggestions).toEqual([SUGGESTIONS.wait]);
    expect(authErrorInfo(new TypeError('Failed to fetch')).suggestions).toEqual([SUGGESTIONS.retry, SUGGESTIONS.refresh]);
  });
});
