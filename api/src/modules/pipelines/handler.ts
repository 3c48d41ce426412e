// The `full_pipeline` job type (docs/product/jobs.md): OCR -> chunking -> extraction
// over a dataset's valid files, as child jobs of the queue:
//   stage:<s>        creates the stage's children in one fenced step (OCR and chunking: one child
//                    per file; extraction: one child over all files), then parks the pipeline until
//                    they are finished (ctx.waitForChildren; the queue wakes it when a child ends)
//   stage:<s>:done   a stage whose children all completed; any failed / cancelled child stops the
//                    pipeline with that child's error (the queue cancels what is still open)
// Progress: each child's events are offered to onChildEvent, which maps the child's progress into
// the stage's range (OCR 0-20, chunking 20-50, extraction 50-100; a per-file stage averages its
// children) and answers the aggregated event the queue records on the pipeline with
// context.aggregated_from_children = true. Children's own events carry context.pipeline_root_id.
import { PIPELINE_STAGE_RANGES, PIPELINE_STAGES, normalizePipelineChunkSize, type PipelineStage, type RanWith } from '@quarry/shared/schemas';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { Tx } from '../../db';
import type { JobEventRow, JobRow } from '../../db/schema';
import { HttpError, validationError } from '../../lib/errors';
import { JobError, type JobContext, type JobEventInput, type JobHandler, type JobOutcome, type JobServices } from '../../jobs/types';
import { ChunkingInputError, normalizeStrategy } from '../../processing/chunking';
import { chunkingHandler } from '../chunking/handler';
import { buildExtractionConfig } from '../extraction/handler';
import { ranWithOf, trimmedOrNull } from '../extraction/config';
import { deletedSince, extractionRetryConfig } from '../extraction/retry';
import { assertChunked, datasetFileIds, resolveSetup, type ExtractionSetup } from '../extraction/service';
import { estimateSnapshot, type EstimateSnapshot } from '../job-estimates/service';
import { ocrHandler } from '../ocr/handler';
import { currentOcrResult } from '../ocr/service';

export interface PipelineConfig {
  pipeline_stages: PipelineStage[];
  files: { id: string; filename: string }[];
  chunking_strategy: string | null;
  chunk_size: number;
  prompt_id: string | null;
  table_prompt_id: string | null;
  output_schema_id: string | null;
  examples: string[];
  provider: string | null;
  model: string | null;
  /** the estimate made when the pipeline was created (the monitor shows it beside the actual figures) */
  estimate?: EstimateSnapshot;
  /** names and versions of the prompts and schema its extraction uses (the last retry's choice) */
  ran_with?: RanWith;
}

export const STAGE_OF: Record<string, PipelineStage> = { ocr: 'ocr', chunking: 'chunking', extraction: 'extraction' };
const STAGE_LABEL: Record<PipelineStage, string> = { ocr: 'OCR', chunking: 'Chunking', extraction: 'Extraction' };

export function normalizeStages(v: unknown): PipelineStage[] {
  const list = Array.isArray(v) && v.length > 0 ? v.map(String) : [...PIPELINE_STAGES];
  const bad = list.filter((s) => !(PIPELINE_STAGES as readonly string[]).includes(s));
  if (bad.length) throw validationError(['body', 'pipeline_stages'], `Unknown pipeline stage(s): ${bad.join(', ')} (known: ocr, chunking, extraction)`);
  return PIPELINE_STAGES.filter((s) => list.includes(s));
}

/** progress (0-100) of every child seen, per pipeline: what onChildEvent averages a stage from */
const childProgress = new Map<string, Map<string, { stage: PipelineStage; pct: number }>>();
/**
 * The highest overall progress published per pipeline in this process. Child events of
 * one stage can be mapped concurrently from parent rows read at different moments; the
 * monitor's bar must never move backwards, so what is published never goes below this.
 */
const overallHighWater = new Map<string, number>();

export const stageProgress = (pct: number, stage: PipelineStage): number => {
  const [lo, hi] = PIPELINE_STAGE_RANGES[stage];
  return lo + ((hi - lo) * Math.max(0, Math.min(100, pct))) / 100;
};

function wrapPrepareError(err: unknown, what: string): never {
  if (err instanceof HttpError) throw new JobError(`${what}: ${typeof err.detail === 'string' ? err.detail : err.detail.map((d) => d.msg).join('; ')}`, { code: 'STAGE_PREPARE' });
  throw err;
}

