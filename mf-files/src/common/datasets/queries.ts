// Datasets: list with search, create, delete, add and remove files
// (docs/product/files-and-datasets.md#the-datasets-calls).
// Keys come from the shared contract (datasetKeys); every change also refreshes the files
// (a file's datasets) through fileKeys.
import { api, datasetKeys, fileKeys, useCurrentUser, useRefreshingMutation } from '@quarry/shared';
import { MAX_PAGE_SIZE } from '@quarry/shared/constants';
import {
  DatasetFilesResponseSchema,
  DatasetListResponseSchema,
  DatasetSchema,
  type DatasetCreate,
  type DatasetSortColumn,
} from '@quarry/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../SortChoice';

export type DatasetSort = ListSort<DatasetSortColumn>;

export const datasetListQueryOptions = (userId: string | undefined, search: string, sort?: DatasetSort) =>
  queryOptions({
    queryKey: datasetKeys.list(userId, { search, ...sort }),
    queryFn: ({ signal }) =>
      api.get('datasets/', {
        signal,
        schema: DatasetListResponseSchema,
        query: { search: search.trim() || undefined, limit: MAX_PAGE_SIZE, include_files: true, sort: sort?.sort, order: sort?.order },
      }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

export function useDatasets(search: string, sort?: DatasetSort) {
  const userId = useCurrentUser()?.id;
  return useQuery(datasetListQueryOptions(userId, search, sort));
}

/** What a dataset change shows in: the dataset lists and the files' dataset names. */
const DATASET_CHANGES = [datasetKeys.all, fileKeys.all];

export function useCreateDataset() {
  return useRefreshingMutation((body: DatasetCreate) => api.post('datasets/', body, { schema: DatasetSchema }), DATASET_CHANGES, 'success');
}

export function useDeleteDataset() {
  return useRefreshingMutation((id: string) => api.delete(`datasets/${encodeURIComponent(id)}`, { schema: DatasetSchema }), DATASET_CHANGES, 'success');
}

export function useChangeDatasetFiles() {
  return useRefreshingMutation(
    ({ id, action, fileIds }: { id: string; action: 'add' | 'remove'; fileIds: string[] }) =>
      // POST adds, DELETE (with the same body) removes
      api.request(action === 'add' ? 'POST' : 'DELETE', `datasets/${encodeURIComponent(id)}/files`, {
        body: { file_ids: fileIds },
        schema: DatasetFilesResponseSchema,
      }),
    DATASET_CHANGES,
    'success',
  );
}
