// The LLM test API (docs/product/prompts-and-schemas.md, LLM test): a request becomes a task (a llm_test_results row,
// status pending) answered at once with its id; the call runs in this API process and stores the
// outcome (success / failure). GET status maps pending/success/failure to PENDING/SUCCESS/FAILURE.
//
// Provider: the one named, default 'gemini' (docs/product/prompts-and-schemas.md). When gemini is asked for but
// GEMINI_API_KEY is not set, the offline extractor answers instead and the result says so
// (provider 'offline', requested_provider 'gemini', offline true, note explaining why): the test
// page stays usable on a server with no key, and nothing pretends to be a language model.
// Another provider that cannot be reached answers FAILURE with the readable error.
//
// Cache: a request identical to an earlier successful one of the same user (sha256 over kind,
// provider, model, messages / content + prompt + schema, temperature, max_tokens) is answered
// from it at once: a new row with is_cached_response true, cost 0, no provider call.
//
// A task left pending by a process that stopped is reported FAILURE after STALE_MS.
//
// Metering: a request that will call a provider is admitted first (the route's `admit`: the
// admin switch, the per-minute limit, the credits of a job — credits/model-calls.ts); cache
// hits and providers that are not configured call no model and are not charged.
import { createHash, randomUUID } from 'node:crypto';
import type { LlmTaskStatus, LlmTestResult } from '@quarry/shared/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { llmTestResults, type LlmTestResultRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';
import { getProvider, LlmError, notConfiguredReason, PROVIDER_NAMES, type GenerateRequest, type ProviderName, type JSONSchema, type LlmMessage, type LlmProvider } from '../../llm';
import { validateOutput } from '../../processing/extraction';

export const STALE_MS = 15 * 60_000;

/** USD per million tokens [input, output]; matched by model-name prefix (longest first). Local and offline models cost 0. */
export const PRICES: Record<string, [number, number]> = {
  'gemini-2.5-pro': [1.25, 10],
  'gemini-2.5-flash-lite': [0.1, 0.4],
  'gemini-2.5-flash': [0.3, 2.5],
  'gemini-2.0-flash-lite': [0.075, 0.3],
  'gemini-2.0-flash': [0.1, 0.4],
  'gemini-1.5-pro': [1.25, 5],
  'gemini-1.5-flash': [0.075, 0.3],
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4o': [2.5, 10],
  'gpt-4.1-nano': [0.1, 0.4],
  'gpt-4.1-mini': [0.4, 1.6],
  'gpt-4.1': [2, 8],
  'gpt-3.5-turbo': [0.5, 1.5],
  'o4-mini': [1.1, 4.4],
};

export function costEstimate(provider: string, model: string, input: number, output: number): number {
  if (provider === 'offline' || provider === 'ollama') return 0;
  const key = Object.keys(PRICES)
    .sort((a, b) => b.length - a.length)
    .find((k) => model.toLowerCase().startsWith(k));
  if (!key) return 0;
  const [pi, po] = PRICES[key]!;
  return Math.round(((input * pi + output * po) / 1_000_000) * 1e8) / 1e8;
}

const statusWord = { pending: 'PENDING', success: 'SUCCESS', failure: 'FAILURE' } as const;

export function toResult(r: LlmTestResultRow): LlmTestResult {
  return {
    id: r.id,
    task_id: r.id,
    kind: r.kind as LlmTestResult['kind'],
    provider: r.provider,
    requested_provider: r.requestedProvider,
    model: r.model,
    status: r.status as LlmTestResult['status'],
    is_cached_response: r.isCachedResponse,
    offline: r.offline,
    note: r.note,
    created_at: isoStrict(r.createdAt),
    completed_at: iso(r.completedAt),
    response_content: r.responseContent,
    response_json: r.responseJson ?? null,
    error_message: r.errorMessage,
    input_tokens: r.inputTokens,
    output_tokens: r.outputTokens,
    total_tokens: r.totalTokens,
    processing_time_ms: r.processingTimeMs,
    cost_estimate: r.costEstimate,
  };
}

export interface TaskInput {
  kind: 'simple' | 'structured';
  provider: string | null | undefined;
  model: string | null | undefined;
  messages: LlmMessage[];
  temperature: number | null | undefined;
  maxTokens: number | null | undefined;
  schema?: JSONSchema;
  /** the document text (structured): what the offline extractor reads */
  sourceText?: string;
}

interface Resolved {
  provider: LlmProvider | null;
  providerName: string;
  model: string;
  requested: string;
  note: string | null;
  configError: string | null;
}