async function createStageChildren(tx: Tx, ctx: JobContext, stage: PipelineStage, c: PipelineConfig, services: JobServices): Promise<string[]> {
  const { job } = ctx;
  const ids: string[] = [];
  if (stage === 'extraction') {
    const config = await buildExtractionConfig(
      tx,
      job.userId,
      { prompt_id: c.prompt_id, table_prompt_id: c.table_prompt_id, output_schema_id: c.output_schema_id, examples: c.examples, processing_config: { provider: c.provider, model: c.model } },
      c.files,
      'dataset',
    ).catch((e: unknown) => wrapPrepareError(e, 'The extraction stage cannot start'));
    ids.push(
      await ctx.createChild(tx, {
        jobType: 'extraction',
        name: `${job.name} · Extraction`,
        datasetId: job.datasetId,
        config: config as unknown as Record<string, unknown>,
      }),
    );
    return ids;
  }
  const handler = stage === 'ocr' ? ocrHandler : chunkingHandler;
  for (const f of c.files) {
    const prepared = await handler
      .prepare!(
        {
          job_type: stage,
          file_id: f.id,
          ...(stage === 'chunking' ? { processing_config: { ...(c.chunking_strategy ? { chunking_strategy: c.chunking_strategy } : {}), chunk_size: c.chunk_size } } : {}),
        },
        { tx, userId: job.userId, services },
      )
      .catch((e: unknown) => wrapPrepareError(e, `The ${STAGE_LABEL[stage]} stage cannot start for "${f.filename}"`));
    ids.push(
      await ctx.createChild(tx, {
        jobType: stage,
        name: `${job.name} · ${STAGE_LABEL[stage]}: ${f.filename}`,
        fileId: f.id,
        datasetId: job.datasetId,
        config: prepared.config,
      }),
    );
  }
  return ids;
}

async function runPipeline(ctx: JobContext): Promise<JobOutcome> {
  const { job, services } = ctx;
  const c = job.config as unknown as PipelineConfig;
  const stages = c.pipeline_stages;
  const n = c.files.length;
  const started = job.startedAt?.getTime() ?? Date.now();
  const stageIds: Partial<Record<PipelineStage, string[]>> = {};

  for (const stage of stages) {
    const [lo, hi] = PIPELINE_STAGE_RANGES[stage];
    const createStep = `stage:${stage}`;
    if (!ctx.finishedSteps.has(createStep)) {
      await ctx.event({
        phase: stage,
        sub_phase: 'stage_started',
        message: `${STAGE_LABEL[stage]} stage started${stage === 'extraction' ? ` over ${n} file(s)` : `: ${n} ${stage} job(s), one per file`}`,
        progress_percentage: lo,
        details: { current_stage: stage, stage_message: `${STAGE_LABEL[stage]} started`, total_files: n },
        context: { current_stage: stage },
      });
    }
    const ids = await ctx.step<null, string[]>(createStep, {
      run: async () => null,
      commit: (tx) => createStageChildren(tx, ctx, stage, c, services),
    });
    stageIds[stage] = ids;
    const kids = (await ctx.waitForChildren()).filter((k) => ids.includes(k.id));
    const bad = kids.find((k) => k.status !== 'completed');
    if (bad) {
      const file = c.files.find((f) => f.id === bad.fileId)?.filename;
      const why = bad.status === 'cancelled' ? 'was cancelled' : `failed: ${bad.errorMessage ?? 'unknown error'}`;
      throw new JobError(`Pipeline stopped: the ${STAGE_LABEL[stage]} stage${file ? ` for "${file}"` : ''} ${why}`, {
        code: 'STAGE_FAILED',
        details: { current_stage: stage, failed_job_id: bad.id, failed_job_status: bad.status, file_id: bad.fileId },
      });
    }
    const doneStep = `stage:${stage}:done`;
    if (!ctx.finishedSteps.has(doneStep)) {
      await ctx.step(doneStep, async () => ({ completed: kids.length }));
      await ctx.event({
        phase: stage,
        sub_phase: 'stage_completed',
        event_type: 'success',
        message: `${STAGE_LABEL[stage]} stage completed (${kids.length} job(s))`,
        progress_percentage: hi,
        details: { current_stage: stage, stage_message: `${STAGE_LABEL[stage]} completed`, completed_jobs: kids.length },
        context: { current_stage: stage },
      });
    }
  }

  childProgress.delete(job.id);
  overallHighWater.delete(job.id);
  const all = await ctx.children();
  const byStage = (s: PipelineStage) => all.filter((k) => k.jobType === s);
  const ext = byStage('extraction')[0];
  const chunkTotal = byStage('chunking').reduce((sum, k) => sum + Number(k.resultsSummary?.total_chunks ?? 0), 0);
  const seconds = Math.round((Date.now() - started) / 10) / 100;
  const summary: Record<string, unknown> = {
    pipeline_stages: stages,
    total_files: n,
    processing_time_seconds: seconds,
    processing_time: seconds,
    stages: Object.fromEntries(stages.map((s) => [s, { job_ids: stageIds[s] ?? byStage(s).map((k) => k.id), completed: byStage(s).filter((k) => k.status === 'completed').length }])),
    ...(stages.includes('ocr') ? { ocr_text_length: byStage('ocr').reduce((sum, k) => sum + Number(k.resultsSummary?.text_length ?? 0), 0) } : {}),
    ...(stages.includes('chunking') ? { total_chunks: chunkTotal } : {}),
    ...(ext?.resultsSummary ? { extraction: ext.resultsSummary, extraction_results: ext.resultsSummary.extraction_results ?? [] } : {}),
  };
  return {
    summary,
    event: {
      phase: 'completed',
      message: `Pipeline completed: ${stages.map((s) => STAGE_LABEL[s]).join(' → ')} over ${n} file(s) in ${seconds} s`,
      details: { current_stage: 'completed', stage_message: 'Pipeline completed', total_files: n, processing_time: seconds },
      context: { current_stage: 'completed' },
    },
  };
}

