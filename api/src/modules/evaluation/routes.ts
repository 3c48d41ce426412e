// Evaluation of an extraction run against the reviewed files (docs/review-export-api.md):
//   GET datasets/{id}/evaluation[?job_id=]   the dataset's run (default the newest completed) and the one before it
//   GET jobs/{id}/evaluation                 that extraction run (a pipeline: its extraction stage) and the one before it
import { EvaluationQuerySchema, EvaluationSchema, IdParamsSchema } from '@quarry/shared/schemas';
import { errorResponses, tagRoutes } from '../../lib/openapi';
import type { App } from '../../types';
import { datasetScope, evaluate, jobScope } from './service';

const DESCRIPTION =
  'Per field and overall precision, recall and exact-match accuracy (values compared after normalising case, whitespace, ' +
  'numbers and dates), row recall for tables, beside the previous run; fields that got worse carry examples. With no ' +
  'reviewed files (or no completed run) the figures are null and `message` says why.';

export default async function evaluationRoutes(app: App) {
  tagRoutes(app, 'review');
  const db = app.database.db;

  app.get(
    '/datasets/:id/evaluation',
    {
      schema: {
        summary: "Evaluate an extraction run of a dataset against its reviewed files",
        description: DESCRIPTION,
        params: IdParamsSchema,
        querystring: EvaluationQuerySchema,
        response: { 200: EvaluationSchema, ...errorResponses(400, 404, 422) },
      },
    },
    async (req) => evaluate(db, req.user.id, await datasetScope(db, req.user.id, req.params.id), req.query.job_id),
  );

  app.get(
    '/jobs/:id/evaluation',
    {
      schema: {
        summary: 'Evaluate an extraction run against the reviewed files among its files',
        description: DESCRIPTION,
        params: IdParamsSchema,
        response: { 200: EvaluationSchema, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (req) => {
      const { scope, job } = await jobScope(db, req.user.id, req.params.id);
      return evaluate(db, req.user.id, scope, job.id);
    },
  );
}
