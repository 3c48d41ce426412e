import { defineRemote, lazyScreen, type RouteHandle } from '@quarry/shared';
import type { RouteObject } from 'react-router';

const routes: RouteObject[] = [
  {
    path: 'prompts',
    handle: { crumb: 'Prompts' } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyScreen(() => import('./prompts/PromptsPage')) },
      { path: 'new', handle: { crumb: 'New Prompt' } satisfies RouteHandle, lazy: lazyScreen(() => import('./prompt-new/NewPromptPage')) },
      { path: ':promptId', handle: { crumb: 'Prompt' } satisfies RouteHandle, lazy: lazyScreen(() => import('./prompt-detail/PromptDetailPage')) },
    ],
  },
  {
    path: 'output-schemas',
    handle: { crumb: 'Output Schemas' } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyScreen(() => import('./output-schemas/OutputSchemasPage')) },
      { path: 'new', handle: { crumb: 'New Schema' } satisfies RouteHandle, lazy: lazyScreen(() => import('./schema-new/NewSchemaPage')) },
      { path: ':schemaId', handle: { crumb: 'Schema' } satisfies RouteHandle, lazy: lazyScreen(() => import('./schema-detail/SchemaDetailPage')) },
    ],
  },
  { path: 'llm-test', handle: { crumb: 'LLM Test' } satisfies RouteHandle, lazy: lazyScreen(() => import('./llm-test/LlmTestPage')) },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes);
