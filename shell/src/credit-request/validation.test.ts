import { CREDIT_REQUEST_MESSAGES, CreditRequestCreateSchema } from '@quarry/shared/schemas';
import { creditRequestErrorMessage } from '@quarry/shared';
import {
  EMPTY_CREDIT_REQUEST,
  clearFieldError,
  creditRequestPayload,
  parseAmount,
  validateCreditRequest,
  type CreditRequestValues,
} from './validation';

const valid: CreditRequestValues = {
  amount: '500',
  usage_purpose: 'data_extraction',
  project_description: 'We extract invoice tables from scanned supplier PDFs for our finance team.',
  feedback: '',
  urgency: 'normal',
  expected_duration: '',
};

describe('validateCreditRequest', () => {
  it('accepts a complete request', () => {
    expect(validateCreditRequest(valid)).toEqual({});
  });

  it('reports every required field of an empty form', () => {
    expect(validateCreditRequest(EMPTY_CREDIT_REQUEST)).toEqual({
      amount: 'Please enter a valid amount greater than 0',
      usage_purpose: 'Please select a usage purpose',
      project_description: 'Please provide details about your project',
    });
  });

  it.each(['', '0', '-5', 'abc', '2.5', '1e3'])('refuses the amount %p', (amount) => {
    expect(validateCreditRequest({ ...valid, amount }).amount).toBe(CREDIT_REQUEST_MESSAGES.amount);
  });

  it('allows 1 to 10,000 and refuses more', () => {
    expect(validateCreditRequest({ ...valid, amount: '1' }).amount).toBeUndefined();
    expect(validateCreditRequest({ ...valid, amount: '10000' }).amount).toBeUndefined();
    expect(validateCreditRequest({ ...valid, amount: '10,000' }).amount).toBeUndefined();
    expect(validateCreditRequest({ ...valid, amount: '10001' }).amount).toBe('Maximum request amount is 10,000 credits');
  });

  it('refuses an unknown usage purpose', () => {
    expect(validateCreditRequest({ ...valid, usage_purpose: 'gaming' }).usage_purpose).toBe('Please select a usage purpose');
  });

  it('needs 50 to 2000 characters of project description (trimmed)', () => {
    expect(validateCreditRequest({ ...valid, project_description: '   ' }).project_description).toBe('Please provide details about your project');
    expect(validateCreditRequest({ ...valid, project_description: `${'x'.repeat(49)}   ` }).project_description).toBe(
      'Please provide more details (minimum 50 characters)',
    );
    expect(validateCreditRequest({ ...valid, project_description: 'x'.repeat(50) }).project_description).toBeUndefined();
    expect(validateCreditRequest({ ...valid, project_description: 'x'.repeat(2000) }).project_description).toBeUndefined();
    expect(validateCreditRequest({ ...valid, project_description: 'x'.repeat(2001) }).project_description).toBe(
      'Project description cannot exceed 2000 characters',
    );
  });

  it('allows up to 2000 characters of optional feedback', () => {
    expect(validateCreditRequest({ ...valid, feedback: 'y'.repeat(2000) }).feedback).toBeUndefined();
    expect(validateCreditRequest({ ...valid, feedback: 'y'.repeat(2001) }).feedback).toBe('Feedback cannot exceed 2000 characters');
  });

});

describe('payload', () => {
  it('leaves out empty optional fields and passes the API schema', () => {
    const body = creditRequestPayload({ ...valid, amount: ' 2,500 ' });
    expect(body).toEqual({
      amount: 2500,
      usage_purpose: 'data_extraction',
      project_description: valid.project_description,
      urgency: 'normal',
    });
    expect(CreditRequestCreateSchema.safeParse(body).success).toBe(true);
  });

  it('carries feedback, urgency and duration when given', () => {
    const body = creditRequestPayload({ ...valid, feedback: ' thanks ', urgency: 'high', expected_duration: '2-3-months' });
    expect(body).toMatchObject({ feedback: 'thanks', urgency: 'high', expected_duration: '2-3-months' });
    expect(CreditRequestCreateSchema.safeParse(body).success).toBe(true);
  });

  it('defaults urgency to normal', () => {
    expect(EMPTY_CREDIT_REQUEST.urgency).toBe('normal');
  });

  it('parses amounts', () => {
    expect(parseAmount('42')).toBe(42);
    expect(parseAmount('4 2')).toBeNull();
  });
});

describe('clearFieldError', () => {
  it('clears only the edited field', () => {
    const errors = { amount: 'a', usage_purpose: 'b' };
    expect(clearFieldError(errors, 'amount')).toEqual({ usage_purpose: 'b' });
    expect(clearFieldError(errors, 'feedback')).toBe(errors);
  });
});

describe('Submission Failed messages (shared catalogue)', () => {
  const http = (status: number, body: unknown) => ({ status, data: body });
  it.each([
    [http(400, { detail: 'Amount too high for your plan' }), 'Amount too high for your plan'],
    [http(400, { detail: [{ msg: 'a' }, { msg: 'b' }] }), 'a, b'],
    [http(400, {}), 'Invalid request data. Please check your input and try again.'],
    [http(401, {}), 'You are not authorized to submit credit requests. Please log in again.'],
    [http(403, {}), 'You do not have permission to submit credit requests.'],
    [http(429, {}), 'Too many requests. Please wait a moment before trying again.'],
    [http(503, {}), 'Server error. Please try again later or contact support if the problem persists.'],
    [http(409, { detail: 'You already have a pending request' }), 'You already have a pending request'],
    [new Error('boom'), 'An unexpected error occurred. Please try again.'],
  ])('%#', (error, message) => {
    expect(creditRequestErrorMessage(error)).toBe(message);
  });
});
