import { defineRemote, lazyScreen, type RouteHandle } from '@quarry/shared';
import { redirect, type LazyRouteFunction, type RouteObject } from 'react-router';


interface JobArea {
  path: string;
  crumb: string;
  monitorCrumb?: string;
  list: LazyRouteFunction<RouteObject>;
  monitor: LazyRouteFunction<RouteObject>;
}

/** A job-type list with its monitor at `:jobId`. */
function jobArea({ path, crumb, monitorCrumb, list, monitor }: JobArea): RouteObject {
  return {
    path,
    handle: { crumb } satisfies RouteHandle,
    children: [
      { index: true, lazy: list },
      { path: ':jobId', handle: (monitorCrumb ? { crumb: monitorCrumb } : {}) satisfies RouteHandle, lazy: monitor },
    ],
  };
}

const routes: RouteObject[] = [
  {
    path: 'jobs',
    handle: { crumb: 'Jobs' } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyScreen(() => import('./jobs-hub/JobsHubPage')) },
      { path: 'create', lazy: lazyScreen(() => import('./wizard/WizardPage')) },
      jobArea({
        path: 'pipeline',
        crumb: 'Pipeline Jobs',
        monitorCrumb: 'Pipeline Job Monitor',
        list: lazyScreen(() => import('./pipeline-jobs/PipelineJobsPage')),
        monitor: lazyScreen(() => import('./pipeline-jobs/PipelineMonitorPage')),
      }),
      jobArea({
        path: 'ocr',
        crumb: 'OCR Jobs',
        monitorCrumb: 'OCR Job Monitor',
        list: lazyScreen(() => import('./ocr-jobs/OcrJobsPage')),
        monitor: lazyScreen(() => import('./ocr-jobs/OcrMonitorPage')),
      }),
      jobArea({
        path: 'extraction',
        crumb: 'Extraction Jobs',
        list: lazyScreen(() => import('./extraction-jobs/ExtractionJobsPage')),
        monitor: lazyScreen(() => import('./extraction-jobs/ExtractionMonitorPage')),
      }),
      jobArea({
        path: 'chunking',
        crumb: 'Chunking Jobs',
        list: lazyScreen(() => import('./chunking-jobs/ChunkingJobsPage')),
        monitor: lazyScreen(() => import('./chunking-jobs/ChunkingMonitorPage')),
      }),
      {
        path: 'evaluation',
        handle: { crumb: 'Evaluation' } satisfies RouteHandle,
        children: [
          { path: 'datasets/:datasetId', lazy: lazyScreen(() => import('./evaluation/EvaluationPage')) },
          { path: 'runs/:jobId', lazy: lazyScreen(() => import('./evaluation/EvaluationPage')) },
        ],
      },
      {
        path: ':jobId',
        handle: { crumb: ({ params }) => `Job ${params.jobId ?? ''}` } satisfies RouteHandle,
        children: [
          { index: true, lazy: lazyScreen(() => import('./job-detail/JobDetailPage')) },
          {
            path: 'file',
            children: [
              { index: true, lazy: lazyScreen(() => import('./job-detail/JobFilesPage')) },
              { path: ':fileId', lazy: lazyScreen(() => import('./job-detail/JobFilePage')) },
            ],
          },
        ],
      },
    ],
  },
  {
    path: 'files/:fileId',
    handle: { crumb: ({ params }) => `File ${(params.fileId ?? '').slice(0, 8)}...` } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyScreen(() => import('./file-detail/FileDetailPage')) },
      { path: 'edit-chunks', handle: { crumb: 'Chunk Editor' } satisfies RouteHandle, lazy: lazyScreen(() => import('./chunk-editor/ChunkEditorPage')) },
    ],
  },
  { path: 'ocr', loader: () => redirect('/jobs/ocr') },
  { path: 'chunking-test', loader: () => redirect('/jobs/chunking') },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes);
