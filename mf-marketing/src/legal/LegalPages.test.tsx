import { screen } from '@testing-library/react';
import AboutPage from '../about/AboutPage';
import { renderRoute } from '@quarry/shared/testing';
import PrivacyPolicyPage from './PrivacyPolicyPage';
import RefundPolicyPage from './RefundPolicyPage';
import TermsOfServicePage from './TermsOfServicePage';

describe('static pages', () => {
  it.each([
    ['Terms of Service', TermsOfServicePage],
    ['Refund Policy', RefundPolicyPage],
    ['Privacy Policy', PrivacyPolicyPage],
  ])('%s is marked as placeholder text', (title, Page) => {
    renderRoute(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Placeholder text')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('About has mission, story and values, with the placeholders marked', () => {
    renderRoute(<AboutPage />);
    for (const name of ['Our mission', 'Our story', 'Our values']) expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    expect(screen.getByText('This page is a draft')).toBeInTheDocument();
  });
});
