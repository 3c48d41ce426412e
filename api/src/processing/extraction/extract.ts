// extractChunk(): one chunk through a language-model provider (docs/product/jobs.md).
//  - text chunks: the text prompt with text_chunk + schema_descriptions;
//  - table chunks (with a table prompt): header, table_description, row_chunk (a batch of
//    body rows, `batchSize` per call) + schema_descriptions; results merged; the number of
//    extracted rows is checked against the body rows chunking found: a shortfall is re-asked
//    for the missing rows once, and what is still missing is reported, never dropped silently;
//  - the optional example is sent as a user/assistant few-shot pair;
//  - the answer is parsed (```json fences tolerated) and validated with ajv against the output
//    schema without its `required` (a chunk is part of a document: required fields are checked
//    on the file's unified record by the job); an invalid answer is re-asked ONCE with the validation errors, then the chunk is
//    returned as failed with its error.
// Cancellation: when `signal` fires, extractChunk rejects with LlmAbortedError (the job stops);
// every other problem is a `failed` result with a readable error_message.
import type { UnsureLine } from '../../lib/unsure-words';
import { LlmAbortedError, LlmError, LlmInvalidJsonError } from '../../llm/errors';
import { parseJsonLoose } from '../../llm/json';
import type { GenerateResult, JSONSchema, LlmMessage, LlmProvider, LlmSourceDocument, ProviderName, TokenUsage } from '../../llm/types';
import { renderSchemaDescriptions } from './schema-descriptions';
import {
  batches,
  batchSchema,
  matchRows,
  resolveTables,
  rowsOf,
  rowsProperty,
  type ExtractionChunk,
  type SourceRow,
} from './table';
import { PROMPT_VARIABLES, renderTemplate, validateTemplateVariables, type PromptType } from './template';
import { checkSchemaDefinition, validateOutput, withoutRequired } from './validate';

export interface ExtractionPrompt {
  id?: string;
  type: PromptType;
  template: string;
}

export interface ExtractionExample {
  input_text: string;
  output_text: string;
}

export const DEFAULT_SYSTEM_PROMPT =
  'You extract structured data from document text. Answer with one JSON value that follows the given JSON schema and nothing else. ' +
  'Use only information present in the text. When a value is not present, use null or leave the field out; never invent values.';

export const DEFAULT_BATCH_SIZE = 25;

export interface ExtractChunkOptions {
  chunk: ExtractionChunk;
  /** the text prompt (or a table prompt, used for table chunks when no tablePrompt is given) */
  prompt: ExtractionPrompt;
  tablePrompt?: ExtractionPrompt | null;
  schema?: JSONSchema | null;
  example?: ExtractionExample | null;
  provider: LlmProvider;
  signal?: AbortSignal;
  /** body rows per call for table chunks (default 25) */
  batchSize?: number;
  temperature?: number;
  maxTokens?: number;
  model?: string;
  /** null: no system message */
  systemPrompt?: string | null;
  /** what a row shortfall left after the re-ask does: 'report' (default: completed with the shortfall in error_message and warnings) or 'fail' */
  onRowShortfall?: 'report' | 'fail';
  /** called after each provider call (for job events) */
  onProgress?: (event: ExtractionProgress) => void;
}

export interface ExtractionProgress {
  kind: 'text' | 'batch' | 'retry' | 'rows-retry';
  batch?: number;
  batches?: number;
  rows?: number;
  tokens_used: number;
}

export interface ChunkExtractionResult {
  status: 'completed' | 'failed';
  /** why a failed chunk failed: 'setup' = the user's prompt or schema cannot be used (their doing); otherwise the provider or its answer */
  failure_cause?: 'setup';
  extracted_data: unknown;
  error_message: string | null;
  tokens_used: number;
  usage: TokenUsage;
  processing_time_ms: number;
  /** provider calls made for this chunk (batches, re-asks) */
  attempts: number;
  /** how the chunk was sent */
  mode: 'text' | 'table';
  prompt_type: PromptType;
  provider: ProviderName;
  model: string;
  /** true when the offline extractor produced the data (no language model) */
  offline: boolean;
  rows_expected?: number;
  rows_extracted?: number;
  /** absolute line numbers of body rows with no extracted row */
  missing_rows?: number[];
  batches?: number;
  warnings: string[];
}

interface Ask {
  ok: boolean;
  data?: unknown;
  error?: string;
  content?: string;
}

