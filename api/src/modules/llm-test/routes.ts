// LLM test API (docs/product/prompts-and-schemas.md): see ./service.ts for providers, fallback and caching.
//   POST   /test/llm/simple          {messages, provider, model, temperature, max_tokens} -> 202 {task_id, status, message}
//   POST   /test/llm/structured      {content, prompt, output_schema, provider, model}   -> 202 {task_id, status, message}
//   GET    /test/llm/status/{taskId} {task_id, status PENDING|SUCCESS|FAILURE, result, traceback}
//   GET    /test/llm/results         the caller's results, newest first (limit 50)
//   GET    /test/llm/results/{id}, DELETE /test/llm/results/{id}
//   GET    /test/llm/policy          what a call costs the caller, how many a minute, whether allowed
// The two POSTs are metered (credits/model-calls.ts): 403 when an admin switched them off for
// non-superusers, 429 past the per-minute limit, 402 when the balance is below a job's cost.
import {
  ErrorResponseSchema,
  IdParamsSchema,
  LLM_TEST_MESSAGES,
  LLM_TEST_RESULTS_LIMIT,
  LlmSimpleRequestSchema,
  LlmStructuredRequestSchema,
  LlmTaskParamsSchema,
  LlmTaskResponseSchema,
  LlmTaskStatusSchema,
  LlmTestResultListSchema,
  LlmTestResultSchema,
  ModelCallPolicySchema,
} from '@quarry/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validationError } from '../../lib/errors';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { RateLimiter } from '../../lib/rate-limit';
import type { JSONSchema } from '../../llm';
import { checkSchemaDefinition } from '../../processing/extraction';
import type { App } from '../../types';
import { assertModelCallsAllowed, chargeModelCall, modelCallPolicy, type ModelCallEndpoint } from '../credits/model-calls';
import { LlmTestRunner, toResult, type TaskInput } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    llmTests: LlmTestRunner;
  }
}

const STRUCTURED_SYSTEM =
  'You extract structured data. Follow the instructions, read the content, and answer with one JSON value that follows the given JSON schema and nothing else.';

const ResultsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LLM_TEST_RESULTS_LIMIT).default(LLM_TEST_RESULTS_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});

