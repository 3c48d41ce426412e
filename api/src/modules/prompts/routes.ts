// Prompts (docs/product/prompts-and-schemas.md): POST and GET /prompts/, GET, PUT and DELETE /prompts/{id},
// POST /prompts/validate, GET /prompts/statistics/summary; POST /prompts/{id}/playground.
import {
  ErrorResponseSchema,
  IdParamsSchema,
  PromptCreateSchema,
  PromptListQuerySchema,
  PromptListResponseSchema,
  PromptPlaygroundRequestSchema,
  PromptPlaygroundResponseSchema,
  PromptSchema,
  PromptStatisticsSchema,
  PromptUpdateSchema,
  PromptValidateBodySchema,
  PromptValidateResponseSchema,
} from '@quarry/shared/schemas';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { byIdRoute, deleteByIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { RateLimiter } from '../../lib/rate-limit';
import { cachedList } from '../../lib/list-cache-hooks';
import type { App } from '../../types';
import { assertModelCallsAllowed, chargeModelCall } from '../credits/model-calls';
import { runPlayground } from './playground';
import { createPrompt, deletePrompt, getOwnPrompt, listPrompts, promptStatistics, toPrompt, updatePrompt, validatePrompt } from './service';

export default async function promptRoutes(app: App) {
  tagRoutes(app, 'prompts');
  const db = app.database.db;

  app.post(
    '/prompts/',
    {
      schema: {
        summary: 'Create a prompt (variables derived from the template; a template that does not parse is refused)',
        body: PromptCreateSchema,
        response: { 201: PromptSchema, ...errorResponses(404, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await createPrompt(db, req.user.id, req.body)),
  );

  app.get(
    '/prompts/',
    {
      config: cachedList('own'),
      serializerCompiler: fastSerializerCompiler,
      schema: {
        summary: "The caller's prompts (filter by type, search; sort by updated_at, created_at or name, recently updated first)",
        querystring: PromptListQuerySchema,
        response: { 200: PromptListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => listPrompts(db, req.user.id, req.query),
  );

  app.post(
    '/prompts/validate',
    {
      schema: {
        summary: 'Check a template: table allows schema_descriptions, header, table_description, row_chunk; text allows schema_descriptions, text_chunk',
        body: PromptValidateBodySchema,
        response: { 200: PromptValidateResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => validatePrompt(req.body.template, req.body.type),
  );

  app.get(
    '/prompts/statistics/summary',
    { schema: { response: { 200: PromptStatisticsSchema } } },
    async (req) => promptStatistics(db, req.user.id),
  );

  app.get('/prompts/:id', byIdRoute(PromptSchema), async (req) => toPrompt(await getOwnPrompt(db, req.user.id, req.params.id)));

  app.put('/prompts/:id', byIdRoute(PromptSchema, { body: PromptUpdateSchema }), async (req) =>
    updatePrompt(db, req.user.id, req.params.id, req.body),
  );

  app.delete(
    '/prompts/:id',
    deleteByIdRoute({ summary: 'Delete a prompt and its examples' }),
    async (req, reply) => {
      await deletePrompt(db, req.user.id, req.params.id);
      return reply.code(204).send();
    },
  );

  // a provider call per request: metered like the LLM test page (the admin switch, the
  // per-minute limit and a job's credits, in credits/model-calls.ts); this is a flood guard
  const playgroundLimiter = new RateLimiter(120, 60_000);
  const meterDefaults = { callsPerMinute: app.config.rateLimits.modelCallsPerMinute };
  app.post(
    '/prompts/:id/playground',
    {
      schema: {
        summary: 'Run the prompt (with its output schema and an example) on one chunk of one of your files; nothing is stored',
        description:
          'The chunk goes through the extraction engine exactly as in a job (few-shot example, structured output, one re-ask on an invalid answer); ' +
          'the answer is then checked against the prompt\'s output schema (or its own schema_definition) and every error is given with its path. ' +
          'No job and no extraction result are created. Another user\'s prompt, file, chunk or example answers 404; a provider that is not configured answers 422. ' +
          'A run that reaches the provider is metered like the LLM test page: 403 when an administrator switched model calls off for non-superusers, ' +
          '429 past the per-minute limit, and a job\'s credit cost taken from the balance (402 when it is short).',
        params: IdParamsSchema,
        body: PromptPlaygroundRequestSchema,
        response: { 200: PromptPlaygroundResponseSchema, 402: ErrorResponseSchema, ...errorResponses(404, 422, 429) },
      },
    },
    async (req, reply) => {
      const principal = { userId: req.user.id, isSuperuser: req.user.isSuperuser };
      await assertModelCallsAllowed(db, principal, meterDefaults);
      playgroundLimiter.consume(req.user.id, 'Too many playground runs; try again in a minute');
      // a closed connection stops the provider call
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('The client went away'));
      };
      reply.raw.on('close', onClose);
      try {
        return await runPlayground(db, req.user.id, req.params.id, req.body, controller.signal, async (provider) => {
          await chargeModelCall(db, principal, { endpoint: 'prompt_playground', referenceId: req.params.id, provider }, meterDefaults);
        });
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
}
