// POST files/bulk: one action on many of the caller's files. Each id is done or refused with
// its reason; an id that is not the caller's file changes nothing and is refused as not found,
// so the answer never tells whether another user's file exists.
import type { FileBulkRefusal, FileBulkResponse } from '@quarry/shared/schemas';
import type { Db } from '../../db';
import { HttpError } from '../../lib/errors';
import type { BlobStore } from '../../storage';
import { addFilesLenient } from '../datasets/service';
import { deleteFile } from './service';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function summary(verb: string, done: number, refused: number): string {
  const head = `${plural(done, 'file')} ${verb}`;
  return refused ? `${head}; ${plural(refused, 'file was', 'files were')} left unchanged` : head;
}

/**
 * Deletes the files one at a time (each in its own transaction, as DELETE files/{id} does):
 * a refusal of one (in a dataset without force, not found) does not stop the others.
 */
export async function bulkDelete(db: Db, storage: BlobStore, userId: string, ids: string[], force: boolean): Promise<FileBulkResponse> {
  const done: string[] = [];
  const refused: FileBulkRefusal[] = [];
  for (const id of new Set(ids)) {
    try {
      await deleteFile(db, storage, userId, id, force);
      done.push(id);
    } catch (err) {
      if (!(err instanceof HttpError) || typeof err.detail !== 'string') throw err;
      refused.push({ id, reason: err.detail });
    }
  }
  return { action: 'delete', done, refused, message: summary('deleted', done.length, refused.length) };
}

export async function bulkAddToDataset(db: Db, userId: string, datasetId: string, ids: string[]): Promise<FileBulkResponse> {
  const { done, refused, dataset } = await addFilesLenient(db, userId, datasetId, ids);
  return { action: 'add_to_dataset', done, refused, message: summary(`added to "${dataset.name}"`, done.length, refused.length) };
}
