// The jobs list's filters, sort and page as they live in the address (so a reload, a shared
// link and the back button keep them), and the GET /jobs/ query they make.
import { JOB_SORT_COLUMNS, JOB_STATUSES, type JobSortColumn, type JobStatus, type SortOrder } from '@quarry/shared/schemas';

/** chosen: 20 jobs a page, the API's default page size */
export const JOBS_PAGE_SIZE = 20;

export const LIST_JOB_TYPES = ['full_pipeline', 'ocr', 'chunking', 'extraction'] as const;

export interface JobsListParams {
  type: string;
  status: JobStatus | '';
  search: string;
  from: string;
  to: string;
  sort: JobSortColumn;
  order: SortOrder;
  page: number;
}

export const DEFAULT_LIST_PARAMS: JobsListParams = { type: '', status: '', search: '', from: '', to: '', sort: 'created_at', order: 'desc', page: 1 };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readListParams(sp: URLSearchParams): JobsListParams {
  const type = sp.get('type') ?? '';
  const status = sp.get('status') ?? '';
  const sort = sp.get('sort') ?? '';
  const order = sp.get('order');
  const page = Number.parseInt(sp.get('page') ?? '1', 10);
  const from = sp.get('from') ?? '';
  const to = sp.get('to') ?? '';
  return {
    type: (LIST_JOB_TYPES as readonly string[]).includes(type) ? type : '',
    status: (JOB_STATUSES as readonly string[]).includes(status) ? (status as JobStatus) : '',
    search: sp.get('q') ?? '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    sort: (JOB_SORT_COLUMNS as readonly string[]).includes(sort) ? (sort as JobSortColumn) : DEFAULT_LIST_PARAMS.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_LIST_PARAMS.order,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The address of these params: only what differs from the defaults. */
export function writeListParams(p: JobsListParams): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.type) sp.set('type', p.type);
  if (p.status) sp.set('status', p.status);
  if (p.search.trim()) sp.set('q', p.search.trim());
  if (p.from) sp.set('from', p.from);
  if (p.to) sp.set('to', p.to);
  if (p.sort !== DEFAULT_LIST_PARAMS.sort || p.order !== DEFAULT_LIST_PARAMS.order) {
    sp.set('sort', p.sort);
    sp.set('order', p.order);
  }
  if (p.page > 1) sp.set('page', String(p.page));
  return sp;
}

/** The GET /jobs/ query of these params. */
export function listQuery(p: JobsListParams): Record<string, string | number> {
  return {
    offset: (p.page - 1) * JOBS_PAGE_SIZE,
    limit: JOBS_PAGE_SIZE,
    sort: p.sort,
    order: p.order,
    ...(p.type ? { job_type: p.type } : {}),
    ...(p.status ? { status: p.status } : {}),
    ...(p.search.trim() ? { search: p.search.trim() } : {}),
    ...(p.from ? { created_from: p.from } : {}),
    ...(p.to ? { created_to: p.to } : {}),
  };
}

/** Clicking a column: the same column flips its order; another starts descending for dates, ascending otherwise. */
export function nextSort(p: JobsListParams, column: JobSortColumn): Pick<JobsListParams, 'sort' | 'order'> {
  if (p.sort === column) return { sort: column, order: p.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: column === 'created_at' ? 'desc' : 'asc' };
}

export const hasFilters = (p: JobsListParams) => Boolean(p.type || p.status || p.search.trim() || p.from || p.to);
