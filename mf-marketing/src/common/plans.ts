// Display prices (docs/product/marketing.md#pricing-and-faq). The free plan's button signs up;
// the paid plans' buttons open the checkout page with the plan's price id for the chosen period
// (the provider runs in sandbox mode there).

export type PlanCycle = 'monthly' | 'yearly';

export interface Plan {
  id: 'free' | 'pro' | 'enterprise';
  name: string;
  tagline: string;
  /** Whole US dollars. */
  price: Record<PlanCycle, number>;
  features: string[];
  cta: string;
  highlighted?: boolean;
}

export const YEARLY_BADGE = 'Save 20%';

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    tagline: 'Try the whole pipeline on your own documents.',
    price: { monthly: 0, yearly: 0 },
    features: ['3 projects', '1 team member', 'OCR, chunking and extraction', 'Community support'],
    cta: 'Get Started',
  },
  {
    id: 'pro',
    name: 'Pro',
    tagline: 'For teams that extract data every week.',
    price: { monthly: 29, yearly: 290 },
    features: ['Unlimited projects', 'Up to 10 team members', 'Batch extraction', 'Custom output schemas', 'Priority email support'],
    cta: 'Start Free Trial',
    highlighted: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    tagline: 'For organisations with volume and compliance needs.',
    price: { monthly: 99, yearly: 990 },
    features: ['Unlimited projects', 'Unlimited team members', 'API with webhooks', 'Dedicated support', 'Self-hosting assistance'],
    cta: 'Contact Sales',
  },
];

/** Where a plan's button leads: sign-up for the free plan, else checkout with its price id. */
export function planHref(plan: Plan, cycle: PlanCycle): string {
  if (plan.price[cycle] === 0) return '/signup';
  return `/checkout/pri_quarry_${plan.id}_${cycle}`;
}

/** '$29' ; '$0'. */
export function formatPrice(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

/** '/month' or '/year'. */
export function periodLabel(cycle: PlanCycle): string {
  return cycle === 'monthly' ? '/month' : '/year';
}
