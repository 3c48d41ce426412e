// A dataset's page: GET datasets/{id} (its files, newest jobs, exports and evaluation summary)
// and the download of its reviewed records (GET datasets/{id}/export?format=).
import { api, datasetKeys, saveBlob, useCurrentUser } from '@quarry/shared';
import { DatasetDetailSchema, type DatasetExportLink } from '@quarry/shared/schemas';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

export const datasetDetailQueryOptions = (userId: string | undefined, datasetId: string) =>
  queryOptions({
    queryKey: datasetKeys.detail(userId, datasetId),
    queryFn: ({ signal }) => api.get(`datasets/${encodeURIComponent(datasetId)}`, { signal, schema: DatasetDetailSchema }),
    enabled: Boolean(userId),
  });

export function useDatasetDetail(datasetId: string) {
  const userId = useCurrentUser()?.id;
  return useQuery(datasetDetailQueryOptions(userId, datasetId));
}

/** A dataset of 500 files takes a while to stream: well past the client's default 30 s. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

const slug = (s: string) =>
  s
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 80) || 'dataset';

/** Downloads the reviewed records (through the client: Bearer token) and saves them under a readable name. */
export function useDatasetExport(datasetName: string) {
  return useMutation({
    mutationFn: async (link: DatasetExportLink) => {
      const [path, query = ''] = link.path.split('?');
      const blob = await api.get<Blob>(path!, {
        query: Object.fromEntries(new URLSearchParams(query)),
        responseType: 'blob',
        timeoutMs: EXPORT_TIMEOUT_MS,
      });
      const filename = `${slug(datasetName)}-review.${link.format}`;
      saveBlob(blob, filename);
      return filename;
    },
  });
}