function resolve(input: TaskInput): Resolved {
  const requested = input.provider ?? 'gemini';
  let name = requested;
  let note: string | null = null;
  if (requested === 'gemini' && !(process.env.GEMINI_API_KEY ?? '').trim()) {
    name = 'offline';
    note = 'gemini is not configured on this server (GEMINI_API_KEY is not set): answered by the offline extractor, no language model was called';
  }
  const reason = PROVIDER_NAMES.includes(name as ProviderName) ? notConfiguredReason(name as ProviderName) : null;
  if (reason) return { provider: null, providerName: name, model: input.model ?? '', requested, note, configError: reason };
  try {
    const provider = getProvider(name, input.model && name !== 'offline' ? { model: input.model } : {});
    return { provider, providerName: provider.name, model: provider.model, requested, note, configError: null };
  } catch (e) {
    return { provider: null, providerName: name, model: input.model ?? '', requested, note, configError: (e as Error).message };
  }
}

const hashOf = (input: TaskInput, r: Resolved): string =>
  createHash('sha256')
    .update(
      JSON.stringify({
        kind: input.kind,
        provider: r.providerName,
        model: r.model,
        messages: input.messages,
        schema: input.schema ?? null,
        source: input.sourceText ?? null,
        temperature: input.temperature ?? null,
        max_tokens: input.maxTokens ?? null,
      }),
    )
    .digest('hex');

export class LlmTestRunner {
  private readonly inflight = new Map<string, { promise: Promise<void>; controller: AbortController }>();

  constructor(private readonly db: Db, private readonly log: { warn(o: unknown, m?: string): void }) {}

  /**
   * Creates the task; answers the row (already final for a cache hit or a configuration error).
   * `admit(taskId, provider)` runs only when a provider is about to be called (not for a cache
   * hit or a provider that is not configured): it charges the call, or throws to refuse it.
   */
  async submit(userId: string, input: TaskInput, admit?: (taskId: string, provider: string) => Promise<void>): Promise<LlmTestResultRow> {
    const r = resolve(input);
    const hash = hashOf(input, r);
    const request = {
      messages: input.messages,
      temperature: input.temperature ?? null,
      max_tokens: input.maxTokens ?? null,
      ...(input.schema ? { output_schema: input.schema } : {}),
    };
    const base = { userId, kind: input.kind, requestedProvider: r.requested, provider: r.providerName, model: r.model, request, requestHash: hash, note: r.note, offline: r.providerName === 'offline' };
    if (r.configError) {
      const [row] = await this.db
        .insert(llmTestResults)
        .values({ ...base, status: 'failure', errorMessage: r.configError.startsWith('The provider ') ? r.configError : `The provider ${r.providerName} is not usable: ${r.configError}`, traceback: `LlmConfigError: ${r.configError}`, completedAt: new Date(), processingTimeMs: 0 })
        .returning();
      return row!;
    }
    const [cached] = await this.db
      .select()
      .from(llmTestResults)
      .where(and(eq(llmTestResults.userId, userId), eq(llmTestResults.requestHash, hash), eq(llmTestResults.status, 'success')))
      .orderBy(desc(llmTestResults.createdAt))
      .limit(1);
    if (cached) {
      const [row] = await this.db
        .insert(llmTestResults)
        .values({
          ...base,
          status: 'success',
          isCachedResponse: true,
          responseContent: cached.responseContent,
          responseJson: cached.responseJson,
          inputTokens: cached.inputTokens,
          outputTokens: cached.outputTokens,
          totalTokens: cached.totalTokens,
          processingTimeMs: 0,
          costEstimate: 0,
          completedAt: new Date(),
          note: [r.note, `cached answer of task ${cached.id}`].filter(Boolean).join('; '),
        })
        .returning();
      return row!;
    }
    const id = randomUUID();
    await admit?.(id, r.providerName);
    const [row] = await this.db.insert(llmTestResults).values({ ...base, id }).returning();
    const controller = new AbortController();
    const promise = this.execute(row!.id, r.provider!, input, controller.signal).finally(() => this.inflight.delete(row!.id));
    this.inflight.set(row!.id, { promise, controller });
    return row!;
  }

