import { billingCycleText, type BillingInterval } from './billingCycle';

describe('billingCycleText', () => {
  it.each<[BillingInterval, string]>([
    ['day', 'daily'],
    ['week', 'weekly'],
    ['month', 'monthly'],
    ['year', 'yearly'],
  ])('a count of 1 per %s reads %s', (interval, text) => {
    expect(billingCycleText({ interval, frequency: 1 })).toBe(text);
  });

  it.each<[BillingInterval, number, string]>([
    ['day', 2, 'every 2 days'],
    ['week', 2, 'every 2 weeks'],
    ['month', 3, 'every 3 months'],
    ['year', 2, 'every 2 years'],
    ['day', 30, 'every 30 days'],
    ['month', 6, 'every 6 months'],
  ])('%s × %i reads "%s"', (interval, frequency, text) => {
    expect(billingCycleText({ interval, frequency })).toBe(text);
  });

  it('has a text for a price without a cycle', () => {
    expect(billingCycleText(null)).toBe('one-time');
    expect(billingCycleText(undefined)).toBe('one-time');
  });
});
