// POST /extract: one call from a document to its data (see service.ts). Documented with
// examples in the OpenAPI document.
import multipart from '@fastify/multipart';
import { ErrorResponseSchema, ExtractQuerySchema, ExtractResponseSchema, IDEMPOTENCY_KEY_MAX, UuidSchema } from '@quarry/shared/schemas';
import { z } from 'zod';
import { validationError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import type { App } from '../../types';
import { publicBaseUrl, uploadDeps } from '../uploads/routes';
import { startExtraction, toExtractResponse, waitForJob } from './service';
import { removeSpooled, spoolPart, uploadSpooled, type SpooledFile } from './upload';

/** what onFile leaves in the body for the `file` part (documented as the binary part it was) */
const SpooledFileSchema = z
  .custom<SpooledFile>((v) => typeof v === 'object' && v !== null && typeof (v as SpooledFile).path === 'string', { message: 'file must be a file part' })
  .meta({ type: 'string', format: 'binary' });

/** a multipart form sends `schema` as JSON text */
const SchemaField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.record(z.string(), z.unknown(), { error: 'schema must be a JSON object (a JSON Schema)' }),
);

/**
 * JSON: `file_id` + `prompt_id` or `schema`. multipart/form-data: a `file` part instead of
 * `file_id`, the other fields as form fields (`schema` as JSON text).
 */
const ExtractBodySchema = z
  .strictObject({
    file_id: UuidSchema.optional(),
    file: SpooledFileSchema.optional().describe('multipart/form-data only: the document'),
    prompt_id: UuidSchema.nullish(),
    schema: SchemaField.nullish().describe('a JSON Schema for the output; the default text prompt is used with it'),
    name: z.string().trim().min(1).max(200).nullish(),
  })
  .refine((b) => Boolean(b.file_id) !== Boolean(b.file), { message: 'Give file_id or a file part (exactly one)', path: ['file_id'] })
  .refine((b) => Boolean(b.prompt_id) !== Boolean(b.schema), { message: 'Give prompt_id or schema (exactly one)', path: ['prompt_id'] });

const HeadersSchema = z.object({ 'idempotency-key': z.string().optional() });

declare module 'fastify' {
  interface FastifyRequest {
    extractSpooled?: SpooledFile;
  }
}

export default async function extractRoutes(app: App) {
  const db = app.database.db;
  const deps = uploadDeps(app);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 1, fields: 10, fileSize: app.config.storage.maxUploadBytes, fieldSize: 1024 * 1024 },
    async onFile(part) {
      const spooled = await spoolPart(part);
      this.extractSpooled = spooled;
      (part as unknown as { value: unknown }).value = spooled;
    },
  });
  // the temporary copy of an uploaded part goes once the answer is sent (or the request failed)
  app.addHook('onResponse', async (req) => removeSpooled(req.extractSpooled));

  app.post(
    '/extract',
    {
      schema: {
        tags: ['extract'],
        summary: 'Extract data from a file in one call (OCR, chunking, extraction)',
        description:
          'Starts a pipeline over the file (a one-file dataset named after it is created) with the prompt, or with an inline JSON Schema and the ' +
          'default text prompt. The file is an uploaded one (`file_id`, JSON) or sent in the call (multipart/form-data: a `file` part, the ' +
          'other fields as form fields, `schema` as JSON text). Answers 202 with the job and links; with `?wait=N` (seconds, at most 120) it waits and answers 200 with the ' +
          "file's record when the job ended within N seconds (202 otherwise). An `Idempotency-Key` header (per user, 24 h) makes a retried call " +
          'answer the first call\'s job (`replayed: true`) instead of starting another.\n\n' +
          'Examples:\n\n' +
          '- JSON, an uploaded file and a prompt: `curl -H "Authorization: Bearer qk_..." -H "Idempotency-Key: inv-2024-0042" ' +
          '-H "Content-Type: application/json" -d \'{"file_id":"3f0e6c1a-8c1e-4a9b-9a59-0c5f2d1e7b11","prompt_id":"9a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"}\' ' +
          '"https://quarry.example.com/api/v1/extract?wait=60"`\n' +
          '- JSON, an inline schema: `{"file_id":"3f0e6c1a-8c1e-4a9b-9a59-0c5f2d1e7b11","schema":{"type":"object","properties":' +
          '{"invoice_number":{"type":"string"},"total_amount":{"type":"number"}}}}`\n' +
          '- multipart, the file in the call: `curl -H "Authorization: Bearer qk_..." -F file=@invoice.pdf ' +
          '-F prompt_id=9a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d "https://quarry.example.com/api/v1/extract?wait=60"`',
        querystring: ExtractQuerySchema,
        headers: HeadersSchema,
        consumes: ['application/json', 'multipart/form-data'],
        body: ExtractBodySchema.meta({
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
          ...errorResponses(400, 404, 409, 422, 429),
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
      const { file, file_id, ...rest } = req.body;
      const fileRef = file_id ?? (() => uploadSpooled(deps, req.user.id, file!, publicBaseUrl(app, req)));
      const created = await startExtraction(db, app.jobs, req.user.id, { ...rest, file_id: fileRef }, key);
      const job = req.query.wait > 0 ? await waitForJob(db, req.user.id, created.job, req.query.wait, () => gone) : created.job;
      const ended = job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled';
      return reply.code(ended && req.query.wait > 0 ? 200 : 202).send(await toExtractResponse(db, req.user.id, created, job));
    },
  );
}
