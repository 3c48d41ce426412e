// Pipelines (docs/product/jobs.md):
//   POST /jobs/pipeline             create and queue a full_pipeline job over a dataset (201, the pipeline view)
//   GET  /jobs/pipeline/{id}        the pipeline monitor's view: overall_progress, current_stage, stages, events
//   POST /jobs/pipeline/{id}/cancel cancel it and its stage jobs (same as POST /jobs/{id}/cancel)
// Registered before the generic job routes' /jobs/:id (static segments win in find-my-way anyway).
import { ErrorResponseSchema, PipelineCreateSchema, PipelineJobSchema, type PipelineJob, type PipelineStage } from '@quarry/shared/schemas';
import { asc, eq } from 'drizzle-orm';
import { jobs, type JobRow } from '../../db/schema';
import { toJobEvent } from '../../jobs/events';
import { getOwnJobRow, monitorState } from '../../jobs/reads';
import { cancelJob, createJob } from '../../jobs/store';
import { iso, isoStrict } from '../../lib/time';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import type { App } from '../../types';
import type { DbOrTx } from '../../db';
import type { PipelineConfig } from './handler';

const STAGES: PipelineStage[] = ['ocr', 'chunking', 'extraction'];
const ACTIVE = ['running', 'queued', 'pending'];

function stageState(kids: JobRow[], included: boolean) {
  const total = kids.length;
  const completed = kids.filter((k) => k.status === 'completed').length;
  const failed = kids.filter((k) => k.status === 'failed').length;
  let status: string;
  if (total === 0) status = included ? 'pending' : 'skipped';
  else if (failed > 0) status = 'failed';
  else if (kids.some((k) => k.status === 'cancelled')) status = 'cancelled';
  else if (completed === total) status = 'completed';
  else if (kids.some((k) => k.status === 'running')) status = 'running';
  else status = 'queued';
  const progress = total === 0 ? 0 : Math.round((kids.reduce((s, k) => s + (k.status === 'completed' ? 100 : (k.progressPercentage ?? 0)), 0) / total) * 100) / 100;
  const lead = kids.find((k) => k.status === 'running') ?? kids.find((k) => k.status === 'failed') ?? kids.find((k) => ACTIVE.includes(k.status)) ?? kids[0];
  return { job_id: lead?.id ?? null, status, progress, job_ids: kids.map((k) => k.id), completed, failed, total };
}

export async function pipelineView(db: DbOrTx, userId: string, id: string): Promise<PipelineJob> {
  const row = await getOwnJobRow(db, userId, id, 'full_pipeline');
  const kids = await db.select().from(jobs).where(eq(jobs.parentId, id)).orderBy(asc(jobs.createdAt), asc(jobs.id));
  const c = row.config as unknown as PipelineConfig;
  const included = c.pipeline_stages ?? STAGES;
  const stages = Object.fromEntries(STAGES.map((s) => [s, stageState(kids.filter((k) => k.jobType === s), included.includes(s))])) as PipelineJob['stages'];
  const withKids = STAGES.filter((s) => stages[s].total > 0);
  let current: string | null;
  if (row.status === 'completed') current = 'completed';
  else if (withKids.length > 0) current = withKids.at(-1)!;
  else current = row.status === 'running' ? (included[0] ?? null) : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as PipelineJob['status'],
    job_type: 'full_pipeline',
    dataset_id: row.datasetId,
    created_at: isoStrict(row.createdAt),
    started_at: iso(row.startedAt),
    completed_at: iso(row.completedAt),
    overall_progress: row.status === 'completed' ? 100 : (row.progressPercentage ?? 0),
    current_stage: current,
    pipeline_stages: included,
    stages,
    processing_config: row.config,
    results_summary: row.resultsSummary,
    error_message: row.errorMessage,
    ...(await monitorFields(db, row)),
  };
}

/** the pipeline's and its stage jobs' events, its stage jobs and its actual figures, as stored (a reload shows what live showed) */
async function monitorFields(db: DbOrTx, row: JobRow) {
  const m = await monitorState(db, row);
  return { events: m.events.map(toJobEvent), event_count: m.event_count, children: m.children, actual: m.actual, ...(m.setup_names ? { setup_names: m.setup_names } : {}) };
}

export default async function pipelineRoutes(app: App) {
  tagRoutes(app, 'pipelines');
  const db = app.database.db;

  app.post(
    '/jobs/pipeline',
    {
      schema: {
        summary: 'Create and queue a pipeline (OCR → chunking → extraction, any ordered subset) over a dataset',
        description:
          'Stage jobs are created as children (OCR and chunking one per file, extraction one over all files). chunk_size 100-500 (default 250; anything else → 250) ' +
          'is the chunking window. Counts as one job (weekly_jobs, credits); its stage jobs are not billed.',
        body: PipelineCreateSchema,
        response: { 201: PipelineJobSchema, 402: ErrorResponseSchema, ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const row = await createJob(
        app.jobs,
        req.user.id,
        {
          job_type: 'full_pipeline',
          name: b.name,
          description: b.description ?? null,
          dataset_id: b.dataset_id,
          prompt_id: b.prompt_id ?? null,
          table_prompt_id: b.table_prompt_id ?? null,
          output_schema_id: b.output_schema_id ?? null,
          examples: b.examples ?? [],
          processing_config: { ...(b.processing_config ?? {}), pipeline_stages: b.pipeline_stages },
        },
        { start: true },
      );
      return reply.code(201).send(await pipelineView(db, req.user.id, row.id));
    },
  );

  app.get(
    '/jobs/pipeline/:id',
    byIdRoute(PipelineJobSchema, { summary: 'A pipeline with its stages (job_id, status, progress) and events, as the pipeline monitor shows it' }),
    async (req) => pipelineView(db, req.user.id, req.params.id),
  );

  app.post(
    '/jobs/pipeline/:id/cancel',
    byIdRoute(PipelineJobSchema, { summary: 'Cancel a pipeline and its unfinished stage jobs (409 once finished)' }, 409),
    async (req) => {
      await cancelJob(app.jobs, req.user.id, req.params.id, 'full_pipeline');
      return pipelineView(db, req.user.id, req.params.id);
    },
  );
}
