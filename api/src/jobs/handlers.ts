// The job types this build runs. The API and `npm run worker` both register this list, so
// every process can run every type. A new type (extraction, full_pipeline): write its
// JobHandler next to its module and add it here; nothing in the queue core changes.
import { chunkingHandler } from '../modules/chunking/handler';
import { extractionHandler } from '../modules/extraction/handler';
import { ocrHandler } from '../modules/ocr/handler';
import { pipelineHandler } from '../modules/pipelines/handler';
import { webhookDeliveryHandler } from '../modules/webhooks/handler';
import type { HandlerRegistry } from './registry';
import type { JobHandler } from './types';

export const builtinHandlers = (): JobHandler[] => [ocrHandler, chunkingHandler, extractionHandler, pipelineHandler, webhookDeliveryHandler];

export function registerBuiltinHandlers(registry: HandlerRegistry): HandlerRegistry {
  for (const h of builtinHandlers()) registry.register(h);
  return registry;
}
