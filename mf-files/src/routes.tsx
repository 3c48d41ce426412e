import { defineRemote, lazyScreen, type RouteHandle } from '@quarry/shared';
import type { RouteObject } from 'react-router';

const planned = lazyScreen(() => import('./screens/Planned'));

const routes: RouteObject[] = [
  {
    path: 'files',
    handle: { crumb: 'Files & Datasets' } satisfies RouteHandle,
    children: [{ index: true, lazy: planned }],
  },
  { path: 'files-old', handle: { crumb: 'Files' } satisfies RouteHandle, lazy: planned },
  { path: 'uploads', handle: { crumb: 'File Upload' } satisfies RouteHandle, lazy: planned },
  { path: 'datasets', handle: { crumb: 'Datasets' } satisfies RouteHandle, lazy: planned },
  {
    path: 'projects',
    handle: { crumb: 'Projects' } satisfies RouteHandle,
    children: [
      { index: true, lazy: planned },
      {
        path: ':projectId',
        handle: { crumb: ({ params }) => `Project ${params.projectId ?? ''}` } satisfies RouteHandle,
        children: [
          { index: true, lazy: planned },
          { path: 'files', handle: { crumb: 'Files' } satisfies RouteHandle, lazy: planned },
          { path: 'tasks', handle: { crumb: 'Tasks' } satisfies RouteHandle, lazy: planned },
          { path: 'team', handle: { crumb: 'Team' } satisfies RouteHandle, lazy: planned },
        ],
      },
    ],
  },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes);
