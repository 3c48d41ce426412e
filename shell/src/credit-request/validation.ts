// The credit request form: every rule and message of the form (docs/product/platform.md), as a pure
// function the page and the tests share.
import {
  CREDIT_REQUEST_FEEDBACK_MAX_LENGTH,
  CREDIT_REQUEST_MAX_AMOUNT,
  DEFAULT_URGENCY,
  EXPECTED_DURATION_VALUES,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_DESCRIPTION_MIN_LENGTH,
  URGENCY_VALUES,
  USAGE_PURPOSE_VALUES,
} from '@quarry/shared/constants';
// the form's messages are the API schema's own: one text for a rule, wherever it is checked
import { CREDIT_REQUEST_MESSAGES, type CreditRequestCreate } from '@quarry/shared/schemas';

export type Urgency = (typeof URGENCY_VALUES)[number];

export interface CreditRequestValues {
  /** As typed. */
  amount: string;
  usage_purpose: string;
  project_description: string;
  feedback: string;
  urgency: Urgency;
  expected_duration: string;
}

export type CreditRequestField = keyof CreditRequestValues;
export type CreditRequestErrors = Partial<Record<CreditRequestField, string>>;

export const EMPTY_CREDIT_REQUEST: CreditRequestValues = {
  amount: '',
  usage_purpose: '',
  project_description: '',
  feedback: '',
  urgency: DEFAULT_URGENCY,
  expected_duration: '',
};

export const USAGE_PURPOSE_LABELS: Record<(typeof USAGE_PURPOSE_VALUES)[number], string> = {
  data_extraction: 'Data extraction',
  document_analysis: 'Document analysis',
  research_project: 'Research project',
  business_automation: 'Business automation',
  content_generation: 'Content generation',
  testing_evaluation: 'Testing and evaluation',
  education: 'Education',
  other: 'Other',
};

export const EXPECTED_DURATION_LABELS: Record<(typeof EXPECTED_DURATION_VALUES)[number], string> = {
  '1-week': '1 week',
  '2-weeks': '2 weeks',
  '1-month': '1 month',
  '2-3-months': '2–3 months',
  ongoing: 'Ongoing',
};

export const URGENCY_LABELS: Record<Urgency, string> = { low: 'Low', normal: 'Normal', high: 'High' };

/** The form's choices, in the order the API lists them, each with its label. */
export const USAGE_PURPOSE_OPTIONS = USAGE_PURPOSE_VALUES.map((p) => ({ value: p, label: USAGE_PURPOSE_LABELS[p] }));
export const EXPECTED_DURATION_OPTIONS = EXPECTED_DURATION_VALUES.map((d) => ({ value: d, label: EXPECTED_DURATION_LABELS[d] }));
export const URGENCY_OPTIONS = URGENCY_VALUES.map((u) => ({ value: u, label: URGENCY_LABELS[u] }));

/** The amount as a whole number, or null when it is not one. */
export function parseAmount(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

export function validateCreditRequest(values: CreditRequestValues): CreditRequestErrors {
  const errors: CreditRequestErrors = {};
  const amount = parseAmount(values.amount);
  if (amount === null || amount <= 0) errors.amount = CREDIT_REQUEST_MESSAGES.amount;
  else if (amount > CREDIT_REQUEST_MAX_AMOUNT) errors.amount = CREDIT_REQUEST_MESSAGES.amountMax;

  if (!(USAGE_PURPOSE_VALUES as readonly string[]).includes(values.usage_purpose)) errors.usage_purpose = CREDIT_REQUEST_MESSAGES.usagePurpose;

  const description = values.project_description.trim();
  if (!description) errors.project_description = CREDIT_REQUEST_MESSAGES.projectDescription;
  else if (description.length < PROJECT_DESCRIPTION_MIN_LENGTH) errors.project_description = CREDIT_REQUEST_MESSAGES.projectDescriptionMin;
  else if (description.length > PROJECT_DESCRIPTION_MAX_LENGTH) errors.project_description = CREDIT_REQUEST_MESSAGES.projectDescriptionMax;

  if (values.feedback.trim().length > CREDIT_REQUEST_FEEDBACK_MAX_LENGTH) errors.feedback = CREDIT_REQUEST_MESSAGES.feedbackMax;
  return errors;
}

/** The body of `POST /credit-requests/` (call only when valid). Empty optional fields are left out. */
export function creditRequestPayload(values: CreditRequestValues): CreditRequestCreate {
  const body: CreditRequestCreate = {
    amount: parseAmount(values.amount) ?? 0,
    usage_purpose: values.usage_purpose as CreditRequestCreate['usage_purpose'],
    project_description: values.project_description.trim(),
    urgency: values.urgency,
  };
  if (values.feedback.trim()) body.feedback = values.feedback.trim();
  if (values.expected_duration) body.expected_duration = values.expected_duration as CreditRequestCreate['expected_duration'];
  return body;
}

/** Editing a field clears its error (and only its error). */
export function clearFieldError(errors: CreditRequestErrors, field: CreditRequestField): CreditRequestErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}
