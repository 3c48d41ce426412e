// The playground's calls: the user's files (files/my-files), the chunks of the file's active
// chunking run (files/{id}/chunks), and the run itself (POST prompts/{id}/playground).
import { api, fileKeys } from '@quarry/shared';
import { ChunksResponseSchema, FileListResponseSchema, PromptPlaygroundResponseSchema, type PromptPlaygroundRequest } from '@quarry/shared/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useUserId } from '../../common/queries';

export const usePlaygroundFiles = () => {
  const userId = useUserId();
  return useQuery({
    queryKey: fileKeys.list(userId, { purpose: 'playground', limit: 100 }),
    queryFn: ({ signal }) => api.get('files/my-files', { signal, schema: FileListResponseSchema, query: { offset: 0, limit: 100 } }),
    enabled: Boolean(userId),
  });
};

export const useFileChunks = (fileId: string | null) => {
  const userId = useUserId();
  return useQuery({
    queryKey: [...fileKeys.detail(userId, fileId ?? ''), 'chunks'] as const,
    queryFn: ({ signal }) => api.get(`files/${encodeURIComponent(fileId!)}/chunks`, { signal, schema: ChunksResponseSchema }),
    enabled: Boolean(userId && fileId),
  });
};

export const useRunPlayground = (promptId: string) =>
  useMutation({
    mutationFn: (body: PromptPlaygroundRequest) => api.post(`prompts/${encodeURIComponent(promptId)}/playground`, body, { schema: PromptPlaygroundResponseSchema, timeoutMs: 180_000 }),
  });
