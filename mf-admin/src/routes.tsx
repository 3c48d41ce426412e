import { defineRemote, lazyScreen, namedCrumb, type NavEntry, type RouteHandle } from '@quarry/shared';
import { ShieldCheck } from 'lucide-react';
import type { RouteObject } from 'react-router';
import { adminUserQueryOptions } from './users/userQuery';

/** `/admin/users/:userId`: the user's email, read from the query the page itself reads. */
const userCrumb = namedCrumb({ placeholder: 'User', query: (p, me) => adminUserQueryOptions(me, p.userId ?? ''), name: (user) => user.email });

const routes: RouteObject[] = [
  {
    path: 'admin',
    handle: { crumb: 'Admin' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('./layout/AdminLayout')),
    children: [
      { index: true, lazy: lazyScreen(() => import('./dashboard/DashboardPage')) },
      { path: 'settings', handle: { crumb: 'Settings' } satisfies RouteHandle, lazy: lazyScreen(() => import('./settings/SettingsPage')) },
      { path: 'resources', handle: { crumb: 'Resource Management' } satisfies RouteHandle, lazy: lazyScreen(() => import('./resources/ResourcesPage')) },
      {
        path: 'credit-requests',
        handle: { crumb: 'Credit Requests' } satisfies RouteHandle,
        lazy: lazyScreen(() => import('./credit-requests/CreditRequestsPage')),
      },
      { path: 'operations', handle: { crumb: 'Operations' } satisfies RouteHandle, lazy: lazyScreen(() => import('./operations/OperationsPage')) },
      {
        path: 'users',
        handle: { crumb: 'Users' } satisfies RouteHandle,
        children: [
          { index: true, lazy: lazyScreen(() => import('./users/UsersPage')) },
          { path: ':userId', handle: { crumb: userCrumb } satisfies RouteHandle, lazy: lazyScreen(() => import('./users/UserPage')) },
        ],
      },
      { path: 'messages', handle: { crumb: 'Messages' } satisfies RouteHandle, lazy: lazyScreen(() => import('./messages/MessagesPage')) },
    ],
  },
];

/** Sidebar entry of this area (the shell loads this remote only for a superuser). */
const nav: NavEntry[] = [{ to: '/admin', label: 'Admin', group: 'admin', order: 100, icon: ShieldCheck, superuser: true, keywords: ['users', 'credit requests', 'resources'] }];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes, nav);
