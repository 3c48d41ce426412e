// Column helpers every schema file uses, so all tables spell timestamps and ownership alike.
import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
/** `user_id` of a user-owned row; the row goes with its user. */
export const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
