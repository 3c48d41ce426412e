// POST /extract: one call from a document to its data (see service.ts). Documented with
// examples in the OpenAPI document.
import { ErrorResponseSchema, ExtractQuerySchema, ExtractRequestSchema, ExtractResponseSchema, IDEMPOTENCY_KEY_MAX } from '@quarry/shared/schemas';
import { z } from 'zod';
import { validationError } from '../../lib/errors';
import { bearer, errorResponses } from '../../lib/openapi';
import type { App } from '../../types';
import { startExtraction, toExtractResponse, waitForJob } from './service';

const HeadersSchema = z.object({ 'idempotency-key': z.string().optional() });

export default async function extractRoutes(app: App) {
  const db = app.database.db;

  app.post(
    '/extract',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['extract'],
        security: bearer,
        summary: 'Extract data from a file in one call (OCR, chunking, extraction)',
        description:
          'Starts a pipeline over the file (a one-file dataset named after it is created) with the prompt, or with an inline JSON Schema and the ' +
          'default text prompt. Answers 202 with the job and links; with `?wait=N` (seconds, at most 120) it waits and answers 200 with the ' +
          "file's record when the job ended within N seconds (202 otherwise). An `Idempotency-Key` header (per user, 24 h) makes a retried call " +
          'answer the first call\'s job (`replayed: true`) instead of starting another.\n\n' +
          'Example: `curl -H "Authorization: Bearer qk_..." -H "Idempotency-Key: inv-2024-0042" -H "Content-Type: application/json" ' +
          '-d \'{"file_id":"3f0e...","prompt_id":"9a1c..."}\' "https://quarry.example.com/api/v1/extract?wait=60"`',
        querystring: ExtractQuerySchema,
        headers: HeadersSchema,
        body: ExtractRequestSchema.meta({
          examples: [
            { file_id: '3f0e6c1a-8c1e-4a9b-9a59-0c5f2d1e7b11', prompt_id: '9a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
            {
              file_id: '3f0e6c1a-8c1e-4a9b-9a59-0c5f2d1e7b11',
              schema: { type: 'object', properties: { invoice_number: { type: 'string' }, total_amount: { type: 'number' } } },
            },
          ],
        }),
        response: {
          200: ExtractResponseSchema.describe('The job ended within ?wait=: its record (null when it failed)'),
          202: ExtractResponseSchema.describe('Started (or still running after ?wait=)'),
          402: ErrorResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key']?.trim() || null;
      if (key !== null && (key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key))) {
        throw validationError(['header', 'idempotency-key'], `Idempotency-Key must be 1-${IDEMPOTENCY_KEY_MAX} printable characters without spaces`);
      }
      // a client that hangs up while waiting ends the wait (the job runs on)
      let gone = false;
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) gone = true;
      });
      const created = await startExtraction(db, app.jobs, req.user.id, req.body, key);
      const job = req.query.wait > 0 ? await waitForJob(db, req.user.id, created.job, req.query.wait, () => gone) : created.job;
      const ended = job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled';
      return reply.code(ended && req.query.wait > 0 ? 200 : 202).send(await toExtractResponse(db, req.user.id, created, job));
    },
  );
}
