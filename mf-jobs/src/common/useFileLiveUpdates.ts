// Live updates for one file, from the shared event bus (docs/product/platform.md): when a
// job of this file (OCR, chunking, extraction, a re-extraction) ends, everything shown of the file is reloaded from
// the server — except the document's bytes, which a job never changes.
import { events, fileKeys, type JobUpdateMessage } from '@quarry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { filter } from 'rxjs';
import { useUserId } from './fileQueries';

const ENDED = new Set(['completed', 'failed', 'cancelled']);

export function isEndOfFileJob(msg: JobUpdateMessage, fileId: string): boolean {
  return msg.data?.context?.single_file_id === fileId && ENDED.has(msg.status);
}

export function useFileLiveUpdates(fileId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  useEffect(() => {
    const root = fileKeys.detail(userId, fileId);
    const sub = events.jobUpdates$.pipe(filter((m) => isEndOfFileJob(m, fileId))).subscribe(() => {
      void client.invalidateQueries({ queryKey: root, predicate: (q) => q.queryKey[root.length] !== 'content' });
    });
    return () => sub.unsubscribe();
  }, [client, userId, fileId]);
}