class Run {
  usage: TokenUsage = { input_tokens: 0, output_tokens: 0, total_tokens: 0 };
  calls = 0;
  model: string;
  offline: boolean;
  warnings: string[] = [];

  constructor(private readonly opts: ExtractChunkOptions) {
    this.model = opts.model ?? opts.provider.model;
    this.offline = opts.provider.name === 'offline';
  }

  private add(result: Pick<GenerateResult, 'usage' | 'model' | 'offline' | 'warnings'> | undefined) {
    if (!result) return;
    for (const w of result.warnings ?? []) if (!this.warnings.includes(w)) this.warnings.push(w);
    this.usage.input_tokens += result.usage.input_tokens;
    this.usage.output_tokens += result.usage.output_tokens;
    this.usage.total_tokens += result.usage.total_tokens;
    this.model = result.model || this.model;
    if (result.offline) this.offline = true;
  }

  private async call(messages: LlmMessage[], schema: JSONSchema | undefined, source: LlmSourceDocument): Promise<{ data?: unknown; content?: string; parseError?: string; error?: string }> {
    const { provider, signal } = this.opts;
    this.calls++;
    try {
      const result = await provider.generate({
        messages,
        temperature: this.opts.temperature ?? 0,
        maxTokens: this.opts.maxTokens ?? 4096,
        ...(schema ? { responseSchema: schema } : {}),
        signal,
        model: this.opts.model,
        source,
      });
      this.add(result);
      if (schema) return { data: result.json, content: result.content };
      try {
        return { data: parseJsonLoose(result.content), content: result.content };
      } catch (e) {
        return { content: result.content, parseError: (e as Error).message };
      }
    } catch (e) {
      if (e instanceof LlmAbortedError || signal?.aborted) throw e instanceof LlmAbortedError ? e : new LlmAbortedError(provider.name);
      if (e instanceof LlmInvalidJsonError) {
        this.add(e.result);
        return { content: e.content, parseError: e.parseError };
      }
      if (e instanceof LlmError) return { error: e.message };
      return { error: `${provider.name}: ${(e as Error).message ?? String(e)}` };
    }
  }

  /** one request, validated; an invalid answer is re-asked once with the errors */
  async ask(messages: LlmMessage[], schema: JSONSchema | undefined, validateWith: JSONSchema | undefined, source: LlmSourceDocument): Promise<Ask> {
    let history = messages;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const r = await this.call(history, schema, source);
      if (r.error) return { ok: false, error: r.error };
      let problems: string[];
      if (r.parseError !== undefined) problems = [`the answer is not valid JSON (${r.parseError})`];
      else if (validateWith) problems = validateOutput(validateWith, r.data).errors;
      else problems = [];
      if (problems.length === 0) return { ok: true, data: r.data, content: r.content };
      if (attempt === 2) {
        const what = r.parseError !== undefined ? 'invalid JSON' : 'output does not match the schema';
        return { ok: false, error: `Extraction failed after a corrective retry (${what}): ${problems.join('; ')}`, data: r.data, content: r.content };
      }
      this.opts.onProgress?.({ kind: 'retry', tokens_used: this.usage.total_tokens });
      history = [
        ...messages,
        { role: 'assistant', content: r.content ?? '' },
        {
          role: 'user',
          content:
            `Your answer was rejected:\n${problems.map((p) => `- ${p}`).join('\n')}\n\n` +
            'Answer again with only the corrected JSON, following the schema exactly. Do not add fields that are not in the schema and do not invent values.',
        },
      ];
    }
    return { ok: false, error: 'unreachable' };
  }
}

function systemMessages(opts: ExtractChunkOptions): LlmMessage[] {
  const system = opts.systemPrompt === undefined ? DEFAULT_SYSTEM_PROMPT : opts.systemPrompt;
  return system ? [{ role: 'system', content: system }] : [];
}

