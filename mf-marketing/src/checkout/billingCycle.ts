// The order summary's billing-cycle text (docs/product/marketing.md#checkout).
// The provider describes a cycle as an `interval` unit and a `frequency` count, e.g.
// {interval: 'month', frequency: 1} = monthly, {interval: 'week', frequency: 2} = every 2 weeks.

export type BillingInterval = 'day' | 'week' | 'month' | 'year';

export interface BillingCycle {
  interval: BillingInterval;
  frequency: number;
}

const EVERY_ONE: Record<BillingInterval, string> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  year: 'yearly',
};

const UNIT_PLURAL: Record<BillingInterval, string> = {
  day: 'days',
  week: 'weeks',
  month: 'months',
  year: 'years',
};

/** 'daily' | 'weekly' | 'monthly' | 'yearly' for a count of 1, else 'every N days/weeks/months/years'. */
export function billingCycleText(cycle: BillingCycle | null | undefined): string {
  if (!cycle) return 'one-time';
  const { interval, frequency } = cycle;
  if (frequency === 1) return EVERY_ONE[interval];
  return `every ${frequency} ${UNIT_PLURAL[interval]}`;
}
