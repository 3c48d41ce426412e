// Links between areas are data, not string literals: every app (and every test) builds the
// URLs of another area's pages from here, so a moved route fails to compile, not to click.
const enc = encodeURIComponent;

export const paths = {
  home: '/',
  login: '/login',
  account: '/account',
  settings: '/settings',
  creditRequest: '/credit-request',
  files: {
    index: '/files',
    old: '/files-old',
    uploads: '/uploads',
    datasets: '/datasets',
    /** A dataset's page: its files, jobs, exports and evaluation. */
    dataset: (datasetId: string) => `/datasets/${enc(datasetId)}`,
    /** File detail (owned by mf-jobs: the chunk tools). */
    detail: (fileId: string) => `/files/${enc(fileId)}`,
    editChunks: (fileId: string) => `/files/${enc(fileId)}/edit-chunks`,
  },
  projects: {
    index: '/projects',
    detail: (projectId: string | number) => `/projects/${enc(String(projectId))}`,
  },
  prompts: {
    index: '/prompts',
    new: '/prompts/new',
    detail: (promptId: string) => `/prompts/${enc(promptId)}`,
  },
  outputSchemas: {
    index: '/output-schemas',
    new: '/output-schemas/new',
    detail: (schemaId: string) => `/output-schemas/${enc(schemaId)}`,
  },
  llmTest: '/llm-test',
  jobs: {
    index: '/jobs',
    create: '/jobs/create',
    ocr: '/jobs/ocr',
    ocrMonitor: (jobId: string) => `/jobs/ocr/${enc(jobId)}`,
    chunking: '/jobs/chunking',
    chunkingMonitor: (jobId: string) => `/jobs/chunking/${enc(jobId)}`,
    extraction: '/jobs/extraction',
    extractionMonitor: (jobId: string) => `/jobs/extraction/${enc(jobId)}`,
    pipeline: '/jobs/pipeline',
    pipelineMonitor: (jobId: string) => `/jobs/pipeline/${enc(jobId)}`,
    /** The pipeline form with its input chosen: some files (`?files=a,b`) or a dataset (`?dataset=d`). */
    pipelineFor: (input: { files: readonly string[] } | { dataset: string }) =>
      'files' in input ? `/jobs/pipeline?files=${input.files.map(enc).join(',')}` : `/jobs/pipeline?dataset=${enc(input.dataset)}`,
    detail: (jobId: string) => `/jobs/${enc(jobId)}`,
    file: (jobId: string) => `/jobs/${enc(jobId)}/file`,
    jobFile: (jobId: string, fileId: string) => `/jobs/${enc(jobId)}/file/${enc(fileId)}`,
    /** Evaluation: the datasets whose extraction runs can be measured. */
    evaluation: '/jobs/evaluation',
    /** Evaluation of a dataset's extraction run against its reviewed files (default: the newest run). */
    evaluationDataset: (datasetId: string, runJobId?: string) => `/jobs/evaluation/datasets/${enc(datasetId)}${runJobId ? `?run=${enc(runJobId)}` : ''}`,
    /** Evaluation of one extraction run (or a pipeline's extraction stage) against the reviewed files among its files. */
    evaluationRun: (jobId: string) => `/jobs/evaluation/runs/${enc(jobId)}`,
  },
  admin: {
    index: '/admin',
    settings: '/admin/settings',
    resources: '/admin/resources',
    creditRequests: '/admin/credit-requests',
    operations: '/admin/operations',
    users: '/admin/users',
    messages: '/admin/messages',
  },
} as const;

/** The monitor page of a job of the given type (each type has its own monitor). */
export function jobMonitorPath(jobType: string, jobId: string): string {
  switch (jobType) {
    case 'ocr':
      return paths.jobs.ocrMonitor(jobId);
    case 'chunking':
      return paths.jobs.chunkingMonitor(jobId);
    case 'extraction':
      return paths.jobs.extractionMonitor(jobId);
    case 'full_pipeline':
    case 'pipeline':
      return paths.jobs.pipelineMonitor(jobId);
    default:
      return paths.jobs.detail(jobId);
  }
}
