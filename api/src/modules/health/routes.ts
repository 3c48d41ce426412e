import { HealthResponseSchema } from '@quarry/shared/schemas';
import { sql } from 'drizzle-orm';
import type { App } from '../../types';

export const API_VERSION = '0.1.0';

export default async function healthRoutes(app: App) {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness + database check', response: { 200: HealthResponseSchema } } },
    async () => {
      await app.database.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: app.database.kind,
        version: API_VERSION,
        time: new Date().toISOString(),
      };
    },
  );
}
