// What the file detail page and the chunk editor both read: the file, its OCR
// lines and the active run's chunks, and the chunk edit. Every key hangs under the shared
// `fileKeys.detail(userId, fileId)`, so invalidating the file reaches everything shown of it.
import { api, fileKeys, useCurrentUser, useRefreshingMutation } from '@quarry/shared';
import {
  ChunkSchema,
  ChunksResponseSchema,
  FileSchema,
  OcrLinesResponseSchema,
  type ChunkItem,
  type ChunkUpdate,
} from '@quarry/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';

type UserId = string | null | undefined;
const enc = encodeURIComponent;

export const fileToolKeys = {
  /** the file itself (shared key: the files remote reads and invalidates it too) */
  file: (userId: UserId, fileId: string) => fileKeys.detail(userId, fileId),
  ocrLines: (userId: UserId, fileId: string) => [...fileKeys.detail(userId, fileId), 'ocr-lines'] as const,
  chunks: (userId: UserId, fileId: string) => [...fileKeys.detail(userId, fileId), 'chunks'] as const,
  activeChunks: (userId: UserId, fileId: string) => [...fileKeys.detail(userId, fileId), 'chunks', 'active'] as const,
};

/** The signed-in user's id (keys are per user). */
export function useUserId(): string | undefined {
  return useCurrentUser()?.id;
}

export const fileQueryOptions = (userId: UserId, fileId: string) =>
  queryOptions({
    queryKey: fileToolKeys.file(userId, fileId),
    queryFn: ({ signal }) => api.get(`files/${enc(fileId)}`, { signal, schema: FileSchema }),
  });

export const ocrLinesQueryOptions = (userId: UserId, fileId: string) =>
  queryOptions({
    queryKey: fileToolKeys.ocrLines(userId, fileId),
    queryFn: ({ signal }) => api.get(`files/${enc(fileId)}/ocr/lines`, { signal, schema: OcrLinesResponseSchema }),
  });

export const activeChunksQueryOptions = (userId: UserId, fileId: string) =>
  queryOptions({
    queryKey: fileToolKeys.activeChunks(userId, fileId),
    queryFn: ({ signal }) => api.get(`files/${enc(fileId)}/chunks`, { signal, schema: ChunksResponseSchema }),
  });

export function useFile(fileId: string) {
  return useQuery(fileQueryOptions(useUserId(), fileId));
}

export function useOcrLines(fileId: string, enabled = true) {
  return useQuery({ ...ocrLinesQueryOptions(useUserId(), fileId), enabled });
}

export function useActiveChunks(fileId: string) {
  return useQuery(activeChunksQueryOptions(useUserId(), fileId));
}

/** `PATCH files/{id}/chunks/{chunkId}`; every chunk list of the file is reloaded after it. */
export function useUpdateChunk(fileId: string) {
  return useRefreshingMutation(
    ({ chunkId, body }: { chunkId: string; body: ChunkUpdate }): Promise<ChunkItem> => api.patch(`files/${enc(fileId)}/chunks/${enc(chunkId)}`, body, { schema: ChunkSchema }),
    (userId) => fileToolKeys.chunks(userId, fileId),
    'success',
  );
}
