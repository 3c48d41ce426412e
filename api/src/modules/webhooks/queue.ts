// Putting a delivery on the job queue: a delivery row (the event for one endpoint, with its
// webhook-id) and a `webhook_delivery` job carrying it, in the caller's transaction. Workers
// are woken by a NOTIFY sent with the transaction (PostgreSQL: delivered at commit, to every
// process) and by the in-process signals of this process (PGlite: one process, whose single
// connection makes the worker's claim wait for the commit).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db';
import { jobs, webhookDeliveries } from '../../db/schema';
import { QUEUE_NOTIFY_CHANNEL } from '../../jobs/signal';

export const WEBHOOK_JOB_TYPE = 'webhook_delivery';

const localWakers = new Set<() => void>();
/** The API process's queue signal (modules/webhooks/routes.ts); returns the unregister. */
export function addLocalWaker(wake: () => void): () => void {
  localWakers.add(wake);
  return () => localWakers.delete(wake);
}

export const newMessageId = (): string => `msg_${randomUUID().replace(/-/g, '')}`;

/** attempts of one delivery (the handler stops after them; WEBHOOK_RETRY_DELAYS_SECONDS) */
export const webhookMaxAttempts = (config: Config): number => config.integrations.webhookRetryDelaysMs.length + 1;
/**
 * The job's own limit is only the backstop for workers dying mid-attempt: the handler counts
 * the delivery's attempts against the configured schedule and fails it itself (the config
 * is not at hand where events are queued, inside other modules' transactions).
 */
const JOB_MAX_ATTEMPTS = 25;
const DELIVERY_PRIORITY = 10;

/** Queues a job for an existing delivery (first send or a redelivery); returns the job id. */
export async function queueDeliveryJob(q: DbOrTx, delivery: { id: string; userId: string; eventType: string }, label: string): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await q.insert(jobs).values({
    id,
    userId: delivery.userId,
    jobType: WEBHOOK_JOB_TYPE,
    name: `Webhook ${delivery.eventType} to ${label}`.slice(0, 200),
    status: 'queued',
    rootId: id,
    config: { delivery_id: delivery.id },
    maxAttempts: JOB_MAX_ATTEMPTS,
    // a delivery is a short HTTP call whose value is its promptness: ahead of queued processing jobs
    priority: DELIVERY_PRIORITY,
    queuedAt: now,
    runAfter: now,
  });
  await q.update(webhookDeliveries).set({ jobId: id, status: 'pending', updatedAt: now }).where(sql`${webhookDeliveries.id} = ${delivery.id}`);
  await q.execute(sql`select pg_notify(${QUEUE_NOTIFY_CHANNEL}, ${JSON.stringify({ o: 'webhooks', k: 'queued', i: id })})`);
  setImmediate(() => {
    for (const wake of localWakers) wake();
  });
  return id;
}

/** A new delivery of one event to one endpoint, queued. */
export async function enqueueDelivery(
  q: DbOrTx,
  input: { userId: string; endpointId: string; endpointUrl: string; eventType: string; payload: string; messageId?: string },
): Promise<{ deliveryId: string; jobId: string }> {
  const [delivery] = await q
    .insert(webhookDeliveries)
    .values({
      userId: input.userId,
      endpointId: input.endpointId,
      messageId: input.messageId ?? newMessageId(),
      eventType: input.eventType,
      payload: input.payload,
    })
    .returning({ id: webhookDeliveries.id, userId: webhookDeliveries.userId, eventType: webhookDeliveries.eventType });
  let label = input.endpointUrl;
  try {
    label = new URL(input.endpointUrl).host;
  } catch {
    /* keep the url */
  }
  const jobId = await queueDeliveryJob(q, delivery!, label);
  return { deliveryId: delivery!.id, jobId };
}
