// The `webhook_delivery` job type: one run = one HTTP attempt of one delivery. A failed
// attempt throws, and the queue retries it after retryDelayMs (WEBHOOK_RETRY_DELAYS_SECONDS:
// 6 attempts over about an hour by default); after the last one the delivery is failed.
// Every attempt is logged (status, response code, duration, error). A delivery whose
// endpoint was deleted or disabled meanwhile ends without sending.
import { eq, sql } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { JobError, type JobHandler } from '../../jobs/types';
import { subscribeWebhooks } from './events';
import { WEBHOOK_JOB_TYPE, webhookMaxAttempts } from './queue';
import { sendOnce } from './send';
import { allowPrivateTargets } from './settings';

subscribeWebhooks();

export const webhookDeliveryHandler: JobHandler = {
  type: WEBHOOK_JOB_TYPE,
  label: 'Webhook delivery',
  retryDelayMs(attempt, config) {
    const delays = config.integrations.webhookRetryDelaysMs;
    return delays[Math.min(attempt - 1, delays.length - 1)] ?? 0;
  },
  async run(ctx) {
    const { db, config } = ctx.services;
    const deliveryId = String(ctx.job.config.delivery_id ?? '');
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!found) return { summary: { skipped: 'endpoint deleted' }, event: { message: 'Not sent: the endpoint was deleted' } };
    const { delivery, endpoint } = found;
    if (!endpoint.enabled) {
      await db.update(webhookDeliveries).set({ status: 'failed', updatedAt: new Date() }).where(eq(webhookDeliveries.id, delivery.id));
      return { summary: { skipped: 'endpoint disabled' }, event: { message: 'Not sent: the endpoint is disabled' } };
    }
    if (delivery.status === 'succeeded') return { summary: { skipped: 'already delivered' }, event: { message: 'Already delivered' } };

    const result = await sendOnce(endpoint.url, endpoint.secret, delivery.messageId, delivery.payload, {
      timeoutMs: config.integrations.webhookTimeoutMs,
      allowPrivate: await allowPrivateTargets(db),
    });
    const last = ctx.attempt >= webhookMaxAttempts(config);
    const status = result.ok ? 'succeeded' : last ? 'failed' : 'pending';
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: new Date(), status, updatedAt: new Date() })
        .where(eq(webhookDeliveries.id, delivery.id))
        .returning({ attempts: webhookDeliveries.attempts });
      if (!updated) return; // deleted meanwhile
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        attempt: updated.attempts,
        status: result.ok ? 'succeeded' : 'failed',
        responseStatus: result.responseStatus,
        durationMs: result.durationMs,
        error: result.error,
        responseExcerpt: result.excerpt,
      });
    });
    if (result.ok) {
      return { summary: { response_status: result.responseStatus, duration_ms: result.durationMs }, event: { message: `Delivered (${result.responseStatus}) in ${result.durationMs} ms` } };
    }
    if (last) throw new JobError(`Not delivered after ${ctx.attempt} attempts: ${result.error}`, { code: 'WEBHOOK_FAILED' });
    throw new Error(result.error ?? 'delivery failed');
  },
};
