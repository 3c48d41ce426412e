// The review record of a file (docs/review-api.md): one query, and mutations whose
// answer is the whole record (the cache takes it as is). The key hangs under the file's chunks,
// so whatever reloads the extraction results (a re-extraction, a chunk edit, a live update)
// reloads the record too.
import { api } from '@quarry/shared';
import { ReviewRecordSchema, type CorrectionRequest, type ReviewRecordResponse } from '@quarry/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileToolKeys, useUserId } from '../../common/fileQueries';

type UserId = string | null | undefined;
const enc = encodeURIComponent;

export const reviewKeys = {
  record: (userId: UserId, fileId: string) => [...fileToolKeys.chunks(userId, fileId), 'review-record'] as const,
};

export const reviewRecordQueryOptions = (userId: UserId, fileId: string) =>
  queryOptions({
    queryKey: reviewKeys.record(userId, fileId),
    queryFn: ({ signal }) => api.get(`files/${enc(fileId)}/record`, { signal, schema: ReviewRecordSchema }),
  });

export function useReviewRecord(fileId: string) {
  return useQuery(reviewRecordQueryOptions(useUserId(), fileId));
}

export type ReviewChange =
  | { kind: 'correct'; body: CorrectionRequest }
  | { kind: 'undo'; correctionId: string }
  | { kind: 'review'; reviewed: boolean; baseVersion: string };

/** Corrections, undo and the Reviewed mark; the answer replaces the cached record. */
export function useReviewChange(fileId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ReviewChange): Promise<ReviewRecordResponse> => {
      const base = `files/${enc(fileId)}`;
      if (change.kind === 'correct') return api.post(`${base}/corrections`, change.body, { schema: ReviewRecordSchema });
      if (change.kind === 'undo') return api.post(`${base}/corrections/${enc(change.correctionId)}/undo`, undefined, { schema: ReviewRecordSchema });
      return change.reviewed
        ? api.post(`${base}/review`, { base_version: change.baseVersion }, { schema: ReviewRecordSchema })
        : api.delete(`${base}/review`, { schema: ReviewRecordSchema });
    },
    onSuccess: (record) => client.setQueryData(reviewKeys.record(userId, fileId), record),
    // a 409 (re-extracted meanwhile) means our copy is old: load the current one
    onError: () => client.invalidateQueries({ queryKey: reviewKeys.record(userId, fileId) }),
  });
}
