// Files (docs/product/files-and-datasets.md#the-files-calls): the user's list (offset, limit,
// include_failed, search, sort, order), delete with an optional force, and the bulk actions
// (delete, add to dataset). Keys come from the shared contract (fileKeys).
import { api, datasetKeys, fileKeys, toAppError, useCurrentUser, userKeys, useRefreshingMutation } from '@quarry/shared';
import { FILE_LIST_PAGE_SIZE, MAX_PAGE_SIZE } from '@quarry/shared/constants';
import {
  FileBulkResponseSchema,
  FileDeleteResponseSchema,
  FileListResponseSchema,
  type FileBulkRequest,
  type FileListResponse,
  type FileSortColumn,
  type SortOrder,
} from '@quarry/shared/schemas';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

export interface FileListFilters {
  search?: string;
  include_failed?: boolean;
  offset?: number;
  limit?: number;
  sort?: FileSortColumn;
  order?: SortOrder;
}

function getFiles(filters: FileListFilters, signal: AbortSignal): Promise<FileListResponse> {
  return api.get('files/my-files', {
    signal,
    schema: FileListResponseSchema,
    query: {
      offset: filters.offset ?? 0,
      limit: filters.limit ?? FILE_LIST_PAGE_SIZE,
      include_failed: filters.include_failed ?? false,
      search: filters.search?.trim() || undefined,
      sort: filters.sort,
      order: filters.order,
    },
  });
}

export const fileListQueryOptions = (userId: string | undefined, filters: FileListFilters) =>
  queryOptions({
    queryKey: fileKeys.list(userId, { ...filters }),
    queryFn: ({ signal }) => getFiles(filters, signal),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

/** One page of the list (the /files library: the first 50). */
export function useFileList(filters: FileListFilters, enabled = true) {
  const userId = useCurrentUser()?.id;
  return useQuery({ ...fileListQueryOptions(userId, filters), enabled: Boolean(userId) && enabled });
}

/** Pages of 50 with 'Load More Files' (/files-old). */
export const fileListInfiniteOptions = (userId: string | undefined, filters: Omit<FileListFilters, 'offset' | 'limit'>) =>
  infiniteQueryOptions({
    queryKey: fileKeys.list(userId, { ...filters, paged: true }),
    queryFn: ({ signal, pageParam }) => getFiles({ ...filters, offset: pageParam, limit: FILE_LIST_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.files.length < last.total_count ? last.offset + last.files.length : undefined),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });

export function useFileListPages(filters: Omit<FileListFilters, 'offset' | 'limit'>, enabled = true) {
  const userId = useCurrentUser()?.id;
  return useInfiniteQuery({ ...fileListInfiniteOptions(userId, filters), enabled: Boolean(userId) && enabled });
}

/** Files a dataset can hold: every valid or pending file (the dialogs' lists). */
export function useAvailableFiles(enabled = true) {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: fileKeys.list(userId, { available: true }),
    queryFn: ({ signal }) => getFiles({ limit: MAX_PAGE_SIZE, include_failed: false }, signal),
    enabled: Boolean(userId) && enabled,
  });
}

/** Everything a deleted file changes: lists, datasets' counts, quotas. */
const FILE_CHANGES = [fileKeys.all, datasetKeys.all, userKeys.resourceLimits];

export function useDeleteFile() {
  return useRefreshingMutation(
    ({ id, force = false }: { id: string; force?: boolean }) =>
      api.delete(`files/${encodeURIComponent(id)}`, { query: force ? { force: true } : undefined, schema: FileDeleteResponseSchema }),
    FILE_CHANGES,
    'success',
  );
}

/** A refusal whose message mentions datasets (409, naming them) asks the user whether to force. */
export function isInDatasetsRefusal(error: unknown): boolean {
  const e = toAppError(error);
  const text = `${e.serverMessage ?? ''} ${typeof e.detail === 'string' ? e.detail : ''} ${e.message}`;
  return /dataset/i.test(text);
}

/** Delete many files, or add them to a dataset: the answer says which were done and which refused. */
export function useBulkFiles() {
  return useRefreshingMutation((body: FileBulkRequest) => api.post('files/bulk', body, { schema: FileBulkResponseSchema }), FILE_CHANGES, 'success');
}
