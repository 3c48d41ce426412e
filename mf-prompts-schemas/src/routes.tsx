import { defineRemote, lazyScreen, namedCrumb, type NavEntry, type RouteHandle } from '@quarry/shared';
import { Braces, FlaskConical, MessageSquareText } from 'lucide-react';
import { schemaQueryOptions } from './common/queries';
import { promptQueryOptions } from './prompt-detail/queries';
import type { RouteObject } from 'react-router';

// The detail pages' crumbs name the prompt or schema, read through the page's own query.
const promptCrumb = namedCrumb({ placeholder: 'Prompt', query: (p, userId) => promptQueryOptions(userId, p.promptId ?? ''), name: (prompt) => prompt.name });
const schemaCrumb = namedCrumb({ placeholder: 'Schema', query: (p, userId) => schemaQueryOptions(userId, p.schemaId ?? ''), name: (schema) => schema.name });

const routes: RouteObject[] = [
  {
    path: 'prompts',
    handle: { crumb: 'Prompts' } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyScreen(() => import('./prompts/PromptsPage')) },
      { path: 'new', handle: { crumb: 'New Prompt' } satisfies RouteHandle, lazy: lazyScreen(() => import('./prompt-new/NewPromptPage')) },
      { path: ':promptId', handle: { crumb: promptCrumb } satisfies RouteHandle, lazy: lazyScreen(() => import('./prompt-detail/PromptDetailPage')) },
    ],
  },
  {
    path: 'output-schemas',
    handle: { crumb: 'Output Schemas' } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyScreen(() => import('./output-schemas/OutputSchemasPage')) },
      { path: 'new', handle: { crumb: 'New Schema' } satisfies RouteHandle, lazy: lazyScreen(() => import('./schema-new/NewSchemaPage')) },
      { path: ':schemaId', handle: { crumb: schemaCrumb } satisfies RouteHandle, lazy: lazyScreen(() => import('./schema-detail/SchemaDetailPage')) },
    ],
  },
  { path: 'llm-test', handle: { crumb: 'LLM Test' } satisfies RouteHandle, lazy: lazyScreen(() => import('./llm-test/LlmTestPage')) },
];

/** Sidebar entries of this area. */
const nav: NavEntry[] = [
  { to: '/prompts', label: 'Prompts', group: 'work', order: 200, icon: MessageSquareText, keywords: ['templates', 'examples'] },
  { to: '/output-schemas', label: 'Output Schemas', group: 'work', order: 210, icon: Braces, keywords: ['schemas', 'json', 'fields'] },
  { to: '/llm-test', label: 'LLM Test', group: 'tools', order: 100, icon: FlaskConical, keywords: ['model', 'provider'] },
];

export default defineRemote(__REMOTE_NAME__, __REMOTE_VERSION__, routes, nav);
