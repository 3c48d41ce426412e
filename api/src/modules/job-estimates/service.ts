// What a job would cost before it is created (docs/product/jobs.md). Reads only: files, their OCR
// results and active chunking runs, the prompt setup, the balance and the weekly_jobs usage.
// Tokens: a language model is sent, per chunk, the system prompt, the rendered prompt (template
// + schema descriptions + the example), the chunk's text and the JSON schema, and answers about
// the schema's size; counted with the API's one estimator (llm/tokens, ~4 characters a token).
// The offline extractor uses no model; it reports what a model call would have used, counted
// the same way, so its estimate is those tokens too.
import type { EstimateTextBasis, JobEstimate, JobEstimateRequest, PipelineStage } from '@quarry/shared/schemas';
import { ESTIMATE_TEXT_BASES, PIPELINE_STAGES, normalizePipelineChunkSize } from '@quarry/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { chunkingRuns, chunks, files, users } from '../../db/schema';
import { countBilledJobs, jobUsagePolicy } from '../../jobs/billing';
import { notFound, validationError } from '../../lib/errors';
import { configuredProviders, getProvider, resolveProviderName } from '../../llm';
import { tokensForChars } from '../../llm/tokens';
import { DEFAULT_SYSTEM_PROMPT, renderSchemaDescriptions } from '../../processing/extraction';
import { currentOcrResult } from '../ocr/service';
import { datasetFileIds, ownFileRef, resolveSetup, type ExtractionSetup } from '../extraction/service';

/** chosen: text a page holds when its OCR has not run yet */
export const CHARS_PER_PAGE_GUESS = 1800;
/**
 * measured: OCR text length (spaces and newlines included) per non-whitespace character of a
 * PDF's text layer, on short-line business documents (the bench's invoices: ~1.2)
 */
export const OCR_CHARS_PER_TEXT_LAYER_CHAR = 1.2;
/** chosen: a chunk of the deterministic analyser holds about this much text */
export const CHARS_PER_CHUNK_GUESS = 1200;
/** the prompt when none is chosen yet: a short instruction */
const DEFAULT_PROMPT_CHARS = 300;

const tokens = tokensForChars;

interface FileWork {
  file_id: string;
  filename: string;
  pages: number;
  pages_to_ocr: number;
  chunks: number;
  chunks_estimated: boolean;
  text_basis: EstimateTextBasis;
  /** characters of text the extraction would read */
  text_chars: number;
}

async function fileWork(db: DbOrTx, userId: string, ref: { id: string; filename: string }, stages: PipelineStage[], chunkSize: number): Promise<FileWork> {
  const [f] = await db
    .select({ actual: files.actualPages, estimated: files.estimatedPages, textLayer: files.textCharsPerPage })
    .from(files)
    .where(and(eq(files.id, ref.id), eq(files.userId, userId)));
  const pages = f?.actual ?? f?.estimated ?? 1;
  const base = { file_id: ref.id, filename: ref.filename, pages, pages_to_ocr: stages.includes('ocr') ? pages : 0 };
  if (!stages.includes('chunking') && !stages.includes('ocr')) {
    const [run] = await db.select({ id: chunkingRuns.id }).from(chunkingRuns).where(and(eq(chunkingRuns.fileId, ref.id), eq(chunkingRuns.userId, userId), eq(chunkingRuns.isActive, true)));
    if (run) {
      const [agg] = await db
        .select({ n: sql<number>`count(*)::int`, chars: sql<number>`coalesce(sum(${chunks.characterCount}), 0)::int` })
        .from(chunks)
        .where(eq(chunks.runId, run.id));
      return { ...base, chunks: agg?.n ?? 0, chunks_estimated: false, text_basis: 'chunks', text_chars: agg?.chars ?? 0 };
    }
  }
  // chunking will run (or nothing is chunked yet): the text from the current OCR (OCR run again
  // reads the same pages), else the PDF's text layer as validation read it (OCR reads a text
  // layer as is), else a full page of text per page: a scan (no text layer) or an image tells
  // nothing before OCR, so a sparse one is over-estimated until it has been OCRed
  const ocr = await currentOcrResult(db, userId, ref.id);
  const textLayer = f?.textLayer ?? 0;
  const textBasis: EstimateTextBasis = ocr ? 'ocr_text' : textLayer > 0 ? 'text_layer' : 'page_default';
  const textChars =
    textBasis === 'ocr_text' && ocr
      ? ocr.textLength
      : textBasis === 'text_layer'
        ? Math.round(pages * textLayer * OCR_CHARS_PER_TEXT_LAYER_CHAR)
        : pages * CHARS_PER_PAGE_GUESS;
  // the llm_analysis window (chunk_size lines) does not change how much text is read; it only
  // bounds a chunk: more small windows, more chunks
  const perChunk = Math.min(CHARS_PER_CHUNK_GUESS, Math.max(400, chunkSize * 6));
  return { ...base, chunks: Math.max(1, Math.ceil(textChars / perChunk)), chunks_estimated: true, text_basis: textBasis, text_chars: textChars };
}

function promptChars(setup: ExtractionSetup | null): { input: number; output: number } {
  const system = DEFAULT_SYSTEM_PROMPT.length;
  if (!setup) return { input: system + DEFAULT_PROMPT_CHARS, output: 200 };
  const schema = setup.schema ? JSON.stringify(setup.schema).length : 0;
  // the schema goes twice: described in the prompt and as the structured-output schema
  const descriptions = setup.schema ? renderSchemaDescriptions(setup.schema).length : 0;
  const example = setup.example ? setup.example.input_text.length + setup.example.output_text.length : 0;
  return { input: system + setup.prompt.template.length + descriptions + schema + example, output: Math.max(120, Math.round(schema * 0.6)) };
}

