// The WebSocket test form: event and message are required; extra data, when
// given, must be a JSON object.
export const WS_TEST_MESSAGES = {
  required: 'Event and message are required',
  invalidJson: 'Invalid JSON in extra data field',
  sendFailed: 'Failed to send test notification',
} as const;

export interface WsTestValues {
  event: string;
  message: string;
  extra: string;
}

export type WsTestResult =
  | { ok: true; body: { event: string; message: string; extras: Record<string, unknown> | null } }
  | { ok: false; error: string; field: 'event' | 'message' | 'extra' };

export function parseWsTest(values: WsTestValues): WsTestResult {
  const event = values.event.trim();
  const message = values.message.trim();
  if (!event || !message) return { ok: false, error: WS_TEST_MESSAGES.required, field: event ? 'message' : 'event' };
  let extras: Record<string, unknown> | null = null;
  if (values.extra.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values.extra);
    } catch {
      return { ok: false, error: WS_TEST_MESSAGES.invalidJson, field: 'extra' };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, error: WS_TEST_MESSAGES.invalidJson, field: 'extra' };
    extras = parsed as Record<string, unknown>;
  }
  return { ok: true, body: { event, message, extras } };
}
