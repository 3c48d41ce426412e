// One HTTP attempt of a webhook delivery: POST the signed body, no redirects followed (a 3xx
// is a failed attempt), a timeout, and at most RESPONSE_EXCERPT_BYTES of the answer read —
// a receiver answering 10 MB costs us 1 KB, a receiver that hangs costs the timeout.
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, RefusedTargetError, refusedLiteral } from './targets';

export const RESPONSE_EXCERPT_BYTES = 1024;
const USER_AGENT = 'Quarry-Webhooks/1';

export interface AttemptResult {
  ok: boolean;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
}

/** Standard Webhooks headers for one message (the same id on every attempt, a fresh timestamp). */
export function signedHeaders(secret: string, messageId: string, body: string, at = new Date()): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

export async function sendOnce(
  target: string,
  secret: string,
  messageId: string,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const literal = refusedLiteral(url, options.allowPrivate);
  if (literal) return { ok: false, responseStatus: null, durationMs: took(), error: literal, excerpt: null };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: took() });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': USER_AGENT,
          ...signedHeaders(secret, messageId, body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
          const ok = status >= 200 && status < 300;
          const error = ok
            ? null
            : status >= 300 && status < 400
              ? `The receiver answered ${status} (a redirect${res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : ''}); redirects are not followed`
              : `The receiver answered ${status}`;
          finish({ ok, responseStatus: status, error, excerpt: excerpt || null });
          res.destroy();
          req.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, responseStatus: null, error: `No answer within ${options.timeoutMs} ms (timed out)`, excerpt: null });
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (err) => {
      const message = err instanceof RefusedTargetError ? err.message : `Could not deliver: ${err.message}`;
      finish({ ok: false, responseStatus: null, error: message, excerpt: null });
    });
    req.end(body);
  });
}
