// Export of reviewed records (docs/review-export-api.md), streamed in the asked format:
//   GET files/{id}/export      one file
//   GET datasets/{id}/export   every file of a dataset
//   GET jobs/{id}/export       the files of an extraction or pipeline job (once finished)
// ?format=json|csv|xlsx [&part=records|rows (CSV)] [&provenance=true] [&checks=true]
import { ExportQuerySchema, IdParamsSchema } from '@quarry/shared/schemas';
import type { FastifyReply } from 'fastify';
import { errorResponses, tagRoutes } from '../../lib/openapi';
import { contentDisposition } from '../../storage';
import type { App } from '../../types';
import { datasetScope, exportFilename, exportStream, fileScope, jobScope, type ExportScope } from './service';
import type { ExportQuery } from '@quarry/shared/schemas';

const DESCRIPTION =
  'The reviewed record (corrections applied) of every file, streamed as it is read. JSON: one document with a files list. ' +
  'CSV: part=records is one line per file (its fields); part=rows is one line per table row with the file name on each. ' +
  'XLSX: a Records and a Rows sheet. A status column names failed, not extracted and unreviewed files. provenance=true adds a ' +
  '"<column> source" column beside each value; checks=true adds the check results. CSV text cells beginning with = + - @ are ' +
  'prefixed with an apostrophe so spreadsheets do not run them.';

export default async function reviewExportRoutes(app: App) {
  tagRoutes(app, 'review');
  const db = app.database.db;
  const schema = (summary: string) => ({
    summary,
    description: DESCRIPTION,
    params: IdParamsSchema,
    querystring: ExportQuerySchema,
    response: errorResponses(400, 404, 409, 422),
  });

  const send = (reply: FastifyReply, userId: string, scope: ExportScope, q: ExportQuery) => {
    const { stream, contentType } = exportStream(db, userId, scope, q);
    return reply
      .header('content-type', contentType)
      .header('content-disposition', contentDisposition('attachment', exportFilename(scope, q)))
      .header('cache-control', 'private, max-age=0, no-store')
      .send(stream);
  };

  app.get('/files/:id/export', { schema: schema("Export one file's reviewed record") }, async (req, reply) =>
    send(reply, req.user.id, await fileScope(db, req.user.id, req.params.id), req.query),
  );
  app.get('/datasets/:id/export', { schema: schema("Export the reviewed records of a dataset's files") }, async (req, reply) =>
    send(reply, req.user.id, await datasetScope(db, req.user.id, req.params.id), req.query),
  );
  app.get('/jobs/:id/export', { schema: schema('Export the reviewed records of the files of a finished extraction or pipeline job') }, async (req, reply) =>
    send(reply, req.user.id, await jobScope(db, req.user.id, req.params.id), req.query),
  );
}
