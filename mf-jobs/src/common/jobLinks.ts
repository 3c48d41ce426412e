// What a job is and what it ran on: one place for the jobs list, the recent lists and any
// screen that links to a job (where it is watched is `jobMonitorPath` of @quarry/shared).
/** The label of a job type in lists and filters. */
export const JOB_TYPE_LABELS: Record<string, string> = {
  full_pipeline: 'Pipeline',
  ocr: 'OCR',
  chunking: 'Chunking',
  extraction: 'Extraction',
};

export const jobTypeLabel = (jobType: string): string => JOB_TYPE_LABELS[jobType] ?? jobType;

export interface JobSubjectSource {
  filename?: string | null | undefined;
  single_file?: { filename: string } | null | undefined;
  dataset_name?: string | null | undefined;
}

/** What a job ran on, as a line under its name: "File: a.pdf" / "Dataset: October" (null when unknown). */
export function jobSubject(job: JobSubjectSource): { kind: 'File' | 'Dataset'; name: string } | null {
  const file = job.single_file?.filename ?? job.filename ?? null;
  if (file) return { kind: 'File', name: file };
  if (job.dataset_name) return { kind: 'Dataset', name: job.dataset_name };
  return null;
}
