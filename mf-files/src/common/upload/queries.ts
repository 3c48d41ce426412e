// The upload calls (docs/product/files-and-datasets.md#uploads): prepare, PUT to the signed
// URL, complete. The store (store.ts) runs them; after a batch the shared keys are invalidated
// so the library, the datasets' available files, the quota card and the shell's credits card
// refresh.
import { api, datasetKeys, fileKeys, uploadToSignedUrl, userKeys, type UploadProgress } from '@quarry/shared';
import {
  CompleteUploadResponseSchema,
  PrepareUploadResponseSchema,
  type CompleteUploadResponse,
  type PrepareUploadFile,
  type PrepareUploadResponse,
} from '@quarry/shared/schemas';
import type { QueryClient } from '@tanstack/react-query';

export interface UploadApi {
  prepare(files: PrepareUploadFile[], signal?: AbortSignal): Promise<PrepareUploadResponse>;
  put(url: string, file: Blob, options: { contentType: string; signal: AbortSignal; onProgress: (p: UploadProgress) => void }): Promise<void>;
  complete(sessionId: string, uploadIds: string[], signal?: AbortSignal): Promise<CompleteUploadResponse>;
}

export const uploadApi: UploadApi = {
  prepare: (files, signal) => api.post('uploads/prepare-upload', { files }, { signal, schema: PrepareUploadResponseSchema }),
  put: (url, file, { contentType, signal, onProgress }) => uploadToSignedUrl(url, file, { contentType, signal, onProgress }),
  complete: (sessionId, uploadIds, signal) =>
    api.post(
      'uploads/complete',
      { upload_session_id: sessionId, completed_uploads: uploadIds },
      // validation of a large batch reads every file: give it longer than a plain call
      { signal, schema: CompleteUploadResponseSchema, timeoutMs: 300_000 },
    ),
};

/** What an upload changes: the file lists, the datasets' available files, quotas and credits. */
export function invalidateAfterUpload(client: QueryClient, userId: string | null | undefined): void {
  void client.invalidateQueries({ queryKey: fileKeys.all(userId) });
  void client.invalidateQueries({ queryKey: datasetKeys.all(userId) });
  void client.invalidateQueries({ queryKey: userKeys.resourceLimits(userId) });
}