/** Renders a prompt; variables outside the type's list or unknown to the template engine are errors. */
function render(prompt: ExtractionPrompt, vars: Record<string, string>, contentVar: string, warnings: string[]): string {
  const check = validateTemplateVariables(prompt.template, prompt.type);
  if (check.syntaxError) throw new PromptError(`Template syntax error: ${check.syntaxError}`);
  if (!check.valid) {
    throw new PromptError(`Invalid variable${check.invalid.length > 1 ? 's' : ''} for a ${prompt.type} prompt: ${check.invalid.map((v) => v.name).join(', ')} (allowed: ${PROMPT_VARIABLES[prompt.type].join(', ')})`);
  }
  const { text, unknownVariables } = renderTemplate(prompt.template, vars);
  if (unknownVariables.length) throw new PromptError(`Unknown template variables: ${unknownVariables.join(', ')}`);
  if (!check.variables.includes(contentVar)) {
    const msg = `the ${prompt.type} prompt does not use {{ ${contentVar} }}: the content was appended after the prompt`;
    if (!warnings.includes(msg)) warnings.push(msg);
    return `${text.trimEnd()}\n\n${vars[contentVar]}`;
  }
  return text;
}

class PromptError extends Error {}

function fewShot(prompt: ExtractionPrompt, example: ExtractionExample | null | undefined, schemaDescriptions: string, warnings: string[]): LlmMessage[] {
  if (!example || !example.input_text?.trim() || !example.output_text?.trim()) return [];
  const vars: Record<string, string> =
    prompt.type === 'table'
      ? { schema_descriptions: schemaDescriptions, header: '', table_description: '', row_chunk: example.input_text }
      : { schema_descriptions: schemaDescriptions, text_chunk: example.input_text };
  const user = render(prompt, vars, prompt.type === 'table' ? 'row_chunk' : 'text_chunk', warnings);
  return [
    { role: 'user', content: user },
    { role: 'assistant', content: example.output_text.trim() },
  ];
}

/** Merges batch answers: rows concatenated, other arrays concatenated, scalars and objects first non-empty wins. */
export function mergeAnswers(answers: unknown[], where: { root: true } | { key: string } | null): unknown {
  if (where && 'root' in where) return answers.flatMap((a) => (Array.isArray(a) ? a : []));
  const out: Record<string, unknown> = {};
  for (const answer of answers) {
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) continue;
    for (const [key, value] of Object.entries(answer as Record<string, unknown>)) {
      const current = out[key];
      if (Array.isArray(value)) out[key] = Array.isArray(current) ? [...current, ...value] : value;
      else if (current === undefined || current === null || current === '') out[key] = value;
    }
  }
  return out;
}

export async function extractChunk(opts: ExtractChunkOptions): Promise<ChunkExtractionResult> {
  const started = performance.now();
  const run = new Run(opts);
  // what the provider answers and is validated against: `required` is judged on the file's
  // unified record, not here (a chunk holds only part of the document)
  const fullSchema = opts.schema ?? undefined;
  const schema = fullSchema ? withoutRequired(fullSchema) : undefined;
  const finish = (partial: Partial<ChunkExtractionResult> & Pick<ChunkExtractionResult, 'status' | 'mode' | 'prompt_type'>): ChunkExtractionResult => ({
    extracted_data: null,
    error_message: null,
    ...partial,
    tokens_used: run.usage.total_tokens,
    usage: run.usage,
    processing_time_ms: Math.round(performance.now() - started),
    attempts: run.calls,
    provider: opts.provider.name,
    model: run.model,
    offline: run.offline,
    warnings: run.warnings,
  });

  if (opts.signal?.aborted) throw new LlmAbortedError(opts.provider.name);
  if (fullSchema) {
    const check = checkSchemaDefinition(fullSchema);
    if (!check.valid) return finish({ status: 'failed', mode: 'text', prompt_type: opts.prompt.type, error_message: `Invalid output schema: ${check.errors.join('; ')}`, failure_cause: 'setup' });
  }
  // the descriptions still say which fields the document must have
  const schemaDescriptions = renderSchemaDescriptions(fullSchema);

  // which prompt and mode
  const isTableChunk = opts.chunk.chunk_type === 'table';
  const tablePrompt = opts.tablePrompt ?? (opts.prompt.type === 'table' ? opts.prompt : null);
  const textPrompt = opts.prompt.type === 'text' ? opts.prompt : null;

  try {
    if (isTableChunk && tablePrompt) {
      const resolved = resolveTables(opts.chunk);
      if ('tables' in resolved && resolved.tables.some((t) => t.rows.length > 0)) {
        return await extractTable(opts, run, tablePrompt, schema, schemaDescriptions, resolved.tables, finish);
      }
      const reason = 'error' in resolved ? resolved.error : 'the table has no body rows';
      if (!textPrompt) {
        return finish({ status: 'failed', mode: 'table', prompt_type: 'table', error_message: `Cannot extract the table chunk: ${reason}` });
      }
      run.warnings.push(`table chunk sent as text: ${reason}`);
    } else if (isTableChunk && !tablePrompt) {
      run.warnings.push('table chunk sent with the text prompt: no table prompt was given');
    }
    if (!textPrompt) {
      return finish({ status: 'failed', mode: 'text', prompt_type: opts.prompt.type, error_message: 'A text prompt is required for a text chunk (only a table prompt was given)', failure_cause: 'setup' });
    }

    // text chunk
    const vars = { schema_descriptions: schemaDescriptions, text_chunk: opts.chunk.content };
    const messages: LlmMessage[] = [
      ...systemMessages(opts),
      ...fewShot(textPrompt, opts.example, schemaDescriptions, run.warnings),
      { role: 'user', content: render(textPrompt, vars, 'text_chunk', run.warnings) },
    ];
    const answer = await run.ask(messages, schema, schema, { text: opts.chunk.content, ...unsureOf(opts.chunk) });
    opts.onProgress?.({ kind: 'text', tokens_used: run.usage.total_tokens });
    if (!answer.ok) return finish({ status: 'failed', mode: 'text', prompt_type: 'text', error_message: answer.error ?? 'failed', extracted_data: answer.data ?? null });
    return finish({ status: 'completed', mode: 'text', prompt_type: 'text', extracted_data: answer.data ?? null });
  } catch (e) {
    if (e instanceof PromptError) return finish({ status: 'failed', mode: isTableChunk && tablePrompt ? 'table' : 'text', prompt_type: opts.prompt.type, error_message: e.message, failure_cause: 'setup' });
    throw e;
  }
}

