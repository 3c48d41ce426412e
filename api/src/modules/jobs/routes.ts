// Jobs (docs/product/jobs.md): POST and GET /jobs/, GET and PUT /jobs/{id},
// POST /jobs/{id}/start | cancel | complete | fail, PUT /jobs/{id}/progress,
// GET /jobs/statistics/summary, GET /jobs/{id}/dependencies.
// Transitions are checked by the server (409 with the reason). Creating a job counts against
// weekly_jobs and takes its credit cost in the same transaction: 429 when the weekly limit is
// reached, 402 when the balance is too low.
import {
  ErrorResponseSchema,
  IdParamsSchema,
  JobCompleteSchema,
  JobCreateSchema,
  JobDependenciesSchema,
  JobDetailSchema,
  JobEventSchema,
  JobFailSchema,
  JobListQuerySchema,
  JobListResponseSchema,
  JobProgressSchema,
  JobSchema,
  JobStartSchema,
  JobStatisticsSchema,
  JobUpdateSchema,
} from '@quarry/shared/schemas';
import { z } from 'zod';
import { byIdRoute, errorResponses, tagRoutes } from '../../lib/openapi';
import { toJobEvent } from '../../jobs/events';
import { toJob } from '../../jobs/answers';
import { getJob, jobDependenciesOf, jobsPage, jobStatistics, monitorFields } from '../../jobs/reads';
import { cancelJob, completeJob, createJob, failJob, reportProgress, startJob, updateJob } from '../../jobs/store';
import { cachedList } from '../../lib/list-cache-hooks';
import type { App } from '../../types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A list's date bound: a day starts at 00:00 UTC; an upper bound covers its whole day (or the exact time, inclusive). */
function dayOrTime(value: string, upper: boolean): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(day ? `${value}T00:00:00.000Z` : value);
  if (!upper) return at;
  return new Date(at.getTime() + (day ? DAY_MS : 1));
}

