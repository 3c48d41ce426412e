import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@quarry/shared/testing';
import PricingPage from './PricingPage';

/** The segment control measures its indicator after mount (a timer): let that settle inside act. */
async function renderPricing() {
  const result = renderRoute(<PricingPage />, { path: '/pricing' });
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return result;
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('PricingPage', () => {
  it('shows the three plans at monthly prices by default', async () => {
    await renderPricing();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.getByTestId('price-free')).toHaveTextContent('$0');
    expect(screen.getByTestId('price-pro')).toHaveTextContent('$29');
    expect(screen.getByTestId('price-enterprise')).toHaveTextContent('$99');
    expect(within(card('Pro')).getByText('/month')).toBeInTheDocument();
  });

  it('switches to yearly prices, with the Save 20% badge on the yearly option', async () => {
    const user = userEvent.setup();
    await renderPricing();
    const yearly = screen.getByRole('radio', { name: /yearly/i });
    expect(yearly.closest('label')).toHaveTextContent('Save 20%');
    await user.click(screen.getByText('Yearly'));
    expect(yearly).toBeChecked();
    expect(screen.getByTestId('price-free')).toHaveTextContent('$0');
    expect(screen.getByTestId('price-pro')).toHaveTextContent('$290');
    expect(screen.getByTestId('price-enterprise')).toHaveTextContent('$990');
    expect(within(card('Enterprise')).getByText('/year')).toBeInTheDocument();
    await user.click(screen.getByText('Monthly'));
    expect(screen.getByTestId('price-pro')).toHaveTextContent('$29');
  });

  it('lists the plan limits', async () => {
    await renderPricing();
    expect(within(card('Free')).getByText('3 projects')).toBeInTheDocument();
    expect(within(card('Free')).getByText('1 team member')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('Up to 10 team members')).toBeInTheDocument();
  });

  it('leads the free plan to sign-up and the paid plans to checkout with the price of the period', async () => {
    const user = userEvent.setup();
    await renderPricing();
    const links = () => ['Free', 'Pro', 'Enterprise'].map((name) => within(card(name)).getByRole('link'));
    expect(links().map((b) => b.textContent)).toEqual(['Get Started', 'Start Free Trial', 'Contact Sales']);
    expect(links().map((b) => b.getAttribute('href'))).toEqual(['/signup', '/checkout/pri_quarry_pro_monthly', '/checkout/pri_quarry_enterprise_monthly']);
    await user.click(screen.getByRole('radio', { name: /yearly/i }));
    expect(links().map((b) => b.getAttribute('href'))).toEqual(['/signup', '/checkout/pri_quarry_pro_yearly', '/checkout/pri_quarry_enterprise_yearly']);
  });

  it('opens checkout from the Pro button', async () => {
    const user = userEvent.setup();
    const { router } = await renderPricing();
    await user.click(within(card('Pro')).getByRole('link', { name: 'Start Free Trial' }));
    expect(router.state.location.pathname).toBe('/checkout/pri_quarry_pro_monthly');
  });

  it('has the FAQ anchored at #faq', async () => {
    await renderPricing();
    expect(document.getElementById('faq')).toContainElement(screen.getByRole('heading', { name: 'Frequently asked questions' }));
  });
});
