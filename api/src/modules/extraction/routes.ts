// Extraction results and single-chunk re-extraction (docs/product/jobs.md).
// Extraction jobs themselves are created through POST /jobs/ (job_type 'extraction').
//   GET  files/{id}/extraction-results                    current result per chunk (array; ?include_history=true adds superseded versions)
//   GET  files/{id}/chunks/{chunkId}/extraction-results   every version of one chunk's result, newest first
//   POST files/{id}/chunks/{chunkId}/extract              starts a re-extraction job: {job_id, message}
import {
  ErrorResponseSchema,
  ExtractionResultListSchema,
  ExtractionResultsQuerySchema,
  FileChunkParamsSchema,
  ReExtractRequestSchema,
  ReExtractResponseSchema,
} from '@quarry/shared/schemas';
import { and, eq } from 'drizzle-orm';
import { chunks } from '../../db/schema';
import { createJob } from '../../jobs/store';
import { notFound } from '../../lib/errors';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import type { App } from '../../types';
import { getOwnFile } from '../files/service';
import { chunkResults, fileResults } from './service';

export default async function extractionRoutes(app: App) {
  tagRoutes(app, 'extraction');
  const db = app.database.db;

  app.get(
    '/files/:id/extraction-results',
    byIdRoute(ExtractionResultListSchema, {
      summary: "The file's extraction results: the current result of every chunk of its active run, in chunk order",
      description:
        'Each chunk keeps one current result; a later extraction (a new job or a single-chunk re-extraction) replaces it and the previous one ' +
        'is kept with superseded_at set. include_history=true lists those too (is_current false); run_id picks another chunking run.',
      querystring: ExtractionResultsQuerySchema,
    }),
    async (req) => fileResults(db, req.user.id, req.params.id, req.query),
  );

  app.get(
    '/files/:id/chunks/:chunkId/extraction-results',
    {
      schema: {
        summary: "Every version of one chunk's extraction result, newest (current) first",
        params: FileChunkParamsSchema,
        response: { 200: ExtractionResultListSchema, ...errorResponses(404, 422) },
      },
    },
    async (req) => chunkResults(db, req.user.id, req.params.id, req.params.chunkId),
  );

  app.post(
    '/files/:id/chunks/:chunkId/extract',
    {
      schema: {
        summary: 'Re-extract one chunk: starts an extraction job whose result replaces the chunk\'s current result (the previous one stays readable)',
        description: 'prompt_id is required; with has_tables a table prompt is required too (used for the chunk\'s tables). Counts as a job (weekly_jobs, credits).',
        params: FileChunkParamsSchema,
        body: ReExtractRequestSchema,
        response: { 202: ReExtractResponseSchema, 402: ErrorResponseSchema, ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (req, reply) => {
      const { id, chunkId } = req.params;
      const file = await getOwnFile(db, req.user.id, id);
      const [chunk] = await db.select({ id: chunks.id, index: chunks.chunkIndex }).from(chunks).where(and(eq(chunks.id, chunkId), eq(chunks.fileId, id), eq(chunks.userId, req.user.id)));
      if (!chunk) throw notFound('Chunk not found');
      const b = req.body;
      const job = await createJob(
        app.jobs,
        req.user.id,
        {
          job_type: 'extraction',
          name: `Re-extraction: ${file.filename}, chunk ${chunk.index + 1}`,
          file_id: id,
          prompt_id: b.prompt_id ?? null,
          table_prompt_id: b.has_tables === false ? null : (b.table_prompt_id ?? null),
          output_schema_id: b.output_schema_id ?? null,
          processing_config: { chunk_ids: [chunkId] },
        },
        { start: true },
      );
      return reply.code(202).send({ job_id: job.id, message: `Re-extraction of chunk ${chunk.index + 1} started` });
    },
  );
}