async function extractTable(
  opts: ExtractChunkOptions,
  run: Run,
  prompt: ExtractionPrompt,
  schema: JSONSchema | undefined,
  schemaDescriptions: string,
  tables: { description: string[]; header: string[]; rows: SourceRow[] }[],
  finish: (p: Partial<ChunkExtractionResult> & Pick<ChunkExtractionResult, 'status' | 'mode' | 'prompt_type'>) => ChunkExtractionResult,
): Promise<ChunkExtractionResult> {
  const allHeaders = tables.flatMap((t) => t.header);
  const where = rowsProperty(schema, allHeaders);
  if (schema && !where) run.warnings.push('the output schema has no array of objects: rows cannot be counted, each table is sent in one request');
  const size = where ? (opts.batchSize ?? DEFAULT_BATCH_SIZE) : Number.MAX_SAFE_INTEGER;
  const validateWith = schema && where ? batchSchema(schema, where) : schema;
  const few = fewShot(prompt, opts.example, schemaDescriptions, run.warnings);
  const plan = tables.flatMap((table) => batches(table.rows, size).map((rows) => ({ table, rows })));
  const answers: unknown[] = [];
  const missingRows: number[] = [];
  let extraRows = 0;
  let batchNo = 0;

  const askRows = async (table: (typeof tables)[number], rows: SourceRow[], note?: string) => {
    const vars = {
      schema_descriptions: schemaDescriptions,
      header: table.header.join('\n'),
      table_description: table.description.join('\n'),
      row_chunk: rows.map((r) => r.text).join('\n'),
    };
    let user = render(prompt, vars, 'row_chunk', run.warnings);
    if (note) user += `\n\n${note}`;
    const messages: LlmMessage[] = [...systemMessages(opts), ...few, { role: 'user', content: user }];
    const source: LlmSourceDocument = {
      text: [...table.description, ...table.header, ...rows.map((r) => r.text)].join('\n'),
      table: { description: table.description, header: table.header, rows: rows.map((r) => r.text) },
    };
    return run.ask(messages, schema, validateWith, source);
  };

  for (const { table, rows } of plan) {
    batchNo++;
    const answer = await askRows(table, rows);
    opts.onProgress?.({ kind: 'batch', batch: batchNo, batches: plan.length, rows: rows.length, tokens_used: run.usage.total_tokens });
    if (!answer.ok) {
      const rowsFrom = rows[0]!.line;
      const rowsTo = rows[rows.length - 1]!.line;
      return finish({
        status: 'failed',
        mode: 'table',
        prompt_type: 'table',
        error_message: `Batch ${batchNo} of ${plan.length} (rows at lines ${rowsFrom}-${rowsTo}): ${answer.error}`,
        extracted_data: answers.length ? mergeAnswers(answers, where) : null,
        batches: plan.length,
        ...(where ? { rows_expected: tables.reduce((n, t) => n + t.rows.length, 0) } : {}),
      });
    }
    if (!where) {
      answers.push(answer.data);
      continue;
    }
    let got = rowsOf(answer.data, where) ?? [];
    if (got.length < rows.length) {
      // find the rows the answer skipped and ask for exactly those once
      const matched = matchRows(got, rows.map((r) => r.text));
      let missing = rows.filter((_, i) => !matched.includes(i));
      if (missing.length === 0) missing = rows; // cannot tell which: ask for the batch again
      const retry = await askRows(
        table,
        missing,
        `Extract every one of the ${missing.length} row${missing.length > 1 ? 's' : ''} above: one entry per row.`,
      );
      opts.onProgress?.({ kind: 'rows-retry', batch: batchNo, batches: plan.length, rows: missing.length, tokens_used: run.usage.total_tokens });
      const more = retry.ok ? (rowsOf(retry.data, where) ?? []) : [];
      if (missing === rows) {
        if (more.length > got.length) got = more;
      } else {
        got = orderBySource([...got, ...more], rows);
      }
      const finalMatch = matchRows(got, rows.map((r) => r.text));
      if (got.length < rows.length) {
        const unmatched = rows.filter((_, i) => !finalMatch.includes(i)).map((r) => r.line);
        missingRows.push(...(unmatched.length ? unmatched.slice(0, rows.length - got.length) : rows.slice(got.length).map((r) => r.line)));
      }
      answer.data = withRows(answer.data, where, got);
    } else if (got.length > rows.length) {
      extraRows += got.length - rows.length;
    }
    answers.push(answer.data);
  }

  const merged = mergeAnswers(answers, where);
  const rowsExpected = tables.reduce((n, t) => n + t.rows.length, 0);
  const rowsExtracted = where ? (rowsOf(merged, where)?.length ?? 0) : undefined;
  if (validateWith) {
    const check = validateOutput(validateWith, merged);
    if (!check.valid) {
      return finish({ status: 'failed', mode: 'table', prompt_type: 'table', extracted_data: merged, error_message: `Merged batches do not match the schema: ${check.errors.join('; ')}`, batches: plan.length });
    }
  }
  let error: string | null = null;
  if (missingRows.length) {
    error = `Row shortfall: extracted ${rowsExtracted} of ${rowsExpected} body rows; no row for line${missingRows.length > 1 ? 's' : ''} ${missingRows.join(', ')}`;
    run.warnings.push(error);
  }
  if (extraRows) run.warnings.push(`extracted ${extraRows} more row${extraRows > 1 ? 's' : ''} than the ${rowsExpected} body rows chunking found`);
  const failed = missingRows.length > 0 && opts.onRowShortfall === 'fail';
  return finish({
    status: failed ? 'failed' : 'completed',
    mode: 'table',
    prompt_type: 'table',
    extracted_data: merged,
    error_message: error,
    batches: plan.length,
    ...(where ? { rows_expected: rowsExpected, rows_extracted: rowsExtracted, missing_rows: missingRows } : {}),
  });
}

