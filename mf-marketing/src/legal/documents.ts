// Placeholder legal texts: the final legal wording is not written yet, so the bracketed
// passages mark what is still to come (docs/product/marketing.md#legal-pages).

export interface LegalDocument {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

const COMPANY = '[Company legal name]';

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  updated: '[Date]',
  sections: [
    {
      heading: 'Acceptance of terms',
      paragraphs: [
        `By creating an account or using Quarry, you agree to these terms with ${COMPANY}. If you do not agree, do not use the service.`,
      ],
    },
    {
      heading: 'The service',
      paragraphs: [
        'Quarry extracts structured data from documents you upload using OCR and language-model processing. [Description of service levels and availability.]',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: ['You are responsible for keeping your credentials safe and for the activity in your account. [Account termination terms.]'],
    },
    {
      heading: 'Your content',
      paragraphs: ['You keep all rights to the documents you upload and the data extracted from them. [Licence granted to operate the service.]'],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['[List of prohibited uses: unlawful content, attempts to disrupt the service, reverse engineering.]'],
    },
    {
      heading: 'Liability',
      paragraphs: ['[Limitation of liability and warranty disclaimer.]'],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: ['[How and when we notify you of changes.]'],
    },
  ],
};

export const REFUND_POLICY: LegalDocument = {
  title: 'Refund Policy',
  updated: '[Date]',
  sections: [
    {
      heading: '30-day money-back guarantee',
      paragraphs: [
        'If you are not satisfied with a paid plan, contact us within 30 days of your first payment for a full refund. [Eligibility conditions.]',
      ],
    },
    {
      heading: 'How to request a refund',
      paragraphs: ['Send us a message through the contact page with the email address of your account. [Processing time and method.]'],
    },
    {
      heading: 'Renewals and cancellations',
      paragraphs: ['[Terms for refunds on renewals, partial periods and plan changes.]'],
    },
  ],
};

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  updated: '[Date]',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [`${COMPANY} operates Quarry. [Registered address and contact for privacy matters.]`],
    },
    {
      heading: 'What we collect',
      paragraphs: [
        'Your email address and account details, the documents you upload, the data extracted from them, and basic usage information. [Complete list of categories.]',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: ['To run the service you asked for, to secure it and to answer your requests. [Legal bases for processing.]'],
    },
    {
      heading: 'Sharing',
      paragraphs: ['[Sub-processors, including the OCR and language-model providers, and the payment provider.]'],
    },
    {
      heading: 'Retention and deletion',
      paragraphs: ['You can delete your files at any time. [Retention periods for backups and logs.]'],
    },
    {
      heading: 'Your rights',
      paragraphs: ['[Access, correction, deletion, portability and how to exercise them.]'],
    },
  ],
};
