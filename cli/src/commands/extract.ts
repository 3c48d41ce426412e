// quarry extract <file> --prompt <name|id> [--wait [seconds]] [--format json|csv]: the file
// goes in the same call (POST /extract, multipart) and, with --wait, the answer is the record.
import { openAsBlob } from 'node:fs';
import { apiError, ok, reachable } from '../client';
import { print, type Session } from '../context';
import { CliError, EXIT, failure, usageError } from '../errors';
import { progressBar } from '../progress';
import { localFile } from './upload';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** the longest wait the API holds a call for */
const SERVER_WAIT_MAX = 120;
const ENDED = new Set(['completed', 'failed', 'cancelled']);

export async function resolvePrompt(session: Session, prompt: string): Promise<string> {
  if (UUID.test(prompt)) return prompt;
  const found = ok(
    await reachable(session.url, () => session.api.GET('/api/v1/prompts/', { params: { query: { search: prompt, limit: 500 } } })),
    'Listing prompts failed',
  );
  const exact = found.prompts.filter((p) => p.name === prompt);
  const matches = exact.length ? exact : found.prompts.filter((p) => p.name.toLowerCase() === prompt.toLowerCase());
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length > 1) throw usageError(`${matches.length} prompts are named "${prompt}": give its id (${matches.map((p) => p.id).join(', ')})`);
  throw usageError(`No prompt named "${prompt}" (quarry takes a prompt's exact name or its id)`);
}

interface ExtractOptions {
  prompt: string;
  wait?: boolean | string;
  format: string;
  name?: string;
  idempotencyKey?: string;
}

/** --wait alone: until the job ends; --wait N: at most N seconds. */
function waitSeconds(wait: ExtractOptions['wait']): number | null {
  if (wait === undefined || wait === false) return null;
  if (wait === true) return Infinity;
  const n = Number(wait);
  if (!Number.isFinite(n) || n <= 0) throw usageError(`--wait takes a number of seconds above 0, not "${wait}"`);
  return n;
}

export async function extractCommand(session: Session, file: string, opts: ExtractOptions) {
  if (opts.format !== 'json' && opts.format !== 'csv') throw usageError(`--format must be json or csv, not "${opts.format}"`);
  const waitFor = waitSeconds(opts.wait);
  if (opts.format === 'csv' && waitFor === null) throw usageError('--format csv needs --wait (the CSV is the finished record)');
  const local = localFile(file);
  const promptId = await resolvePrompt(session, opts.prompt);
  const deadline = waitFor === null ? null : Date.now() + waitFor * 1000;
  const serverWait = () => (deadline === null ? 0 : Math.max(0, Math.min(SERVER_WAIT_MAX, Math.floor((deadline - Date.now()) / 1000))));

  const form = new FormData();
  form.set('prompt_id', promptId);
  if (opts.name) form.set('name', opts.name);
  form.set('file', await openAsBlob(local.file, { type: local.mime_type }), local.filename);
  // the encoded form as a stream, counted for the upload bar
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type')!;
  const bar = progressBar(session.io.stderr, local.size, 'bytes', local.filename);
  let sent = 0;
  const body = encoded.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        bar.update(Math.min(sent, local.size));
        controller.enqueue(chunk);
      },
      flush() {
        bar.stop();
      },
    }),
  );
  const waitBar = { current: null as ReturnType<typeof progressBar> | null };
  const headers: Record<string, string> = { 'content-type': contentType };
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const started = await reachable(session.url, () =>
    session.api.POST('/api/v1/extract', {
      params: { query: { wait: serverWait() } },
      headers,
      body: body as never,
      bodySerializer: (b: unknown) => b as RequestInit['body'],
      duplex: 'half',
    } as never),
  );
  let answer = ok(started as { data?: ExtractAnswer; error?: unknown; response: Response }, 'Extraction refused');
  bar.stop();

  if (deadline !== null && !ENDED.has(answer.job.status)) {
    waitBar.current = progressBar(session.io.stderr, 100, 'percent', 'extracting');
    try {
      answer = await pollUntilEnded(session, answer, deadline, (p, status) => waitBar.current?.update(p, status));
    } finally {
      waitBar.current.stop();
    }
  }

  if (deadline === null) {
    print(session.io, JSON.stringify(answer, null, 2));
    return;
  }
  if (!ENDED.has(answer.job.status)) {
    print(session.io, JSON.stringify(answer, null, 2));
    throw failure(`The job ${answer.job.id} is still ${answer.job.status} after ${waitFor} s`);
  }
  if (answer.job.status !== 'completed') {
    print(session.io, JSON.stringify(answer, null, 2));
    throw new CliError(`The job ${answer.job.id} ${answer.job.status}: ${answer.job.error_message ?? 'no reason given'}`, EXIT.failure);
  }
  if (opts.format === 'csv') {
    const res = await reachable(session.url, () =>
      session.api.GET('/api/v1/files/{id}/export', { params: { path: { id: answer.file_id }, query: { format: 'csv' } }, parseAs: 'text' }),
    );
    if (!res.response.ok) throw apiError(res.response.status, res.error, 'Reading the record as CSV failed');
    session.io.stdout.write(res.data as unknown as string);
    return;
  }
  print(session.io, JSON.stringify(answer, null, 2));
}

interface ExtractAnswer {
  job: { id: string; status: string; error_message?: string | null; [k: string]: unknown };
  file_id: string;
  record?: unknown;
  [k: string]: unknown;
}

async function pollUntilEnded(
  session: Session,
  answer: ExtractAnswer,
  deadline: number,
  onProgress: (percent: number, status: string) => void,
): Promise<ExtractAnswer> {
  for (;;) {
    const job = ok(
      await reachable(session.url, () => session.api.GET('/api/v1/jobs/{id}', { params: { path: { id: answer.job.id } } })),
      'Reading the job failed',
    );
    onProgress(Math.round(job.progress_percentage ?? 0), job.current_phase ?? job.status);
    if (ENDED.has(job.status)) {
      let record: unknown = null;
      if (job.status === 'completed') {
        const r = await reachable(session.url, () => session.api.GET('/api/v1/files/{id}/record', { params: { path: { id: answer.file_id } } }));
        record = ok(r, 'Reading the record failed');
      }
      return {
        ...answer,
        job: { ...answer.job, status: job.status, completed_at: job.completed_at, error_message: job.error_message ?? null },
        record,
      };
    }
    if (Date.now() >= deadline) return answer;
    await new Promise((r) => setTimeout(r, Math.min(session.io.pollMs, Math.max(0, deadline - Date.now()))));
  }
}
