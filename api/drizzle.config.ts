import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (from api/) writes SQL migrations for src/db/schema.ts
// into ./drizzle; the server applies them at start (PGlite and PostgreSQL alike).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
