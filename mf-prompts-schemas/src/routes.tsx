import { defineRemote, lazyScreen, type RouteHandle } from '@quarry/shared';
import type { RouteObject } from 'react-router';

const planned = lazyScreen(() => import('./screens/Planned'));

const routes: RouteObject[] = [
  {
    path: 'prompts',
    handle: { crumb: 'Prompts' } satisfies RouteHandle,
    children: [
      { index: true, lazy: planned },
      { path: 'new', handle: { crumb: 'New Prompt' } satisfies RouteHandle, lazy: planned },
      { path: ':promptId', handle: { crumb: 'Prompt' } satisfies RouteHandle, lazy: planned },
    ],
  },
  {
    path: 'output-schemas',
    handle: { crumb: 'Output Schemas' } satisfies RouteHandle,
    children: [
      { index: true, lazy: planned },
      { path: 'new', handle: { crumb: 'New Schema' } satisfies RouteHandle, lazy: planned },
      { path: ':schemaId', handle: { crumb: 'Schema' } satisfies RouteHandle, lazy: planned },
    ],
  },
  { path: 'llm-test', handle: { crumb: 'LLM Test' } satisfies RouteHandle, lazy: planned },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes);
