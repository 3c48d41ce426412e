// The pricing FAQ: five entries shown; the page allows up to nine.
// Marketing claims: a 14-day free trial without a card, a 30-day money-back guarantee,
// a response within 24 hours.

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

export const MAX_FAQ_ENTRIES = 9;

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'free-trial',
    question: 'Is there a free trial?',
    answer:
      'Yes. Every paid plan starts with a 14-day free trial, and no credit card is required to begin. You can keep using the Free plan for as long as you like.',
  },
  {
    id: 'change-plan',
    question: 'Can I change or cancel my plan later?',
    answer:
      'Yes. You can upgrade, downgrade or cancel at any time from your account. Changes apply from your next billing cycle, and your documents and results stay yours.',
  },
  {
    id: 'refunds',
    question: 'Do you offer refunds?',
    answer:
      'We offer a 30-day money-back guarantee on every paid plan. If Quarry is not right for you, contact us within 30 days of your purchase for a full refund.',
  },
  {
    id: 'support',
    question: 'How quickly does support respond?',
    answer:
      'We respond to every support request within 24 hours. Pro and Enterprise customers are answered first.',
  },
  {
    id: 'data',
    question: 'What happens to my documents?',
    answer:
      'Your files are processed only to produce your results and are visible only to you. Quarry is self-hostable, so you can also run it entirely on your own infrastructure.',
  },
];
