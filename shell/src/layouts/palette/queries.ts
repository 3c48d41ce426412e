// The palette's search: the user's files, datasets, prompts, output schemas and jobs whose
// name contains the query, through each list's own `search` parameter, a few of each.
import { api, jobMonitorPath, paths } from '@quarry/shared';
import {
  DatasetListResponseSchema,
  FileListResponseSchema,
  JobListResponseSchema,
  OutputSchemaListResponseSchema,
  PromptListResponseSchema,
} from '@quarry/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaletteItem } from './paletteModel';

/** Results per kind. */
export const PER_KIND = 5;

export const paletteKeys = {
  search: (userId: string | undefined, query: string) => ['palette', userId ?? 'anonymous', 'search', query] as const,
};

const enc = encodeURIComponent;
const JOB_TYPE_LABEL: Record<string, string> = {
  ocr: 'OCR',
  chunking: 'Chunking',
  extraction: 'Extraction',
  full_pipeline: 'Pipeline',
  pipeline: 'Pipeline',
};

export interface PaletteSearchResult {
  items: PaletteItem[];
  /** kinds whose search failed (the others are still shown) */
  failed: string[];
}

async function searchAll(query: string, signal: AbortSignal): Promise<PaletteSearchResult> {
  const common = { search: query, offset: 0, limit: PER_KIND };
  const kinds: Array<[string, () => Promise<PaletteItem[]>]> = [
    [
      'files',
      async () =>
        (await api.get('files/my-files', { signal, schema: FileListResponseSchema, query: common })).files.map((f) => ({
          value: `file:${f.id}`,
          kind: 'file' as const,
          label: f.filename,
          to: paths.files.detail(f.id),
        })),
    ],
    [
      'datasets',
      async () =>
        (await api.get('datasets/', { signal, schema: DatasetListResponseSchema, query: common })).datasets.map((d) => ({
          value: `dataset:${d.id}`,
          kind: 'dataset' as const,
          label: d.name,
          to: `${paths.files.datasets}/${enc(d.id)}`,
        })),
    ],
    [
      'prompts',
      async () =>
        (await api.get('prompts/', { signal, schema: PromptListResponseSchema, query: common })).prompts.map((p) => ({
          value: `prompt:${p.id}`,
          kind: 'prompt' as const,
          label: p.name,
          to: paths.prompts.detail(p.id),
        })),
    ],
    [
      'output schemas',
      async () =>
        (await api.get('output-schemas/', { signal, schema: OutputSchemaListResponseSchema, query: common })).schemas.map((s) => ({
          value: `schema:${s.id}`,
          kind: 'schema' as const,
          label: s.name,
          to: paths.outputSchemas.detail(s.id),
        })),
    ],
    [
      'jobs',
      async () =>
        (await api.get('jobs/', { signal, schema: JobListResponseSchema, query: common })).jobs.map((j) => ({
          value: `job:${j.id}`,
          kind: 'job' as const,
          label: j.name,
          detail: `${JOB_TYPE_LABEL[j.job_type] ?? j.job_type} · ${j.status}`,
          to: jobMonitorPath(j.job_type, j.id),
        })),
    ],
  ];
  const settled = await Promise.allSettled(kinds.map(([, run]) => run()));
  const items: PaletteItem[] = [];
  const failed: string[] = [];
  settled.forEach((r, i) => {
    if (r.status === 'fulfilled') items.push(...r.value);
    else failed.push(kinds[i]![0]);
  });
  if (failed.length === kinds.length) throw (settled[0] as PromiseRejectedResult).reason;
  return { items, failed };
}

export const paletteSearchOptions = (userId: string | undefined, query: string) =>
  queryOptions({
    queryKey: paletteKeys.search(userId, query),
    queryFn: ({ signal }) => searchAll(query, signal),
    enabled: Boolean(userId) && query.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function usePaletteSearch(userId: string | undefined, query: string) {
  return useQuery(paletteSearchOptions(userId, query));
}
