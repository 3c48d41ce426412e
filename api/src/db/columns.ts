// Column helpers every schema file uses, so all tables spell timestamps alike. Imports no
// table (owner(), which references users, lives in schema-users.ts): no import cycle.
import { timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
