import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@quarry/shared/testing';
import LandingPage, { FEATURES } from './LandingPage';

describe('LandingPage', () => {
  it('leads to sign-up and pricing', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute(<LandingPage />);
    expect(screen.getByRole('link', { name: /start extracting data/i })).toHaveAttribute('href', '/signup');
    await user.click(screen.getByRole('link', { name: 'View Pricing' }));
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('advertises the free tier', () => {
    renderRoute(<LandingPage />);
    expect(screen.getByText('Free tier available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /start free/i })).toBeInTheDocument();
  });

  it('lists the six features in the #features section', () => {
    renderRoute(<LandingPage />);
    const section = document.getElementById('features')!;
    expect(section).not.toBeNull();
    const titles = ['Document processing', 'OCR', 'Batch extraction', 'Custom schema', '50+ file formats', 'API with webhooks'];
    expect(FEATURES.map((f) => f.title)).toEqual(titles);
    for (const t of titles) expect(within(section).getByRole('heading', { name: t })).toBeInTheDocument();
  });
});