/** Chosen files, each once, in the order given; another user's or an unknown id is a 404, as for file_id. */
async function chosenFileRefs(db: DbOrTx, userId: string, ids: readonly string[]): Promise<{ id: string; filename: string }[]> {
  const refs: { id: string; filename: string }[] = [];
  for (const id of new Set(ids)) refs.push(await ownFileRef(db, userId, id));
  return refs;
}

export async function estimateJob(db: DbOrTx, userId: string, req: JobEstimateRequest): Promise<JobEstimate> {
  const pc = req.processing_config ?? {};
  let providerName: string;
  try {
    providerName = resolveProviderName(pc.provider ?? undefined);
  } catch (e) {
    throw validationError(['body', 'processing_config', 'provider'], (e as Error).message);
  }
  const stages: PipelineStage[] = req.job_type === 'full_pipeline' ? PIPELINE_STAGES.filter((s) => (req.pipeline_stages ?? PIPELINE_STAGES).includes(s)) : ['extraction'];
  const refs = req.dataset_id
    ? await datasetFileIds(db, userId, req.dataset_id)
    : req.file_ids
      ? await chosenFileRefs(db, userId, req.file_ids)
      : [await ownFileRef(db, userId, req.file_id!)];
  const chunkSize = normalizePipelineChunkSize(pc.chunk_size);
  const work: FileWork[] = [];
  for (const ref of refs) work.push(await fileWork(db, userId, ref, stages, chunkSize));

  const setup = req.prompt_id
    ? await resolveSetup(db, userId, { promptId: req.prompt_id, tablePromptId: req.table_prompt_id, outputSchemaId: req.output_schema_id, exampleIds: req.examples })
    : null;
  const extracting = stages.includes('extraction');
  const chunkTotal = work.reduce((n, w) => n + w.chunks, 0);
  const per = promptChars(setup);
  const textChars = work.reduce((n, w) => n + w.text_chars, 0);
  const inputTokens = extracting ? tokens(textChars) + chunkTotal * tokens(per.input) : 0;
  const outputTokens = extracting ? chunkTotal * tokens(per.output) : 0;
  let provider: { name: string; model: string };
  try {
    provider = getProvider(providerName, pc.model ? { model: pc.model } : {});
  } catch (e) {
    throw validationError(['body', 'processing_config', 'provider'], `The language-model provider is not usable: ${(e as Error).message}`);
  }
  const offline = provider.name === 'offline';

  const [user] = await db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  const policy = await jobUsagePolicy(db);
  const used = await countBilledJobs(db, userId, policy.periodStart);
  const reasons: string[] = [];
  if (policy.limit !== null && used >= policy.limit) reasons.push(`Weekly job limit reached: ${used} of ${policy.limit} jobs this week`);
  if (user.balance < policy.creditCost) reasons.push(`Insufficient credits: the job costs ${policy.creditCost} and your balance is ${user.balance}`);
  // extraction alone reads the files' active chunking runs: the job would be refused without them
  if (!stages.includes('chunking') && !stages.includes('ocr')) {
    const unchunked = work.filter((w) => w.chunks_estimated).map((w) => `"${w.filename}"`);
    if (unchunked.length) reasons.push(`Not chunked yet: ${unchunked.join(', ')}; run OCR and chunking first`);
  }
  const modelTokens = inputTokens + outputTokens;
  return {
    job_type: req.job_type,
    files: work.map(({ text_chars: _unused, ...w }) => w),
    file_count: work.length,
    pages_to_ocr: work.reduce((n, w) => n + w.pages_to_ocr, 0),
    chunks: chunkTotal,
    chunks_estimated: work.some((w) => w.chunks_estimated),
    // ESTIMATE_TEXT_BASES runs from the most exact to the roughest
    text_basis: work.reduce<EstimateTextBasis>((worst, w) => (ESTIMATE_TEXT_BASES.indexOf(w.text_basis) > ESTIMATE_TEXT_BASES.indexOf(worst) ? w.text_basis : worst), 'chunks'),
    provider: provider.name,
    model: provider.model,
    offline,
    available_providers: configuredProviders(),
    estimated_tokens: modelTokens,
    estimated_input_tokens: inputTokens,
    estimated_output_tokens: outputTokens,
    model_tokens_if_llm: modelTokens,
    credits: policy.creditCost,
    credit_balance: user.balance,
    balance_after: user.balance - policy.creditCost,
    weekly_jobs_used: used,
    weekly_jobs_limit: policy.limit,
    weekly_resets_at: policy.nextReset?.toISOString() ?? null,
    allowed: reasons.length === 0,
    reasons,
  };
}


/** What a job keeps of the estimate made when it was created (its monitor shows it beside the actual figures). */
export interface EstimateSnapshot {
  pages_to_ocr: number;
  chunks: number;
  chunks_estimated: boolean;
  estimated_tokens: number;
  model_tokens_if_llm: number;
  provider: string;
  credits: number;
  made_at: string;
}

/**
 * The estimate of a job being created, made before its creating transaction; null when it cannot be
 * made (it never stops a job from being created).
 */
export async function estimateSnapshot(db: DbOrTx, userId: string, req: JobEstimateRequest): Promise<EstimateSnapshot | null> {
  try {
    const e = await estimateJob(db, userId, req);
    return {
      pages_to_ocr: e.pages_to_ocr,
      chunks: e.chunks,
      chunks_estimated: e.chunks_estimated,
      estimated_tokens: e.estimated_tokens,
      model_tokens_if_llm: e.model_tokens_if_llm,
      provider: e.provider,
      credits: e.credits,
      made_at: new Date().toISOString(),
    };
  } catch {
    return null;
  }
}
