// The files a dataset-wide review action covers (export, evaluation): the user's own dataset,
// 404 otherwise, and its files in the order they were added.
import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { datasetFiles, datasets, files } from '../../db/schema';
import { notFound } from '../../lib/errors';

export async function ownDatasetFileIds(db: DbOrTx, userId: string, datasetId: string): Promise<{ id: string; name: string; fileIds: string[] }> {
  const [d] = await db.select().from(datasets).where(and(eq(datasets.id, datasetId), eq(datasets.userId, userId), ne(datasets.status, 'deleted')));
  if (!d) throw notFound('Dataset not found');
  const rows = await db
    .select({ id: files.id })
    .from(datasetFiles)
    .innerJoin(files, eq(files.id, datasetFiles.fileId))
    .where(and(eq(datasetFiles.datasetId, datasetId), eq(files.userId, userId)))
    .orderBy(asc(datasetFiles.addedAt), asc(files.filename), asc(files.id));
  return { id: d.id, name: d.name, fileIds: rows.map((r) => r.id) };
}