export default async function jobRoutes(app: App) {
  tagRoutes(app, 'jobs');
  const db = app.database.db;
  const jobsRt = app.jobs;

  // the monitors' answer: the events, children and actual figures as stored, so a reload shows what live showed
  const detail = async (userId: string, id: string) => {
    const { row, extras } = await getJob(db, userId, id);
    return { ...toJob(row, extras), ...(await monitorFields(db, row)) };
  };
  const one = async (userId: string, id: string) => {
    const { row, extras } = await getJob(db, userId, id);
    return toJob(row, extras);
  };

  app.post(
    '/jobs/',
    {
      schema: {
        summary: 'Create a job of a type this server runs (start: true queues it at once)',
        description:
          'Counts against the weekly_jobs limit and takes its credit cost from the balance in the same transaction. ' +
          '429 when the weekly limit is reached (Retry-After: the next reset), 402 when the balance is too low. ' +
          'Type-specific fields are checked by the job type (422).',
        body: JobCreateSchema,
        response: { 201: JobSchema, 402: ErrorResponseSchema, ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (req, reply) => {
      const { start, depends_on, ...request } = req.body;
      const row = await createJob(jobsRt, req.user.id, request, { start: start ?? false, dependsOn: depends_on ?? [] });
      return reply.code(201).send(await one(req.user.id, row.id));
    },
  );

  app.get(
    '/jobs/',
    {
      config: cachedList('own'),
      schema: {
        summary: "The caller's jobs, newest first (or sorted by sort/order)",
        description:
          'Filters: job_type, status (or status_filter), search (part of the job name, file name or dataset name), created_from / created_to ' +
          '(a day YYYY-MM-DD covers the whole day in UTC). sort: created_at | name | status | job_type, order: asc | desc; ties by id. ' +
          'Without job_type, stage jobs of pipelines are left out unless include_children=true. 422 for an unknown sort column.',
        querystring: JobListQuerySchema,
        response: { 200: JobListResponseSchema, ...errorResponses(422) },
      },
    },
    async (req) => {
      const q = req.query;
      const filter = {
        offset: q.offset,
        limit: q.limit,
        jobType: q.job_type,
        status: q.status ?? q.status_filter,
        includeChildren: q.include_children,
        fileId: q.file_id,
        search: q.search || undefined,
        createdFrom: q.created_from ? dayOrTime(q.created_from, false) : undefined,
        createdBefore: q.created_to ? dayOrTime(q.created_to, true) : undefined,
        sort: q.sort,
        order: q.order,
      };
      return { ...(await jobsPage(db, req.user.id, filter, toJob)), offset: q.offset, limit: q.limit };
    },
  );

  app.get(
    '/jobs/statistics/summary',
    {
      schema: { summary: "Counts and times of the caller's jobs, and this week's usage", response: { 200: JobStatisticsSchema } },
    },
    async (req) => jobStatistics(db, req.user.id),
  );

  app.get(
    '/jobs/:id',
    {
      schema: { summary: 'A job with its newest events (oldest first; event_count is how many it has), its stage jobs, its actual pages/chunks/tokens/credits and the names of its prompts and output schema', params: IdParamsSchema, response: { 200: JobDetailSchema, ...errorResponses(404, 422) } },
    },
    async (req) => detail(req.user.id, req.params.id),
  );

  app.put(
    '/jobs/:id',
    byIdRoute(JobSchema, { summary: 'Rename / describe a job; processing_config only while pending', body: JobUpdateSchema }, 409),
    async (req) => {
      await updateJob(jobsRt, req.user.id, req.params.id, req.body);
      return one(req.user.id, req.params.id);
    },
  );

  const transition = (path: string, summary: string, run: (userId: string, id: string, body: unknown) => Promise<unknown>, body?: z.ZodType) =>
    app.post(
      `/jobs/:id/${path}`,
      {
        schema: {
          summary,
          params: IdParamsSchema,
          ...(body ? { body } : {}),
          response: { 200: JobSchema, ...errorResponses(404, 409, 422) },
        },
      },
      async (req) => {
        await run(req.user.id, req.params.id, req.body);
        return one(req.user.id, req.params.id);
      },
    );

  transition(
    'start',
    'Queue a pending job, or retry a failed one. retry_mode (extraction and pipeline jobs): "original" (default) runs it as it was, resuming after its last finished step; ' +
      '"current" runs it with the prompt and schema as they are now (every chunk again; 409 when its prompt or schema was deleted). 409 for queued, running, completed or cancelled jobs',
    (u, id, body) => startJob(jobsRt, u, id, undefined, { retryMode: (body as z.infer<typeof JobStartSchema>)?.retry_mode }),
    JobStartSchema,
  );
  transition('cancel', 'Cancel a pending, queued or running job (and its stage jobs); a running worker stops at its next step. 409 once finished', (u, id) =>
    cancelJob(jobsRt, u, id),
  );
  transition(
    'complete',
    'Mark a job completed (external workers); 409 for completed, failed or cancelled jobs',
    (u, id, body) => {
      const b = body as z.infer<typeof JobCompleteSchema>;
      return completeJob(jobsRt, u, id, undefined, { ...(b?.results_summary ? { summary: b.results_summary } : {}), ...(b?.message ? { message: b.message } : {}) });
    },
    JobCompleteSchema,
  );
  transition(
    'fail',
    'Mark a job failed with a message; 409 for completed, failed or cancelled jobs',
    (u, id, body) => {
      const b = body as z.infer<typeof JobFailSchema>;
      return failJob(jobsRt, u, id, undefined, { message: b?.error_message ?? b?.error, details: b?.error_details });
    },
    JobFailSchema,
  );

  app.put(
    '/jobs/:id/progress',
    {
      schema: {
        summary: 'Report progress: stored as a job event and pushed live (409 once the job is finished)',
        params: IdParamsSchema,
        body: JobProgressSchema,
        response: { 200: z.object({ job: JobSchema, event: JobEventSchema }), ...errorResponses(404, 409, 422) },
      },
    },
    async (req) => {
      const b = req.body;
      const { event } = await reportProgress(jobsRt, req.user.id, req.params.id, {
        phase: b.phase ?? 'processing',
        sub_phase: b.sub_phase ?? null,
        event_type: b.event_type ?? 'progress',
        message: b.message ?? `Progress ${b.progress_percentage}%`,
        progress_percentage: b.progress_percentage,
        current_value: b.current_value ?? null,
        total_value: b.total_value ?? null,
        units: b.units ?? 'percent',
        details: b.details ?? {},
      });
      return { job: await one(req.user.id, req.params.id), event: toJobEvent(event) };
    },
  );

  app.get(
    '/jobs/:id/dependencies',
    byIdRoute(JobDependenciesSchema, { summary: 'Parent, stage jobs, jobs it waits for and jobs waiting for it' }),
    async (req) => jobDependenciesOf(db, req.user.id, req.params.id),
  );
}