  private async execute(id: string, provider: LlmProvider, input: TaskInput, signal: AbortSignal): Promise<void> {
    const started = performance.now();
    try {
      const req: GenerateRequest = {
        messages: input.messages,
        signal,
        ...(input.temperature !== null && input.temperature !== undefined ? { temperature: input.temperature } : {}),
        ...(input.maxTokens ? { maxTokens: input.maxTokens } : {}),
        ...(input.schema ? { responseSchema: input.schema, schemaName: 'llm_test' } : {}),
        ...(input.sourceText !== undefined ? { source: { text: input.sourceText } } : {}),
      };
      const out = await provider.generate(req);
      let error: string | null = null;
      if (input.schema) {
        const v = validateOutput(input.schema, out.json);
        if (!v.valid) error = `The answer does not match the output schema: ${v.errors.join('; ')}`;
      }
      await this.db
        .update(llmTestResults)
        .set({
          status: error ? 'failure' : 'success',
          provider: out.provider,
          model: out.model,
          offline: Boolean(out.offline),
          responseContent: out.content,
          responseJson: out.json === undefined ? null : out.json,
          errorMessage: error,
          traceback: error ? `SchemaValidationError: ${error}` : null,
          inputTokens: out.usage.input_tokens,
          outputTokens: out.usage.output_tokens,
          totalTokens: out.usage.total_tokens,
          processingTimeMs: Math.round(out.processing_time_ms ?? performance.now() - started),
          costEstimate: costEstimate(out.provider, out.model, out.usage.input_tokens, out.usage.output_tokens),
          completedAt: new Date(),
        })
        .where(eq(llmTestResults.id, id));
    } catch (e) {
      const err = e as Error;
      const message = e instanceof LlmError ? err.message : `Unexpected error: ${err?.message ?? String(e)}`;
      const trace = [`${err?.name ?? 'Error'}: ${err?.message ?? String(e)}`];
      let cause = (err as { cause?: unknown })?.cause;
      while (cause instanceof Error && trace.length < 5) {
        trace.push(`caused by ${cause.name}: ${cause.message}`);
        cause = (cause as { cause?: unknown }).cause;
      }
      await this.db
        .update(llmTestResults)
        .set({ status: 'failure', errorMessage: message, traceback: trace.join('\n'), processingTimeMs: Math.round(performance.now() - started), completedAt: new Date() })
        .where(eq(llmTestResults.id, id))
        .catch((x: unknown) => this.log.warn({ err: x, id }, 'LLM test result could not be stored'));
    }
  }

  /** Stops running calls (their tasks become failures) and waits for them. */
  async close(): Promise<void> {
    for (const { controller } of this.inflight.values()) controller.abort(new Error('The server is shutting down'));
    await Promise.allSettled([...this.inflight.values()].map((v) => v.promise));
  }

  /** Waits until a task is no longer running here (tests). */
  async settle(id: string): Promise<void> {
    await this.inflight.get(id)?.promise;
  }

  async get(userId: string, id: string): Promise<LlmTestResultRow> {
    const [row] = await this.db.select().from(llmTestResults).where(and(eq(llmTestResults.id, id), eq(llmTestResults.userId, userId)));
    if (!row) throw notFound('LLM test result not found');
    if (row.status === 'pending' && !this.inflight.has(row.id) && Date.now() - row.createdAt.getTime() > STALE_MS) {
      const [updated] = await this.db
        .update(llmTestResults)
        .set({ status: 'failure', errorMessage: 'The task was interrupted (the server stopped before it finished)', traceback: 'Interrupted', completedAt: new Date() })
        .where(and(eq(llmTestResults.id, id), eq(llmTestResults.status, 'pending')))
        .returning();
      return updated ?? row;
    }
    return row;
  }

  async status(userId: string, id: string): Promise<LlmTaskStatus> {
    const row = await this.get(userId, id);
    const status = statusWord[row.status as keyof typeof statusWord] ?? 'PENDING';
    return { task_id: row.id, status, result: status === 'PENDING' ? null : toResult(row), traceback: status === 'FAILURE' ? row.traceback : null };
  }

  async list(userId: string, limit: number, offset: number): Promise<{ results: LlmTestResult[]; total_count: number }> {
    const [agg] = await this.db.select({ n: sql<number>`count(*)::int` }).from(llmTestResults).where(eq(llmTestResults.userId, userId));
    const rows = await this.db
      .select()
      .from(llmTestResults)
      .where(eq(llmTestResults.userId, userId))
      .orderBy(desc(llmTestResults.createdAt), desc(llmTestResults.id))
      .limit(limit)
      .offset(offset);
    return { results: rows.map(toResult), total_count: agg?.n ?? 0 };
  }

  async remove(userId: string, id: string): Promise<void> {
    const gone = await this.db
      .delete(llmTestResults)
      .where(and(eq(llmTestResults.id, id), eq(llmTestResults.userId, userId)))
      .returning({ id: llmTestResults.id });
    if (gone.length === 0) throw notFound('LLM test result not found');
    this.inflight.get(id)?.controller.abort(new Error('The result was deleted'));
  }
}
