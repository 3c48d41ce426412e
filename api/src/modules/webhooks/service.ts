// Webhook endpoints of a user (create with a secret shown once, list, update, delete), their
// delivery log, "send test event" and "redeliver". Presenters: toEndpoint, toDelivery.
import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_SECRET_MIN_BYTES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from '@quarry/shared/schemas';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { getOwnRow } from '../../lib/own-rows';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookEndpointRow } from '../../db/schema';
import { conflict, notFound, validationError } from '../../lib/errors';
import { iso, isoStrict } from '../../lib/time';
import { enqueueDelivery, queueDeliveryJob } from './queue';
import { allowPrivateTargets } from './settings';
import { refusedAtRegistration } from './targets';

/** endpoints one user may register */
export const MAX_ENDPOINTS = 20;

export function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    created_at: isoStrict(row.createdAt),
    updated_at: isoStrict(row.updatedAt),
  };
}

export function toDelivery(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    message_id: row.messageId,
    event_type: row.eventType,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    created_at: isoStrict(row.createdAt),
    last_attempt_at: iso(row.lastAttemptAt),
    attempt_log: attempts.map((a) => ({
      attempt: a.attempt,
      status: a.status as 'succeeded' | 'failed',
      response_status: a.responseStatus,
      duration_ms: a.durationMs,
      error: a.error,
      created_at: isoStrict(a.createdAt),
    })),
  };
}

/** `whsec_` + base64 of 32 random bytes, the Standard Webhooks secret format. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

function checkGivenSecret(secret: string): string {
  const m = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret);
  const bytes = m ? Buffer.from(m[1]!, 'base64').length : 0;
  if (!m || bytes < WEBHOOK_SECRET_MIN_BYTES) {
    throw validationError(
      ['body', 'secret'],
      `The secret must be whsec_ followed by the base64 of at least ${WEBHOOK_SECRET_MIN_BYTES} random bytes` +
        (m ? ` (this one has ${bytes})` : '') +
        '; leave it empty and the server generates one',
    );
  }
  return secret;
}

async function checkUrl(db: DbOrTx, raw: string, loc: string[]): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError(loc, 'The URL must be a valid http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw validationError(loc, `The URL must use http or https (not ${url.protocol.replace(':', '')})`);
  const refused = refusedAtRegistration(url, await allowPrivateTargets(db));
  if (refused) throw validationError(loc, refused);
  return url.toString();
}

export async function createEndpoint(
  db: Db,
  userId: string,
  body: { url: string; events: string[]; description?: string | null | undefined; secret?: string | null | undefined },
): Promise<WebhookEndpointCreated> {
  const url = await checkUrl(db, body.url, ['body', 'url']);
  const secret = body.secret ? checkGivenSecret(body.secret) : newWebhookSecret();
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  if (n >= MAX_ENDPOINTS) throw validationError(['body'], `You already have ${MAX_ENDPOINTS} webhook endpoints; delete one before adding another`);
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId, url, events: body.events, description: body.description ?? null, secret })
    .returning();
  return { ...toEndpoint(row!), secret };
}

export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toEndpoint);
}

export async function ownEndpoint(db: DbOrTx, userId: string, id: string): Promise<WebhookEndpointRow> {
  return getOwnRow(db, webhookEndpoints, userId, id, 'Webhook endpoint not found');
}

export async function updateEndpoint(
  db: Db,
  userId: string,
  id: string,
  patch: { url?: string | undefined; events?: string[] | undefined; description?: string | null | undefined; enabled?: boolean | undefined },
): Promise<WebhookEndpoint> {
  await ownEndpoint(db, userId, id);
  const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: new Date() };
  if (patch.url !== undefined) set.url = await checkUrl(db, patch.url, ['body', 'url']);
  if (patch.events !== undefined) set.events = patch.events;
  if (patch.description !== undefined) set.description = patch.description ?? null;
  if (patch.enabled !== undefined) set.enabled = patch.enabled;
  const [row] = await db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning();
  return toEndpoint(row!);
}

/** Deletes an endpoint and its log; returns the queue jobs of its pending deliveries (the caller cancels them). */
export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<string[]> {
  await ownEndpoint(db, userId, id);
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ jobId: webhookDeliveries.jobId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
    await tx.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
    return pending.map((p) => p.jobId).filter((j): j is string => Boolean(j));
  });
}

export async function listDeliveries(db: Db, userId: string, endpointId: string, limit: number, offset: number): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  await ownEndpoint(db, userId, endpointId);
  const where = and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.userId, userId));
  const [[count], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where),
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit).offset(offset),
  ]);
  const ids = rows.map((r) => r.id);
  const attempts = ids.length
    ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(webhookAttempts.id)
    : [];
  return {
    deliveries: rows.map((r) => toDelivery(r, attempts.filter((a) => a.deliveryId === r.id))),
    total: count?.n ?? 0,
  };
}

export async function deliveryView(db: DbOrTx, id: string): Promise<WebhookDelivery> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!row) throw notFound('Delivery not found');
  const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)).orderBy(webhookAttempts.id);
  return toDelivery(row, attempts);
}

/** The body every delivery carries (Standard Webhooks' recommended shape: type, timestamp, data). */
export const eventBody = (type: string, data: Record<string, unknown>): string =>
  JSON.stringify({ type, timestamp: new Date().toISOString(), data });

/** "Send test event": a webhook.test delivery to this endpoint only, whatever events it subscribes to. */
export async function sendTestEvent(db: Db, userId: string, endpointId: string): Promise<string> {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  const { deliveryId } = await db.transaction((tx) =>
    enqueueDelivery(tx, {
      userId,
      endpointId,
      endpointUrl: endpoint.url,
      eventType: WEBHOOK_TEST_EVENT,
      payload: eventBody(WEBHOOK_TEST_EVENT, { endpoint_id: endpointId, message: 'A test event from Quarry: your endpoint is reachable.' }),
    }),
  );
  return deliveryId;
}

/** "Redeliver": the same message (same webhook-id and body) queued again with a fresh retry schedule. */
export async function redeliver(db: Db, userId: string, endpointId: string, deliveryId: string): Promise<void> {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.userId, userId)))
      .for('update');
    if (!row) throw notFound('Delivery not found');
    if (row.status === 'pending') throw conflict('This delivery is still pending: it is retried on its own');
    await queueDeliveryJob(tx, row, new URL(endpoint.url).host);
  });
}
