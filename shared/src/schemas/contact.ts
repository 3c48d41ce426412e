import { z } from 'zod';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_TYPES } from '../constants';
import { TimestampSchema, UuidSchema, trimmedString } from './common';

export const ContactTypeSchema = z.enum(CONTACT_TYPES, { error: 'All fields are required.' });
export type ContactType = z.infer<typeof ContactTypeSchema>;

const required = 'All fields are required.';

/** `POST contact` (public). Note the camelCase `contactType` (docs/product/marketing.md). */
export const ContactCreateSchema = z.strictObject({
  name: z.string({ error: required }).trim().min(1, { error: required }).max(200),
  email: trimmedString({ required, max: 254, maxMessage: 'Invalid email format.' }).pipe(z.email({ error: 'Invalid email format.' })),
  message: trimmedString({
    required,
    min: CONTACT_MESSAGE_MIN_LENGTH,
    minMessage: 'Message must be at least 10 characters long.',
    max: CONTACT_MESSAGE_MAX_LENGTH,
    maxMessage: `Message cannot exceed ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
  }),
  contactType: ContactTypeSchema,
});
export type ContactCreate = z.input<typeof ContactCreateSchema>;

/** Answer of `POST contact` (201). */
export const ContactResponseSchema = z.object({
  id: UuidSchema,
  message: z.string(),
  created_at: TimestampSchema,
});
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