export const pipelineHandler: JobHandler = {
  type: 'full_pipeline',
  label: 'Pipeline',

  async prepare(request, { tx, userId }) {
    if (!request.dataset_id) throw validationError(['body', 'dataset_id'], 'Missing required fields: fill in job name, dataset, and select at least one pipeline stage');
    const pc = request.processing_config ?? {};
    const stages = normalizeStages(pc.pipeline_stages);
    const fileList = await datasetFileIds(tx, userId, request.dataset_id);
    let setup: ExtractionSetup | null = null;
    if (stages.includes('extraction')) {
      if (!request.prompt_id) throw validationError(['body', 'prompt_id'], 'Missing extraction requirements: Extraction stage requires a prompt template');
      setup = await resolveSetup(tx, userId, { promptId: request.prompt_id, tablePromptId: request.table_prompt_id, outputSchemaId: request.output_schema_id, exampleIds: request.examples });
    }
    let strategy: string | null = null;
    if (stages.includes('chunking')) {
      try {
        strategy = normalizeStrategy(pc.chunking_strategy ?? undefined);
      } catch (e) {
        if (e instanceof ChunkingInputError) throw validationError(['body', 'processing_config', 'chunking_strategy'], e.message);
        throw e;
      }
    }
    // what a stage left out must already exist
    if (!stages.includes('ocr') && stages.includes('chunking')) {
      const missing: string[] = [];
      for (const f of fileList) if (!(await currentOcrResult(tx, userId, f.id))) missing.push(f.filename);
      if (missing.length) throw new HttpError(400, `OCR must be run first (the pipeline has no OCR stage): no OCR result for ${missing.map((m) => `"${m}"`).join(', ')}`);
    }
    if (!stages.includes('ocr') && !stages.includes('chunking') && stages.includes('extraction')) await assertChunked(tx, userId, fileList);
    const config: PipelineConfig = {
      pipeline_stages: stages,
      files: fileList,
      chunking_strategy: strategy,
      chunk_size: normalizePipelineChunkSize(pc.chunk_size),
      prompt_id: request.prompt_id ?? null,
      table_prompt_id: request.table_prompt_id ?? null,
      output_schema_id: request.output_schema_id ?? null,
      examples: request.examples ?? [],
      provider: trimmedOrNull(pc.provider),
      model: trimmedOrNull(pc.model),
      ...(setup ? { ran_with: await ranWithOf(tx, userId, setup, 'created') } : {}),
    };
    return {
      name: request.name?.trim() || `Pipeline: ${fileList.length} file(s)`,
      description: request.description ?? null,
      datasetId: request.dataset_id,
      config: config as unknown as Record<string, unknown>,
    };
  },

  async estimate(request, { db, userId }) {
    if (!request.dataset_id) return null;
    const pc = request.processing_config ?? {};
    let stages: PipelineStage[];
    try {
      stages = normalizeStages(pc.pipeline_stages);
    } catch {
      return null; // prepare refuses the request with the reason
    }
    return estimateSnapshot(db, userId, {
      job_type: 'full_pipeline',
      dataset_id: request.dataset_id,
      pipeline_stages: stages,
      prompt_id: stages.includes('extraction') ? request.prompt_id : null,
      table_prompt_id: request.table_prompt_id ?? null,
      output_schema_id: request.output_schema_id ?? null,
      examples: request.examples?.slice(0, 1) ?? null,
      processing_config: { chunk_size: normalizePipelineChunkSize(pc.chunk_size), provider: trimmedOrNull(pc.provider), model: trimmedOrNull(pc.model) },
    });
  },

  run: runPipeline,

  /**
   * Retry with the current prompt and schema: checked now (409 when deleted); an extraction
   * stage job that did not complete is given them and extracts every chunk again. As it was: the
   * extraction stage job keeps its copy. (A pipeline that failed before its extraction stage had
   * not used the prompt yet: that stage takes the prompt as it is when it starts, either way.)
   */
  async retry(job, { tx, mode }) {
    const c = job.config as unknown as PipelineConfig;
    const now = new Date();
    if (!c.pipeline_stages.includes('extraction') || !c.prompt_id) return job.config;
    if (mode === 'original') return { ...job.config, ...(c.ran_with ? { ran_with: { ...c.ran_with, mode: 'original', retried_at: now.toISOString() } } : {}) };
    const names = { prompt: c.ran_with?.prompt?.name, tablePrompt: c.ran_with?.table_prompt?.name, schema: c.ran_with?.output_schema?.name };
    const setup = await resolveSetup(tx, job.userId, { promptId: c.prompt_id, tablePromptId: c.table_prompt_id, outputSchemaId: c.output_schema_id, exampleIds: c.examples }).catch(
      (e: unknown) => deletedSince(e, names),
    );
    const stageJobs = await tx.select().from(jobs).where(and(eq(jobs.parentId, job.id), eq(jobs.jobType, 'extraction')));
    for (const stageJob of stageJobs.filter((k) => k.status !== 'completed')) {
      await tx.update(jobs).set({ config: await extractionRetryConfig(tx, stageJob, 'current'), updatedAt: now }).where(eq(jobs.id, stageJob.id));
    }
    return { ...job.config, ran_with: await ranWithOf(tx, job.userId, setup, 'current', now) };
  },

  onChildEvent(parent: JobRow, child: JobRow, event: JobEventRow): JobEventInput | null {
    const stage = STAGE_OF[child.jobType];
    if (!stage) return null;
    const c = parent.config as unknown as PipelineConfig;
    let seen = childProgress.get(parent.id);
    if (!seen) childProgress.set(parent.id, (seen = new Map()));
    const prev = seen.get(child.id)?.pct ?? 0;
    const pct = event.status === 'completed' ? 100 : typeof event.progressPercentage === 'number' ? Math.max(prev, event.progressPercentage) : prev;
    seen.set(child.id, { stage, pct });
    const width = stage === 'extraction' ? 1 : Math.max(1, c.files?.length ?? 1);
    let sum = 0;
    for (const v of seen.values()) if (v.stage === stage) sum += v.pct;
    const stagePct = Math.min(100, sum / width);
    const overall = Math.max(
      stageProgress(stagePct, stage),
      Math.min(parent.progressPercentage ?? 0, PIPELINE_STAGE_RANGES[stage][1]),
      overallHighWater.get(parent.id) ?? 0,
    );
    overallHighWater.set(parent.id, overall);
    const file = c.files?.find((f) => f.id === child.fileId)?.filename;
    const failed = event.eventType === 'error' || event.status === 'failed';
    return {
      phase: stage,
      sub_phase: event.phase,
      event_type: failed ? 'error' : 'progress',
      message: `${STAGE_LABEL[stage]}${file ? ` (${file})` : ''}: ${event.message}`,
      progress_percentage: overall,
      current_value: event.currentValue,
      total_value: event.totalValue,
      units: event.units,
      details: {
        ...event.details,
        current_stage: stage,
        stage_message: event.message,
        stage_progress: Math.round(stagePct * 100) / 100,
        child_progress: pct,
        child_status: event.status,
        ...(file ? { file_name: file } : {}),
      },
      context: { current_stage: stage, ...(child.fileId ? { single_file_id: child.fileId } : {}) },
    };
  },
};
