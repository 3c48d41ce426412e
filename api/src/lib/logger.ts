// The API's logger (pino, through Fastify). Two formats (LOG_FORMAT):
//   pretty  one readable line per entry for a terminal: `12:04:31 INFO  database: ...`
//           (default outside production; what `npm start` shows)
//   json    one JSON object per line, pino's own format, for log collectors (default with
//           NODE_ENV=production)
// Requests are logged at debug level only (LOG_LEVEL=debug): one line per answered request.
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, not repeated as key=value */
const OWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'v']);

const two = (n: number) => String(n).padStart(2, '0');

const show = (v: unknown): string => {
  if (typeof v === 'string') return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  if (v instanceof Object) return JSON.stringify(v);
  return String(v);
};

/** One pino JSON line as a terminal line (exported for tests). */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const when = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const time = `${two(when.getHours())}:${two(when.getMinutes())}:${two(when.getSeconds())}`;
  const level = (LEVEL_NAMES[Number(entry.level)] ?? 'INFO').padEnd(5);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const fields = Object.entries(entry)
    .filter(([k]) => !OWN.has(k) && k !== 'err')
    .map(([k, v]) => `${k}=${show(v)}`);
  let line = `${time} ${level} ${String(entry.msg ?? '')}${fields.length ? `  ${fields.join(' ')}` : ''}`;
  if (err?.message) line += `\n    ${Number(entry.level) >= 50 && err.stack ? err.stack.replace(/\n/g, '\n    ') : err.message}`;
  return `${line}\n`;
}

export function prettyStream(out: LogSink = process.stdout): { write(chunk: string): void } {
  return { write: (chunk) => void out.write(prettyLine(chunk.trimEnd())) };
}

/** Where log lines go instead of stdout (tests read what the app logged). */
export interface LogSink {
  write(chunk: string): unknown;
}

/** Fastify's `logger` option for this configuration (to stdout, or to `sink` when given). */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>, sink?: LogSink): NonNullable<FastifyServerOptions['logger']> {
  if (config.logFormat === 'pretty') return { level: config.logLevel, stream: prettyStream(sink) };
  return sink ? { level: config.logLevel, stream: { write: (chunk: string) => void sink.write(chunk) } } : { level: config.logLevel };
}

/** onResponse hook: one debug line per request (Fastify's own request logging is off). */
export async function logRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // pino levels are numbers; skip building the line unless debug (20) is on
  const enabled = (request.log as unknown as { levelVal?: number }).levelVal;
  if (enabled !== undefined && enabled > 20) return;
  request.log.debug(
    { status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
    `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
  );
}
