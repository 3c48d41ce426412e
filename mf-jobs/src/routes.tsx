import { defineRemote, lazyScreen, type RouteHandle } from '@quarry/shared';
import { redirect, type RouteObject } from 'react-router';

const planned = lazyScreen(() => import('./screens/Planned'));

/** A job-type list with its monitor at `:jobId`. */
function jobArea(path: string, crumb: string, monitorCrumb?: string): RouteObject {
  return {
    path,
    handle: { crumb } satisfies RouteHandle,
    children: [
      { index: true, lazy: planned },
      { path: ':jobId', handle: (monitorCrumb ? { crumb: monitorCrumb } : {}) satisfies RouteHandle, lazy: planned },
    ],
  };
}

const routes: RouteObject[] = [
  {
    path: 'jobs',
    handle: { crumb: 'Jobs' } satisfies RouteHandle,
    children: [
      { index: true, lazy: planned },
      { path: 'create', lazy: planned },
      jobArea('pipeline', 'Pipeline Jobs', 'Pipeline Job Monitor'),
      jobArea('ocr', 'OCR Jobs', 'OCR Job Monitor'),
      jobArea('extraction', 'Extraction Jobs'),
      jobArea('chunking', 'Chunking Jobs'),
      {
        path: ':jobId',
        handle: { crumb: ({ params }) => `Job ${params.jobId ?? ''}` } satisfies RouteHandle,
        children: [
          { index: true, lazy: planned },
          {
            path: 'file',
            children: [
              { index: true, lazy: planned },
              { path: ':fileId', lazy: planned },
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
