import { validateAdjustment } from './adjustment';

describe('balance adjustment form', () => {
  it.each([
    [{ amount: '500', reason: 'Pilot' }, {}],
    [{ amount: '-50', reason: 'Correction' }, {}],
    [{ amount: '0', reason: 'x' }, { amount: 'Enter a whole number of credits other than 0' }],
    [{ amount: '2.5', reason: 'x' }, { amount: 'Enter a whole number of credits other than 0' }],
    [{ amount: '', reason: '' }, { amount: 'Enter a whole number of credits other than 0', reason: 'Please give a reason for the adjustment' }],
    [{ amount: '2000000', reason: 'x' }, { amount: 'An adjustment cannot exceed 1,000,000 credits' }],
  ])('%j → %j', (values, errors) => {
    expect(validateAdjustment(values)).toEqual(errors);
  });
});
