import { FeedbackCreateSchema } from '@quarry/shared/schemas';
import { FEEDBACK_MESSAGES, feedbackCounter, feedbackPayload, validateFeedback } from './validation';

describe('validateFeedback', () => {
  it('asks for a message and a category', () => {
    expect(validateFeedback({ category: '', message: '' })).toEqual({
      message: 'Please provide feedback.',
      category: 'Please select a category.',
    });
  });

  it('treats a blank message as missing', () => {
    expect(validateFeedback({ category: 'bug', message: '  \n ' })).toEqual({ message: 'Please provide feedback.' });
  });

  it('refuses an unknown category', () => {
    expect(validateFeedback({ category: 'praise', message: 'Nice' })).toEqual({ category: 'Please select a category.' });
  });

  it.each(['bug', 'feature', 'improvement', 'other'])('accepts %s', (category) => {
    expect(validateFeedback({ category, message: 'x' })).toEqual({});
  });

  it('does not enforce the 1000 limit', () => {
    const long = 'a'.repeat(1500);
    expect(validateFeedback({ category: 'other', message: long })).toEqual({});
    expect(feedbackCounter(long)).toBe('1500/1000');
    expect(feedbackCounter('')).toBe('0/1000');
  });

  it('matches the texts of the shared schema', () => {
    const r = FeedbackCreateSchema.safeParse({ category: 'nope', message: ' ' });
    const texts = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(texts).toEqual(expect.arrayContaining([FEEDBACK_MESSAGES.message, FEEDBACK_MESSAGES.category]));
  });

  it('builds a payload the API schema accepts', () => {
    const body = feedbackPayload({ category: 'feature', message: '  More exports  ' }, { url: 'http://x/files', userAgent: 'UA' });
    expect(body).toEqual({ category: 'feature', message: 'More exports', url: 'http://x/files', user_agent: 'UA' });
    expect(FeedbackCreateSchema.safeParse(body).success).toBe(true);
  });
});
