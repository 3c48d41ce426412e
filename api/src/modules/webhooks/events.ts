// Domain events -> webhook deliveries. Runs inside the transaction of the change (a job
// finishing, a file validated or reviewed): one delivery per endpoint of the user that
// subscribes to the event, each with its own webhook-id, queued with the change itself.
// The body carries the event's data and links (API paths of the job, its file, the record).
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { jobs, webhookEndpoints } from '../../db/schema';
import { onDomainEvent, type DomainEvent } from '../../lib/domain-events';
import { enqueueDelivery } from './queue';
import { eventBody } from './service';

const API = '/api/v1';

async function eventData(q: DbOrTx, event: DomainEvent): Promise<Record<string, unknown>> {
  if (event.type === 'job.completed' || event.type === 'job.failed') {
    const [job] = await q.select().from(jobs).where(eq(jobs.id, event.subjectId));
    const fileId = job?.fileId ?? (event.data.file_id as string | null) ?? null;
    return {
      job_id: event.subjectId,
      name: job?.name ?? null,
      job_type: job?.jobType ?? event.data.job_type,
      status: job?.status ?? event.data.status,
      file_id: fileId,
      dataset_id: job?.datasetId ?? null,
      created_at: job?.createdAt.toISOString() ?? null,
      completed_at: job?.completedAt?.toISOString() ?? null,
      ...(event.type === 'job.completed'
        ? { results_summary: job?.resultsSummary ?? {} }
        : { error_message: job?.errorMessage ?? (event.data.message as string) ?? null }),
      links: {
        job: `${API}/jobs/${event.subjectId}`,
        ...(fileId ? { file: `${API}/files/${fileId}`, extraction_results: `${API}/files/${fileId}/extraction-results`, record: `${API}/files/${fileId}/record` } : {}),
      },
    };
  }
  return {
    ...event.data,
    links: { file: `${API}/files/${event.subjectId}`, ...(event.type === 'file.reviewed' ? { record: `${API}/files/${event.subjectId}/record` } : {}) },
  };
}

export async function queueWebhooksFor(q: DbOrTx, event: DomainEvent): Promise<number> {
  const endpoints = await q
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, event.userId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event.type])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const payload = eventBody(event.type, await eventData(q, event));
  for (const e of endpoints) {
    await enqueueDelivery(q, { userId: event.userId, endpointId: e.id, endpointUrl: e.url, eventType: event.type, payload });
  }
  return endpoints.length;
}

let subscribed = false;
/** Subscribes once per process (the API and worker processes both load the webhook handler). */
export function subscribeWebhooks(): void {
  if (subscribed) return;
  subscribed = true;
  onDomainEvent(async (q, event) => {
    await queueWebhooksFor(q, event);
  });
}
