import { defineRemote, lazyScreen, namedCrumb, type NavEntry, type RouteHandle } from '@quarry/shared';
import { Database, FolderOpen } from 'lucide-react';
import type { RouteObject } from 'react-router';
import { datasetDetailQueryOptions } from './dataset/queries';

/** `/datasets/:datasetId`: the dataset's name, read from the query the page itself reads. */
const datasetCrumb = namedCrumb({
  placeholder: 'Dataset',
  query: (p, userId) => datasetDetailQueryOptions(userId, p.datasetId ?? ''),
  name: (dataset) => dataset.name,
});

// The only module that wires the features together; every screen loads lazily.
const routes: RouteObject[] = [
  {
    path: 'files',
    handle: { crumb: 'Files & Datasets' } satisfies RouteHandle,
    children: [{ index: true, lazy: lazyScreen(() => import('./library/FilesPage')) }],
  },
  { path: 'files-old', handle: { crumb: 'Files' } satisfies RouteHandle, lazy: lazyScreen(() => import('./files-old/FilesOldPage')) },
  { path: 'uploads', handle: { crumb: 'File Upload' } satisfies RouteHandle, lazy: lazyScreen(() => import('./uploads/UploadsPage')) },
  {
    path: 'datasets',
    handle: { crumb: 'Datasets' } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyScreen(() => import('./datasets/DatasetsPage')) },
      { path: ':datasetId', handle: { crumb: datasetCrumb } satisfies RouteHandle, lazy: lazyScreen(() => import('./dataset/DatasetPage')) },
    ],
  },
  {
    path: 'projects',
    handle: { crumb: 'Projects' } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyScreen(() => import('./projects/ProjectsPage')) },
      {
        path: ':projectId',
        handle: { crumb: ({ params }) => `Project ${params.projectId ?? ''}` } satisfies RouteHandle,
        children: [
          { index: true, lazy: lazyScreen(() => import('./projects/ProjectDetailPage')) },
          { path: 'files', handle: { crumb: 'Files' } satisfies RouteHandle, lazy: lazyScreen(() => import('./projects/ProjectFilesPage')) },
          { path: 'tasks', handle: { crumb: 'Tasks' } satisfies RouteHandle, lazy: lazyScreen(() => import('./projects/ProjectTasksPage')) },
          { path: 'team', handle: { crumb: 'Team' } satisfies RouteHandle, lazy: lazyScreen(() => import('./projects/ProjectTeamPage')) },
        ],
      },
    ],
  },
];

/** Sidebar entries of this area. */
const nav: NavEntry[] = [
  { to: '/files', label: 'Files & Datasets', group: 'work', order: 100, icon: FolderOpen, keywords: ['library', 'documents', 'upload'] },
  { to: '/datasets', label: 'Datasets', group: 'work', order: 110, icon: Database, keywords: ['collections'] },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes, nav);