function withRows(data: unknown, where: { root: true } | { key: string }, rows: unknown[]): unknown {
  if ('root' in where) return rows;
  return { ...(data as Record<string, unknown>), [where.key]: rows };
}

/** Puts rows back in source order (rows that match no source keep their relative place). */
function orderBySource(rows: unknown[], sources: SourceRow[]): unknown[] {
  const idx = matchRows(rows, sources.map((s) => s.text));
  let last = -1;
  const keyed = rows.map((row, i) => {
    const k = idx[i]! >= 0 ? idx[i]! : last + 0.5;
    if (idx[i]! >= 0) last = idx[i]!;
    return { row, k, i };
  });
  return keyed.sort((a, b) => a.k - b.k || a.i - b.i).map((x) => x.row);
}

/** The chunk's unsure words by line of its own text (its lines start at start_line, else at 1). */
function unsureOf(chunk: ExtractionChunk): { unsure?: UnsureLine[] } {
  if (!chunk.unsure_words?.length) return {};
  const first = chunk.start_line ?? 1;
  const count = chunk.content.split('\n').length;
  const unsure = chunk.unsure_words.map((u) => ({ line: u.line - first + 1, words: u.words })).filter((u) => u.line >= 1 && u.line <= count);
  return unsure.length > 0 ? { unsure } : {};
}
