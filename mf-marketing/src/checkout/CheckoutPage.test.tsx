import { screen, within } from '@testing-library/react';
import { renderRoute } from '@quarry/shared/testing';
import { CheckoutView } from './CheckoutPage';
import { DEFAULT_PRICE_ID, buildCheckoutRequest, resolvePriceId, sandboxCheckoutData } from './checkoutData';

const customer = { id: '0b6a6f2e-2f65-4a59-9d2c-4c1f2c1e9a01', email: 'ada@example.com' };

describe('checkout data', () => {
  it('falls back to the default price id when none is given', () => {
    expect(resolvePriceId(undefined)).toBe(DEFAULT_PRICE_ID);
    expect(resolvePriceId('')).toBe(DEFAULT_PRICE_ID);
    expect(resolvePriceId('  ')).toBe(DEFAULT_PRICE_ID);
    expect(resolvePriceId('pri_x')).toBe('pri_x');
  });

  it('opens the provider with one item (quantity 1) and the user id and email', () => {
    expect(buildCheckoutRequest('pri_x', customer)).toEqual({
      items: [{ priceId: 'pri_x', quantity: 1 }],
      customer: { email: 'ada@example.com' },
      customData: { user_id: customer.id },
      settings: { displayMode: 'inline', frameTarget: 'quarry-checkout-frame' },
    });
  });

  it('previews the display prices in the sandbox', () => {
    expect(sandboxCheckoutData('pri_quarry_pro_yearly')).toMatchObject({
      currency_code: 'USD',
      items: [{ price_name: 'Quarry Pro (yearly)', billing_cycle: { interval: 'year', frequency: 1 } }],
      totals: { subtotal: 290, tax: 0, total: 290 },
      recurring_totals: { total: 290 },
    });
    expect(sandboxCheckoutData('pri_unknown')).toBeNull();
  });
});

describe('CheckoutView', () => {
  it('shows the sandbox frame area with the user and an order summary with the billing cycle', () => {
    renderRoute(<CheckoutView priceId="pri_quarry_enterprise_monthly" customer={customer} authStatus="authenticated" />);
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Sandbox mode')).toBeInTheDocument();
    const frame = screen.getByTestId('checkout-frame');
    expect(frame).toHaveAttribute('data-price-id', 'pri_quarry_enterprise_monthly');
    expect(frame).toHaveAttribute('data-customer-email', 'ada@example.com');
    expect(frame).toHaveAttribute('data-user-id', customer.id);
    expect(frame).toHaveAttribute('data-quantity', '1');
    expect(frame).toHaveTextContent('Payment provider (sandbox)');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Quarry Enterprise (monthly)')).toBeInTheDocument();
    expect(within(summary).getByTestId('billing-cycle')).toHaveTextContent('monthly');
    expect(within(summary).getAllByText('$99.00').length).toBeGreaterThan(0);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    // No provider script is ever loaded (sandbox, offline).
    expect(document.querySelector('script[src]')).toBeNull();
  });

  it('uses the default price when the route has none', () => {
    renderRoute(<CheckoutView priceId={undefined} customer={customer} authStatus="authenticated" />);
    expect(screen.getByTestId('checkout-frame')).toHaveAttribute('data-price-id', DEFAULT_PRICE_ID);
    expect(screen.getByText('Quarry Pro (monthly)')).toBeInTheDocument();
  });

  it('shows an empty summary for a price it cannot preview', () => {
    renderRoute(<CheckoutView priceId="pri_somewhere_else" customer={customer} authStatus="authenticated" />);
    expect(screen.getByText('No details for this price yet')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-frame')).toHaveAttribute('data-price-id', 'pri_somewhere_else');
  });

  it('waits for the session, and says so when there is no user', () => {
    const { unmount } = renderRoute(<CheckoutView priceId="pri_x" customer={null} authStatus="loading" />);
    expect(screen.getByText('Loading your account...')).toBeInTheDocument();
    unmount();
    renderRoute(<CheckoutView priceId="pri_x" customer={null} authStatus="anonymous" />);
    expect(screen.getByText('You are signed out')).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-frame')).toBeNull();
  });
});
