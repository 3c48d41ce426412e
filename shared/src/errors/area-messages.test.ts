import { AppError, errorFromResponse } from './app-error';
import {
  CHUNKING_INVALID_RESPONSE,
  CREDIT_REQUEST_ERRORS,
  classifyChunkingCreateError,
  creditRequestErrorMessage,
  jobCreationErrorDetail,
} from './area-messages';

describe('credit request submission', () => {
  it('400: the detail string, or the list messages joined by commas, else message, else the default', () => {
    expect(creditRequestErrorMessage(errorFromResponse(400, { detail: 'Amount too large' }))).toBe('Amount too large');
    expect(
      creditRequestErrorMessage(errorFromResponse(400, { detail: [{ msg: 'Amount must be positive' }, { msg: 'Purpose required' }] })),
    ).toBe('Amount must be positive, Purpose required');
    expect(creditRequestErrorMessage(errorFromResponse(400, { message: 'Bad payload' }))).toBe('Bad payload');
    expect(creditRequestErrorMessage(errorFromResponse(400, {}))).toBe('Invalid request data. Please check your input and try again.');
  });

  it('401, 403, 429 and 5xx have fixed texts', () => {
    expect(creditRequestErrorMessage(errorFromResponse(401, { detail: 'x' }))).toBe(
      'You are not authorized to submit credit requests. Please log in again.',
    );
    expect(creditRequestErrorMessage(errorFromResponse(403, { detail: 'x' }))).toBe('You do not have permission to submit credit requests.');
    expect(creditRequestErrorMessage(errorFromResponse(429, { detail: 'x' }))).toBe('Too many requests. Please wait a moment before trying again.');
    for (const status of [500, 502, 503]) {
      expect(creditRequestErrorMessage(errorFromResponse(status, { detail: 'x' }))).toBe(
        'Server error. Please try again later or contact support if the problem persists.',
      );
    }
  });

  it('other statuses show their detail; without one (or no status at all) the unknown text', () => {
    expect(creditRequestErrorMessage(errorFromResponse(409, { detail: 'You already have a pending request' }))).toBe(
      'You already have a pending request',
    );
    expect(creditRequestErrorMessage(errorFromResponse(422, { detail: [{ msg: 'a' }, { msg: 'b' }] }))).toBe('a, b');
    expect(creditRequestErrorMessage(errorFromResponse(404, {}))).toBe(CREDIT_REQUEST_ERRORS.unknown);
    expect(creditRequestErrorMessage(new AppError({ kind: 'network' }))).toBe('An unexpected error occurred. Please try again.');
  });
});

describe("'Job creation failed' detail", () => {
  it('list → messages joined by commas; string → as is; object → JSON; none → the error message', () => {
    expect(jobCreationErrorDetail(errorFromResponse(422, { detail: [{ msg: 'name required' }, { msg: 'dataset_id required' }] }))).toBe(
      'name required, dataset_id required',
    );
    expect(jobCreationErrorDetail(errorFromResponse(400, { detail: 'Dataset is empty' }))).toBe('Dataset is empty');
    expect(jobCreationErrorDetail(errorFromResponse(400, { detail: { code: 'QUOTA', left: 0 } }))).toBe('{"code":"QUOTA","left":0}');
    expect(jobCreationErrorDetail(new Error('offline'))).toBe('offline');
  });
});

describe('chunking job creation errors', () => {
  it.each([
    ['OCR must be run on this file first', 400, 'OCR Required', 'OCR must be run first'],
    ['File has no OCR results; OCR is required', 409, 'OCR Required', 'OCR must be run first'],
    ['File not found', 404, 'File Not Found', 'File not found'],
    ['Access denied to this file', 403, 'Access Denied', 'Access denied to this file'],
    ['You do not have permission', 400, 'Access Denied', 'You do not have permission'],
    ['Database exploded', 500, 'Server Error (500)', 'Database exploded'],
    ['Unprocessable', 422, 'Server Error (422)', 'Unprocessable'],
  ])('%s (HTTP %i) → %s', (detail, status, title, description) => {
    expect(classifyChunkingCreateError(errorFromResponse(status, { detail }))).toMatchObject({ title, description });
  });

  it('network or fetch failures → Connection Error', () => {
    expect(classifyChunkingCreateError(new TypeError('Failed to fetch')).title).toBe('Connection Error');
    expect(classifyChunkingCreateError(new Error('fetch failed')).title).toBe('Connection Error');
  });

  it('a bare 404/403 still reads by status', () => {
    expect(classifyChunkingCreateError(errorFromResponse(404, {})).title).toBe('File Not Found');
    expect(classifyChunkingCreateError(errorFromResponse(403, {})).title).toBe('Access Denied');
  });

  it('an answer with no job id → Invalid Response', () => {
    expect(CHUNKING_INVALID_RESPONSE.title).toBe('Invalid Response');
  });
});
