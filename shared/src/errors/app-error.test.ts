import {
  AppError,
  DEFAULT_ERROR_MESSAGES,
  RefreshError,
  detailMessages,
  errorFromResponse,
  isAuthError,
  kindForStatus,
  serverMessageOf,
  toAppError,
} from './app-error';

describe('the five default texts (word for word)', () => {
  it('are exact', () => {
    expect(DEFAULT_ERROR_MESSAGES).toEqual({
      network: 'Network connection error. Please check your connection and try again.',
      validation: 'Please check your input and try again.',
      authentication: 'Authentication required. Please log in again.',
      authorization: 'You do not have permission to perform this action.',
      system: 'A system error occurred. Please try again or contact support.',
    });
  });
});

describe('status classes', () => {
  it.each([
    [401, 'authentication'],
    [403, 'authorization'],
    [400, 'validation'],
    [404, 'validation'],
    [409, 'validation'],
    [422, 'validation'],
    [429, 'validation'],
    [500, 'system'],
    [502, 'system'],
    [503, 'system'],
    [504, 'system'],
  ])('%i → %s', (status, kind) => {
    expect(kindForStatus(status)).toBe(kind);
    const e = errorFromResponse(status, {});
    expect(e.kind).toBe(kind);
    expect(e.status).toBe(status);
  });

  it('uses the default text of the class when the server says nothing', () => {
    expect(errorFromResponse(401, undefined).message).toBe(DEFAULT_ERROR_MESSAGES.authentication);
    expect(errorFromResponse(403, '').message).toBe(DEFAULT_ERROR_MESSAGES.authorization);
    expect(errorFromResponse(422, { detail: [] }).message).toBe(DEFAULT_ERROR_MESSAGES.validation);
    expect(errorFromResponse(503, null).message).toBe(DEFAULT_ERROR_MESSAGES.system);
  });

  it('marks network, 5xx, 408 and 429 retryable, other 4xx not', () => {
    expect(errorFromResponse(500, {}).retryable).toBe(true);
    expect(errorFromResponse(429, {}).retryable).toBe(true);
    expect(errorFromResponse(408, {}).retryable).toBe(true);
    expect(errorFromResponse(400, {}).retryable).toBe(false);
    expect(errorFromResponse(401, {}).retryable).toBe(false);
    expect(errorFromResponse(403, {}).retryable).toBe(false);
    expect(toAppError(new TypeError('Failed to fetch')).retryable).toBe(true);
  });
});

describe('reading the server text', () => {
  it('takes detail when it is a string', () => {
    expect(serverMessageOf({ detail: 'Dataset not found', message: 'ignored' })).toBe('Dataset not found');
    expect(errorFromResponse(404, { detail: 'Dataset not found' }).message).toBe('Dataset not found');
  });

  it("takes the first item's msg when detail is a list", () => {
    const body = { detail: [{ loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error' }, { msg: 'second' }] };
    expect(serverMessageOf(body)).toBe('value is not a valid email address');
    const e = errorFromResponse(422, body);
    expect(e.message).toBe('value is not a valid email address');
    expect(e.detail).toEqual(body.detail);
  });

  it('falls back to message', () => {
    expect(serverMessageOf({ message: 'Quota exceeded' })).toBe('Quota exceeded');
    expect(serverMessageOf({ detail: [], message: 'Quota exceeded' })).toBe('Quota exceeded');
    expect(serverMessageOf({ detail: '  ', message: 'm' })).toBe('m');
  });

  it('reads a text body and nothing from empty ones', () => {
    expect(serverMessageOf('Bad Gateway')).toBe('Bad Gateway');
    expect(serverMessageOf(undefined)).toBeUndefined();
    expect(serverMessageOf({})).toBeUndefined();
    expect(serverMessageOf([1, 2])).toBeUndefined();
  });

  it('lists every detail message', () => {
    expect(detailMessages([{ msg: 'a' }, 'b', { nope: 1 }])).toEqual(['a', 'b']);
    expect(detailMessages('x')).toEqual(['x']);
    expect(detailMessages({ msg: 'x' })).toEqual([]);
  });
});

describe('toAppError', () => {
  it('passes AppErrors through', () => {
    const e = new AppError({ kind: 'validation' });
    expect(toAppError(e)).toBe(e);
  });

  it('maps fetch failures and time-outs to network errors with the default text', () => {
    for (const err of [new TypeError('Failed to fetch'), new TypeError('NetworkError when attempting to fetch resource.'), Object.assign(new Error('signal timed out'), { name: 'TimeoutError' })]) {
      const e = toAppError(err);
      expect(e.kind).toBe('network');
      expect(e.message).toBe(DEFAULT_ERROR_MESSAGES.network);
    }
  });

  it('maps HTTP-error-shaped objects by status', () => {
    expect(toAppError({ status: 409, detail: 'exists' })).toMatchObject({ kind: 'validation', status: 409, message: 'exists' });
    expect(toAppError({ response: { status: 502, data: { message: 'upstream' } } })).toMatchObject({ kind: 'system', message: 'upstream' });
  });

  it('keeps other errors as unknown with their message', () => {
    expect(toAppError(new Error('kaput'))).toMatchObject({ kind: 'unknown', message: 'kaput', retryable: false });
    expect(toAppError('plain')).toMatchObject({ kind: 'unknown', message: 'plain' });
    expect(toAppError(42)).toMatchObject({ kind: 'unknown', message: 'An unexpected error occurred.' });
  });
});

describe('RefreshError', () => {
  it('is an auth-class AppError that is never retryable', () => {
    const e = new RefreshError({ status: 401, reason: 'rejected' });
    expect(e).toBeInstanceOf(AppError);
    expect(e).toBeInstanceOf(RefreshError);
    expect(e.kind).toBe('refresh');
    expect(e.retryable).toBe(false);
    expect(e.message).toBe(DEFAULT_ERROR_MESSAGES.authentication);
    expect(e.isAuthFailure).toBe(true);
    expect(new RefreshError({ reason: 'network' }).isAuthFailure).toBe(false);
    expect(isAuthError(e)).toBe(true);
    expect(isAuthError(errorFromResponse(401, {}))).toBe(true);
    expect(isAuthError(errorFromResponse(403, {}))).toBe(false);
  });
});
