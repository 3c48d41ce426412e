// Response bodies that satisfy the shared schemas, for the fake API of the component tests.
import type { Dataset, FileInfo, ResourceLimitsResponse } from '@quarry/shared/schemas';

let n = 0;
export const uuid = (): string => {
  n += 1;
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
};

export function fileInfo(patch: Partial<FileInfo> = {}): FileInfo {
  return {
    id: uuid(),
    filename: 'report.pdf',
    file_size: 1_572_864,
    mime_type: 'application/pdf',
    file_type: 'pdf',
    estimated_pages: 16,
    actual_pages: 2,
    page_count: 2,
    is_valid: true,
    error_message: null,
    upload_session_id: null,
    sha256: null,
    created_at: '2025-01-05T15:04:00.000Z',
    updated_at: '2025-01-05T15:04:00.000Z',
    validated_at: '2025-01-05T15:04:01.000Z',
    ...patch,
  };
}

export function fileList(files: FileInfo[]) {
  return { files, total_count: files.length, total_pages: files.reduce((s, f) => s + f.page_count, 0), offset: 0, limit: 50 };
}

export function dataset(patch: Partial<Dataset> = {}): Dataset {
  const files = patch.files ?? [];
  return {
    id: uuid(),
    name: 'Invoices',
    description: 'Supplier invoices',
    status: 'active',
    file_count: files.length,
    total_pages: files.reduce((s, f) => s + f.page_count, 0),
    total_size: files.reduce((s, f) => s + f.file_size, 0),
    created_at: '2025-01-05T15:04:00.000Z',
    updated_at: '2025-02-10T09:00:00.000Z',
    archived_at: null,
    deleted_at: null,
    files,
    ...patch,
  };
}

export function resourceLimits(files: number, pages: number): ResourceLimitsResponse {
  const entry = (name: string, limit: number, usage: number) => ({
    resource_type_id: uuid(),
    name,
    description: null,
    unit: null,
    limit,
    current_usage: usage,
    reset_period: 'never',
    aggregation_type: 'COUNT' as const,
    usage_percentage: Math.round((usage / limit) * 1000) / 10,
    is_near_limit: false,
    credit_cost: 0,
    next_reset_at: null,
  });
  return { credit_balance: 100, resource_limits: [entry('max_file_count', 50, files), entry('max_pages', 500, pages)] };
}
