import { z } from 'zod';
import { WS_CHANNELS } from '../constants';
import { TimestampSchema } from './common';

export const WsChannelSchema = z.enum(WS_CHANNELS);
export type WsChannel = z.infer<typeof WsChannelSchema>;

/**
 * Every server -> client message. Extra fields are event specific
 * (job_id, pages_processed, result_url, channels, status, progress, ...).
 */
export const RealtimeMessageSchema = z
  .object({
    event: z.string(),
    message: z.string().optional(),
    timestamp: TimestampSchema,
    user_id: z.string().optional(),
    job_id: z.string().optional(),
    pages_processed: z.number().optional(),
    result_url: z.string().optional(),
  })
  .catchall(z.unknown());
export type RealtimeMessage = z.infer<typeof RealtimeMessageSchema>;

/** Server events the API sends on its own (modules add theirs: job_update, upload_complete, ...). */
export const SERVER_EVENTS = [
  'connected',
  'subscription_confirmed',
  'subscription_updated',
  'ping',
  'pong',
  'error',
] as const;

/**
 * Client -> server messages:
 * - `{"event":"pong"}` answers a server ping;
 * - `{"event":"ping"}` is answered with `{"event":"pong"}`;
 * - `{"event":"subscribe","channels":["jobs"]}` / `{"event":"unsubscribe","channels":[...]}`
 *   change the channels of a `/ws/connect` socket (answered with `subscription_updated`).
 */
export const ClientMessageSchema = z.discriminatedUnion('event', [
  z.looseObject({ event: z.literal('ping') }),
  z.looseObject({ event: z.literal('pong') }),
  z.object({ event: z.literal('subscribe'), channels: z.array(z.string()).max(10) }),
  z.object({ event: z.literal('unsubscribe'), channels: z.array(z.string()).max(10) }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** `POST test/websocket-notification` — delivered to the caller only. */
export const TestNotificationBodySchema = z.strictObject({
  event: z
    .string({ error: 'Event and message are required' })
    .trim()
    .min(1, { error: 'Event and message are required' })
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'Event may contain letters, digits, _ . : - only' }),
  message: z
    .string({ error: 'Event and message are required' })
    .trim()
    .min(1, { error: 'Event and message are required' })
    .max(2000),
  user_id: z.uuid().nullish(),
  timestamp: z.iso.datetime({ offset: true }).nullish(),
  extras: z.record(z.string(), z.unknown()).nullish(),
  channel: WsChannelSchema.optional(),
});
export type TestNotificationBody = z.input<typeof TestNotificationBodySchema>;

export const TestNotificationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user_id: z.string(),
  event: z.string(),
  /** sockets of this user connected to the API process that handled the call */
  local_connections: z.number().int(),
});
export type TestNotificationResponse = z.infer<typeof TestNotificationResponseSchema>;
