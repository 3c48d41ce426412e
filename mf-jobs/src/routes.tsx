import { defineRemote, lazyScreen, type Crumb, type NavEntry, type RouteHandle } from '@quarry/shared';
import { Gauge, Scissors, ScanText, Sparkles, Workflow, Wrench } from 'lucide-react';
import { redirect, type LazyRouteFunction, type RouteObject } from 'react-router';
import { chunkingJobCrumb, evaluationDatasetCrumb, fileCrumb, jobCrumb, ocrJobCrumb, pipelineJobCrumb } from './common/crumbs';


interface JobArea {
  path: string;
  crumb: string;
  monitorCrumb?: Crumb;
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
        monitorCrumb: pipelineJobCrumb,
        list: lazyScreen(() => import('./pipeline-jobs/PipelineJobsPage')),
        monitor: lazyScreen(() => import('./pipeline-jobs/PipelineMonitorPage')),
      }),
      jobArea({
        path: 'ocr',
        crumb: 'OCR Jobs',
        monitorCrumb: ocrJobCrumb,
        list: lazyScreen(() => import('./ocr-jobs/OcrJobsPage')),
        monitor: lazyScreen(() => import('./ocr-jobs/OcrMonitorPage')),
      }),
      jobArea({
        path: 'extraction',
        crumb: 'Extraction Jobs',
        monitorCrumb: jobCrumb,
        list: lazyScreen(() => import('./extraction-jobs/ExtractionJobsPage')),
        monitor: lazyScreen(() => import('./extraction-jobs/ExtractionMonitorPage')),
      }),
      jobArea({
        path: 'chunking',
        crumb: 'Chunking Jobs',
        monitorCrumb: chunkingJobCrumb,
        list: lazyScreen(() => import('./chunking-jobs/ChunkingJobsPage')),
        monitor: lazyScreen(() => import('./chunking-jobs/ChunkingMonitorPage')),
      }),
      {
        path: 'evaluation',
        handle: { crumb: 'Evaluation', crumbRoot: true } satisfies RouteHandle,
        children: [
          { index: true, lazy: lazyScreen(() => import('./evaluation/EvaluationIndexPage')) },
          { path: 'datasets/:datasetId', handle: { crumb: evaluationDatasetCrumb } satisfies RouteHandle, lazy: lazyScreen(() => import('./evaluation/EvaluationPage')) },
          { path: 'runs/:jobId', handle: { crumb: jobCrumb } satisfies RouteHandle, lazy: lazyScreen(() => import('./evaluation/EvaluationPage')) },
        ],
      },
      {
        path: ':jobId',
        handle: { crumb: jobCrumb } satisfies RouteHandle,
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
    handle: { crumb: fileCrumb, crumbParents: [{ label: 'Files & Datasets', to: '/files' }] } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyScreen(() => import('./file-detail/FileDetailPage')) },
      { path: 'edit-chunks', handle: { crumb: 'Chunk Editor' } satisfies RouteHandle, lazy: lazyScreen(() => import('./chunk-editor/ChunkEditorPage')) },
    ],
  },
  { path: 'ocr', loader: () => redirect('/jobs/ocr') },
  { path: 'chunking-test', loader: () => redirect('/jobs/chunking') },
];

/** Sidebar entries of this area: the jobs, their stages, evaluation, and the chunking tool. */
const nav: NavEntry[] = [
  { to: '/jobs', label: 'Jobs', group: 'work', order: 300, icon: Workflow, end: true, keywords: ['runs', 'pipeline', 'wizard'] },
  { to: '/jobs/ocr', label: '1. OCR', group: 'work', order: 310, icon: ScanText, nested: true, keywords: ['ocr jobs', 'text recognition'] },
  { to: '/jobs/chunking', label: '2. Chunking', group: 'work', order: 320, icon: Scissors, nested: true, keywords: ['chunking jobs'] },
  { to: '/jobs/extraction', label: '3. Extraction', group: 'work', order: 330, icon: Sparkles, nested: true, keywords: ['extraction jobs'] },
  { to: '/jobs/evaluation', label: 'Evaluation', group: 'work', order: 400, icon: Gauge, keywords: ['precision', 'recall', 'accuracy'] },
  { to: '/chunking-test', label: 'Chunking Test', group: 'tools', order: 200, icon: Wrench, end: true, keywords: ['chunks', 'split'] },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes, nav);
