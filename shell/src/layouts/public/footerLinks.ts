// Footer links: Features, Pricing, About, FAQs, Contact, Privacy, Terms, Refunds, plus social
// icons. Only pages that exist: there is no blog, so no Blog link.
import type { NavItem } from './navModel';

export interface FooterColumn {
  title: string;
  links: NavItem[];
}

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/#features' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'FAQs', to: '/pricing#faq' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: '/privacy-policy' },
      { label: 'Terms', to: '/terms-of-service' },
      { label: 'Refunds', to: '/refund-policy' },
    ],
  },
];

export interface SocialLink {
  label: string;
  href: string;
  icon: 'github' | 'x' | 'linkedin';
}

/** Placeholders until the product's own accounts exist. */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'Quarry on GitHub', href: 'https://github.com/', icon: 'github' },
  { label: 'Quarry on X', href: 'https://x.com/', icon: 'x' },
  { label: 'Quarry on LinkedIn', href: 'https://www.linkedin.com/', icon: 'linkedin' },
];
