import { defineRemote, lazyScreen, type RouteHandle } from '@quarry/shared';
import type { RouteObject } from 'react-router';

const planned = lazyScreen(() => import('./screens/Planned'));

const routes: RouteObject[] = [
  {
    path: 'admin',
    handle: { crumb: 'Admin' } satisfies RouteHandle,
    children: [
      { index: true, lazy: planned },
      { path: 'settings', handle: { crumb: 'Settings' } satisfies RouteHandle, lazy: planned },
      { path: 'resources', handle: { crumb: 'Resource Management' } satisfies RouteHandle, lazy: planned },
      { path: 'credit-requests', handle: { crumb: 'Credit Requests' } satisfies RouteHandle, lazy: planned },
    ],
  },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes);
