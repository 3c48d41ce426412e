// Contact form rules, checked in this order; the first failure is shown
// (docs/product/marketing.md#rules).
import { CONTACT_MESSAGE_MIN_LENGTH, CONTACT_TYPES } from '@quarry/shared/constants';

export type ContactType = (typeof CONTACT_TYPES)[number];

export interface ContactFormValues {
  name: string;
  email: string;
  message: string;
  contactType: ContactType | '';
}

export const CONTACT_ERRORS = {
  required: 'All fields are required.',
  email: 'Invalid email format.',
  messageLength: 'Message must be at least 10 characters long.',
} as const;

export type ContactField = keyof ContactFormValues;

export interface ContactValidationError {
  message: string;
  /** The fields to mark invalid. */
  fields: ContactField[];
}

/** A simple address pattern: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(values: ContactFormValues): ContactValidationError | null {
  const empty = (Object.keys(values) as ContactField[]).filter((k) => values[k].trim() === '');
  if (empty.length > 0) return { message: CONTACT_ERRORS.required, fields: empty };
  if (!EMAIL_PATTERN.test(values.email.trim())) return { message: CONTACT_ERRORS.email, fields: ['email'] };
  if (values.message.trim().length < CONTACT_MESSAGE_MIN_LENGTH) return { message: CONTACT_ERRORS.messageLength, fields: ['message'] };
  if (!(CONTACT_TYPES as readonly string[]).includes(values.contactType)) return { message: CONTACT_ERRORS.required, fields: ['contactType'] };
  return null;
}

/** The body of `POST contact`, trimmed. Call only after `validateContact` returned null. */
export function toContactPayload(values: ContactFormValues): { name: string; email: string; message: string; contactType: ContactType } {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
    contactType: values.contactType as ContactType,
  };
}

export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  support: 'General support',
  bug: 'Report a bug',
  feature: 'Feature request',
  account: 'Account & billing',
};
