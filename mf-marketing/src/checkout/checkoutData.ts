// What the payment provider reports about an open checkout, and the sandbox preview used
// while the provider is not wired in: it runs in sandbox mode and its prices are not connected
// (docs/product/marketing.md#checkout).
import { PLANS } from '../common/plans';
import type { BillingCycle } from './billingCycle';

export interface CheckoutItem {
  price_id: string;
  price_name: string;
  quantity: number;
  billing_cycle: BillingCycle | null;
}

export interface CheckoutTotals {
  subtotal: number;
  tax: number;
  total: number;
}

export interface CheckoutData {
  currency_code: string;
  items: CheckoutItem[];
  totals: CheckoutTotals;
  recurring_totals?: { total: number } | null;
}

/** Used when the route carries no price id. */
export const DEFAULT_PRICE_ID = 'pri_quarry_pro_monthly';

/** The user the checkout is opened for: the provider gets the email and, as custom data, the id. */
export interface CheckoutCustomer {
  id: string;
  email: string;
}

/** What the provider's client script is opened with: one item, quantity 1, and the customer. */
export interface CheckoutRequest {
  items: { priceId: string; quantity: 1 }[];
  customer: { email: string } | null;
  customData: { user_id: string } | null;
  settings: { displayMode: 'inline'; frameTarget: string };
}

export const CHECKOUT_FRAME_CLASS = 'quarry-checkout-frame';

export function resolvePriceId(priceId: string | undefined | null): string {
  const trimmed = priceId?.trim();
  return trimmed ? trimmed : DEFAULT_PRICE_ID;
}

export function buildCheckoutRequest(priceId: string, customer: CheckoutCustomer | null): CheckoutRequest {
  return {
    items: [{ priceId, quantity: 1 }],
    customer: customer ? { email: customer.email } : null,
    customData: customer ? { user_id: customer.id } : null,
    settings: { displayMode: 'inline', frameTarget: CHECKOUT_FRAME_CLASS },
  };
}

const plan = (id: 'pro' | 'enterprise') => PLANS.find((p) => p.id === id)!;

/** The sandbox price ids this remote can preview, built from the display prices. */
const SANDBOX_PRICES: Record<string, Omit<CheckoutItem, 'price_id' | 'quantity'> & { amount: number }> = {
  pri_quarry_pro_monthly: { price_name: 'Quarry Pro (monthly)', amount: plan('pro').price.monthly, billing_cycle: { interval: 'month', frequency: 1 } },
  pri_quarry_pro_yearly: { price_name: 'Quarry Pro (yearly)', amount: plan('pro').price.yearly, billing_cycle: { interval: 'year', frequency: 1 } },
  pri_quarry_enterprise_monthly: { price_name: 'Quarry Enterprise (monthly)', amount: plan('enterprise').price.monthly, billing_cycle: { interval: 'month', frequency: 1 } },
  pri_quarry_enterprise_yearly: { price_name: 'Quarry Enterprise (yearly)', amount: plan('enterprise').price.yearly, billing_cycle: { interval: 'year', frequency: 1 } },
};

/** The order summary the sandbox shows for a known price id, or null for any other id. */
export function sandboxCheckoutData(priceId: string): CheckoutData | null {
  const price = SANDBOX_PRICES[priceId];
  if (!price) return null;
  return {
    currency_code: 'USD',
    items: [{ price_id: priceId, price_name: price.price_name, quantity: 1, billing_cycle: price.billing_cycle }],
    totals: { subtotal: price.amount, tax: 0, total: price.amount },
    recurring_totals: price.billing_cycle ? { total: price.amount } : null,
  };
}

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
