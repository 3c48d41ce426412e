// The review loop over HTTP (docs/review-api.md):
//   GET    files/{id}/record                                the review record (sources, checks, corrections, Reviewed)
//   POST   files/{id}/corrections                           a correction (set a field or cell, add a row, delete a row)
//   POST   files/{id}/corrections/{correctionId}/undo       undoes one correction
//   POST   files/{id}/review                                marks the file Reviewed (freezes the record)
//   DELETE files/{id}/review                                unmarks it
// Every answer is the whole record, so the page replaces its copy with it.
import {
  CorrectionRequestSchema,
  FileCorrectionParamsSchema,
  IdParamsSchema,
  ReviewMarkRequestSchema,
  ReviewRecordSchema,
} from '@quarry/shared/schemas';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import type { App } from '../../types';
import type { BuiltRecord } from './record';
import { addCorrection, getRecord, markReviewed, toResponse, undoCorrection, unmarkReviewed } from './service';

export default async function reviewRoutes(app: App) {
  tagRoutes(app, 'review');
  const db = app.database.db;
  const answer = async (built: Promise<BuiltRecord>) => toResponse((await built).record);

  app.get(
    '/files/:id/record',
    byIdRoute(ReviewRecordSchema, {
      summary: "The file's review record: the model's unified record, the corrections applied, each value's source, the checks and the Reviewed mark",
    }),
    async (req) => answer(getRecord(db, req.user.id, req.params.id)),
  );

  app.post(
    '/files/:id/corrections',
    {
      schema: {
        summary: 'Correct the record: set a field or a table cell, add a row, delete a row (stored as a new version; the model\'s result is kept)',
        description: 'base_version must be the record\'s current base_version: after a re-extraction the correction is refused with 409.',
        params: IdParamsSchema,
        body: CorrectionRequestSchema,
        response: { 201: ReviewRecordSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await answer(addCorrection(db, req.user.id, req.params.id, req.body))),
  );

  app.post(
    '/files/:id/corrections/:correctionId/undo',
    {
      schema: {
        summary: 'Undo one correction (it stays in the history, marked undone)',
        params: FileCorrectionParamsSchema,
        response: { 200: ReviewRecordSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (req) => answer(undoCorrection(db, req.user.id, req.params.id, req.params.correctionId)),
  );

  app.post(
    '/files/:id/review',
    byIdRoute(
      ReviewRecordSchema,
      {
        summary: 'Mark the file Reviewed: the record as it is now (corrections applied) is kept as its ground truth',
        description: 'Marking again refreshes the kept record. 409 when base_version is not the current one or the file has no extraction results.',
        body: ReviewMarkRequestSchema,
      },
      409,
    ),
    async (req) => answer(markReviewed(db, req.user.id, req.params.id, req.body.base_version)),
  );

  app.delete(
    '/files/:id/review',
    byIdRoute(ReviewRecordSchema, { summary: 'Unmark Reviewed (the kept record is dropped)' }),
    async (req) => answer(unmarkReviewed(db, req.user.id, req.params.id)),
  );
}