export default async function llmTestRoutes(app: App) {
  const runner = new LlmTestRunner(app.database.db, app.log);
  app.decorate('llmTests', runner);
  app.addHook('preClose', () => runner.close());
  tagRoutes(app, 'llm-test');
  // a flood guard on submissions (cache hits included); the metered limit is per minute, in the database
  const limiter = new RateLimiter(120, 60_000);
  const meterDefaults = { callsPerMinute: app.config.rateLimits.modelCallsPerMinute };
  const principal = (req: FastifyRequest) => ({ userId: req.user.id, isSuperuser: req.user.isSuperuser });
  // a refused caller (model calls switched off) is not counted against the page's per-minute limit
  const admitRequest = async (req: FastifyRequest) => {
    await assertModelCallsAllowed(app.database.db, principal(req), meterDefaults);
    limiter.consume(req.user.id, 'Too many LLM test requests; try again in a minute');
  };
  const admitFor = (req: FastifyRequest, endpoint: ModelCallEndpoint) => async (taskId: string, provider: string) => {
    await chargeModelCall(app.database.db, principal(req), { endpoint, referenceId: taskId, provider }, meterDefaults);
  };
  const answer = (row: { id: string; status: string; isCachedResponse: boolean }) => ({
    task_id: row.id,
    status: row.status === 'success' ? ('SUCCESS' as const) : row.status === 'failure' ? ('FAILURE' as const) : ('PENDING' as const),
    message: row.isCachedResponse ? 'Answered from the cache (identical earlier request)' : row.status === 'pending' ? 'Task submitted' : 'Task finished',
  });
  // the two metered calls, alike but for their task: the caller is admitted first (403 / 429
  // whatever the body), then the task is built (it may refuse the body: 422), submitted and
  // charged once the provider is known; both answer the task id (202)
  const taskAnswers = { 202: LlmTaskResponseSchema, 402: ErrorResponseSchema, ...errorResponses(422, 429) };
  const submitTask = async (req: FastifyRequest, reply: FastifyReply, endpoint: ModelCallEndpoint, task: () => TaskInput) => {
    await admitRequest(req);
    const row = await runner.submit(req.user.id, task(), admitFor(req, endpoint));
    return reply.code(202).send(answer(row));
  };

  app.post(
    '/test/llm/simple',
    {
      schema: {
        summary: 'Send chat messages to a provider (default gemini; offline when gemini has no key, labelled as such); answers a task id',
        body: LlmSimpleRequestSchema,
        response: taskAnswers,
      },
    },
    async (req, reply) =>
      submitTask(req, reply, 'llm_test_simple', () => ({
        kind: 'simple',
        provider: req.body.provider,
        model: req.body.model,
        messages: req.body.messages.filter((m) => m.content.trim() !== ''),
        temperature: req.body.temperature,
        maxTokens: req.body.max_tokens,
      })),
  );

  app.post(
    '/test/llm/structured',
    {
      schema: {
        summary: 'Extract JSON following output_schema from content with a prompt; answers a task id',
        body: LlmStructuredRequestSchema,
        response: taskAnswers,
      },
    },
    async (req, reply) =>
      submitTask(req, reply, 'llm_test_structured', () => {
        const b = req.body;
        let schema: unknown = b.output_schema;
        if (typeof schema === 'string') {
          try {
            schema = JSON.parse(schema);
          } catch {
            throw validationError(['body', 'output_schema'], LLM_TEST_MESSAGES.invalidSchema);
          }
        }
        const check = checkSchemaDefinition(schema);
        if (!check.valid) throw validationError(['body', 'output_schema'], `${LLM_TEST_MESSAGES.invalidSchema} ${check.errors.join('; ')}`);
        return {
          kind: 'structured',
          provider: b.provider,
          model: b.model,
          messages: [
            { role: 'system', content: STRUCTURED_SYSTEM },
            { role: 'user', content: `${b.prompt.trim()}\n\nContent:\n${b.content}` },
          ],
          temperature: b.temperature,
          maxTokens: b.max_tokens,
          schema: schema as JSONSchema,
          sourceText: b.content,
        };
      }),
  );

  app.get(
    '/test/llm/policy',
    {
      schema: {
        summary: 'What a model call from the test pages costs you, how many a minute you may make, and whether they are switched on for you',
        response: { 200: ModelCallPolicySchema },
      },
    },
    async (req) => modelCallPolicy(app.database.db, { ...principal(req), creditBalance: req.user.creditBalance }, meterDefaults),
  );

  app.get(
    '/test/llm/status/:taskId',
    {
      schema: { summary: 'A task: PENDING, SUCCESS or FAILURE, with its result and traceback', params: LlmTaskParamsSchema, response: { 200: LlmTaskStatusSchema, ...errorResponses(404, 422) } },
    },
    async (req) => runner.status(req.user.id, req.params.taskId),
  );

  app.get(
    '/test/llm/results',
    {
      schema: { summary: "The caller's LLM test results, newest first (at most 50)", querystring: ResultsQuerySchema, response: { 200: LlmTestResultListSchema, ...errorResponses(422) } },
    },
    async (req) => runner.list(req.user.id, req.query.limit, req.query.offset),
  );

  app.get(
    '/test/llm/results/:id',
    byIdRoute(LlmTestResultSchema, { summary: 'One LLM test result' }),
    async (req) => toResult(await runner.get(req.user.id, req.params.id)),
  );

  app.delete(
    '/test/llm/results/:id',
    { schema: { summary: 'Delete one LLM test result (204)', params: IdParamsSchema, response: { 204: z.null(), ...errorResponses(404, 422) } } },
    async (req, reply) => {
      await runner.remove(req.user.id, req.params.id);
      return reply.code(204).send(null);
    },
  );
}
