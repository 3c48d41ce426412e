// quarry export <dataset|job id> --format csv|xlsx|json [-o file]: the reviewed records of a
// dataset's files, or of a finished job's files, streamed to the file (or stdout).
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { apiError, reachable } from '../client';
import { note, type Session } from '../context';
import { usageError } from '../errors';

const FORMATS = ['csv', 'xlsx', 'json'] as const;
type Format = (typeof FORMATS)[number];

export async function exportCommand(session: Session, id: string, opts: { format: string; output?: string; part?: string }) {
  if (!(FORMATS as readonly string[]).includes(opts.format)) throw usageError(`--format must be csv, xlsx or json, not "${opts.format}"`);
  if (opts.part && opts.part !== 'records' && opts.part !== 'rows') throw usageError(`--part must be records or rows, not "${opts.part}"`);
  if (opts.format === 'xlsx' && !opts.output && session.io.stdout.isTTY) throw usageError('An xlsx export needs -o <file> on a terminal');
  const query = { format: opts.format as Format, ...(opts.part ? { part: opts.part as 'records' | 'rows' } : {}) };
  // the id names a dataset or a job: try the dataset first, a 404 there means "try the job"
  let res = await reachable(session.url, () =>
    session.api.GET('/api/v1/datasets/{id}/export', { params: { path: { id }, query }, parseAs: 'stream' }),
  );
  let kind = 'dataset';
  if (res.response.status === 404 || res.response.status === 422) {
    await res.response.body?.cancel().catch(() => undefined);
    res = await reachable(session.url, () => session.api.GET('/api/v1/jobs/{id}/export', { params: { path: { id }, query }, parseAs: 'stream' }));
    kind = 'job';
  }
  if (!res.response.ok || !res.response.body) {
    const status = res.response.status;
    const text = await res.response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    throw apiError(status, body, status === 404 ? `No dataset or job ${id}` : `Export of the ${kind} failed`);
  }
  const source = Readable.fromWeb(res.response.body as import('node:stream/web').ReadableStream);
  if (opts.output) {
    await pipeline(source, createWriteStream(opts.output));
    note(session.io, `wrote ${opts.output} (${kind} ${id}, ${opts.format})`);
  } else {
    await pipeline(source, session.io.stdout, { end: false });
  }
}
