// Export of reviewed records: GET {files|datasets|jobs}/{id}/export as a file.
// The download goes through the shared client (Bearer token, one refresh on 401) as a blob,
// then is saved under the name the server gives in content-disposition.
import { api, saveBlob, toAppError } from '@quarry/shared';
import type { ExportFormat, ExportPart } from '@quarry/shared/schemas';
import { useMutation } from '@tanstack/react-query';

export type ExportScopeKind = 'file' | 'dataset' | 'job';
export interface ExportScope {
  kind: ExportScopeKind;
  id: string;
  /** names the saved file (the server's answer has no readable name through fetch) */
  name: string;
}
export interface ExportChoice {
  format: ExportFormat;
  part: ExportPart;
  provenance: boolean;
  checks: boolean;
}

const BASE: Record<ExportScopeKind, string> = { file: 'files', dataset: 'datasets', job: 'jobs' };

/** A dataset of 500 files takes a while to stream: well past the client's default 30 s. */
export const EXPORT_TIMEOUT_MS = 10 * 60_000;

export const exportPath = (scope: Pick<ExportScope, 'kind' | 'id'>) => `${BASE[scope.kind]}/${encodeURIComponent(scope.id)}/export`;

const slug = (s: string) =>
  s
    .replace(/\.[^.]+$/, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 80) || 'export';

export function exportFilename(scope: ExportScope, c: Pick<ExportChoice, 'format' | 'part'>): string {
  return `${slug(scope.name)}-review${c.format === 'csv' ? `-${c.part}` : ''}.${c.format}`;
}

export function useExportDownload(scope: ExportScope) {
  return useMutation({
    mutationFn: async (c: ExportChoice) => {
      const blob = await api.get<Blob>(exportPath(scope), {
        query: { format: c.format, ...(c.format === 'csv' ? { part: c.part } : {}), provenance: c.provenance, checks: c.checks },
        responseType: 'blob',
        timeoutMs: EXPORT_TIMEOUT_MS,
      });
      const filename = exportFilename(scope, c);
      saveBlob(blob, filename);
      return filename;
    },
  });
}

export const exportErrorMessage = (error: unknown) => toAppError(error).message;
