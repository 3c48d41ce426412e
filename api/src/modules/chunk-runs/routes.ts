// Chunk versions and editing (docs/product/jobs.md): GET files/{id}/chunking_runs,
// GET files/{id}/chunking_runs/{runId}/chunks, GET files/{id}/chunks (active run),
// POST files/{id}/chunking_runs/{runId}/activate, DELETE files/{id}/chunking_runs/{runId}
// (inactive runs only), PATCH files/{id}/chunks/{chunkId}.
import {
  ChunkingRunSchema,
  ChunkingRunsResponseSchema,
  ChunkSchema,
  ChunksResponseSchema,
  ChunkUpdateSchema,
  FileChunkParamsSchema,
  FileRunParamsSchema,
} from '@quarry/shared/schemas';
import { z } from 'zod';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import type { App } from '../../types';
import { activateRun, activeRun, deleteRun, editChunk, listRuns, runChunks, runOf, toChunk, toRun, resultCounts } from './service';
import { getOwnFile } from '../files/service';

export default async function chunkRunRoutes(app: App) {
  tagRoutes(app, 'chunks');
  const db = app.database.db;
  const chunksAnswer = async (run: { id: string; fileId: string }) => {
    const list = await runChunks(db, run.id);
    return { total_chunks: list.length, chunks: list.map(toChunk), run_id: run.id, file_id: run.fileId };
  };

  app.get(
    '/files/:id/chunking_runs',
    byIdRoute(ChunkingRunsResponseSchema, { summary: "A file's chunking runs, newest first (exactly one is active once the file has been chunked)" }),
    async (req) => {
      const runs = await listRuns(db, req.user.id, req.params.id);
      const results = await resultCounts(db, req.user.id, req.params.id);
      return {
        file_id: req.params.id,
        runs: runs.map((r) => ({ ...toRun(r), extraction_result_count: results.get(r.id) ?? 0 })),
        total_count: runs.length,
        active_run_id: runs.find((r) => r.isActive)?.id ?? null,
      };
    },
  );

  app.get(
    '/files/:id/chunking_runs/:runId/chunks',
    {
      schema: { summary: 'The chunks of one run', params: FileRunParamsSchema, response: { 200: ChunksResponseSchema, ...errorResponses(404, 422) } },
    },
    async (req) => {
      await getOwnFile(db, req.user.id, req.params.id);
      const run = await runOf(db, req.user.id, req.params.id, req.params.runId);
      return chunksAnswer(run);
    },
  );

  app.get(
    '/files/:id/chunks',
    byIdRoute(ChunksResponseSchema, { summary: "The chunks of the file's active run (empty, run_id null, before the file is chunked)" }),
    async (req) => {
      await getOwnFile(db, req.user.id, req.params.id);
      const run = await activeRun(db, req.user.id, req.params.id);
      if (!run) return { total_chunks: 0, chunks: [], run_id: null, file_id: req.params.id };
      return chunksAnswer(run);
    },
  );

  app.post(
    '/files/:id/chunking_runs/:runId/activate',
    {
      schema: {
        summary: "Make a run the file's active one (the previously active run becomes inactive)",
        params: FileRunParamsSchema,
        response: { 200: ChunkingRunSchema, ...errorResponses(404, 422) },
      },
    },
    async (req) => toRun(await activateRun(db, req.user.id, req.params.id, req.params.runId)),
  );

  app.delete(
    '/files/:id/chunking_runs/:runId',
    {
      schema: {
        summary: 'Delete an inactive run and its chunks (409 for the active run)',
        params: FileRunParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(404, 409, 422) },
      },
    },
    async (req, reply) => {
      await deleteRun(db, req.user.id, req.params.id, req.params.runId);
      return reply.code(204).send();
    },
  );

  app.patch(
    '/files/:id/chunks/:chunkId',
    {
      schema: {
        summary: "Edit a chunk's line range, type and tables; content and positions are recomputed from the OCR lines",
        description:
          'Checked: lines within the document, start <= end, tables inside the chunk, description / header / body rows inside ' +
          'their table, at least one body row, a table chunk has a table, no overlap with the run\'s other chunks (422, one entry per problem). ' +
          'table_structure omitted keeps the chunk\'s tables; null removes them.',
        params: FileChunkParamsSchema,
        body: ChunkUpdateSchema,
        response: { 200: ChunkSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req) =>
      toChunk(
        await editChunk(db, req.user.id, req.params.id, req.params.chunkId, {
          start_line: req.body.start_line,
          end_line: req.body.end_line,
          chunk_type: req.body.chunk_type,
          ...(req.body.table_structure !== undefined ? { table_structure: req.body.table_structure } : {}),
        }),
      ),
  );
}
