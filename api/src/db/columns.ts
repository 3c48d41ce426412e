// Column helpers every schema file uses, so all tables spell ids, parents and timestamps alike.
// Imports no table (owner(), which references users, lives in schema-users.ts): no import cycle.
import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
/** `created_at` and `updated_at`, both set when the row is inserted: spread into a table's columns */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
export const primaryId = () => uuid('id').primaryKey().defaultRandom();
/** a row's parent: deleting the parent deletes the row */
export const belongsTo = (name: string, parent: () => AnyPgColumn) => uuid(name).notNull().references(parent, { onDelete: 'cascade' });
