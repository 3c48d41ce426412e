// POST /jobs/estimate (docs/product/jobs.md): what an extraction or pipeline job would process and
// cost, before it is created. Creates nothing, charges nothing.
import { JobEstimateRequestSchema, JobEstimateSchema } from '@quarry/shared/schemas';
import { errorResponses } from '../../lib/openapi';
import type { App } from '../../types';
import { estimateJob } from './service';

export default async function jobEstimateRoutes(app: App) {
  app.post(
    '/jobs/estimate',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Estimate an extraction or pipeline job before creating it (nothing is created or charged)',
        description:
          'Pages to OCR, chunks (counted from active chunking runs, else estimated from the OCR text or the pages), ' +
          'estimated tokens for the chosen provider (0 for the offline extractor), the credits the job takes, and whether ' +
          'the balance and the weekly_jobs limit allow it now (allowed, reasons).',
        body: JobEstimateRequestSchema,
        response: { 200: JobEstimateSchema, ...errorResponses(404, 422) },
      },
    },
    async (req) => estimateJob(app.database.db, req.user.id, req.body),
  );
}
