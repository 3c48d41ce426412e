// quarry jobs [--watch] [--json] [--limit N]: the caller's jobs, newest first. --watch
// redraws every couple of seconds and exits once none is pending, queued or running
// (exit 0: the list informs; `quarry extract --wait` is the call whose exit follows a job).
import { ok, reachable } from '../client';
import { print, type Session } from '../context';
import { usageError } from '../errors';

const ACTIVE = new Set(['pending', 'queued', 'running']);

interface JobRow {
  id: string;
  name: string;
  job_type: string;
  status: string;
  progress_percentage?: number | null;
  created_at: string;
}

export function jobsTable(jobs: JobRow[]): string {
  if (!jobs.length) return 'No jobs.';
  const rows = [
    ['ID', 'TYPE', 'STATUS', 'PROGRESS', 'CREATED', 'NAME'],
    ...jobs.map((j) => [j.id, j.job_type, j.status, `${Math.round(j.progress_percentage ?? 0)}%`, j.created_at.slice(0, 19).replace('T', ' '), j.name]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')).join('\n');
}

export async function jobsCommand(session: Session, opts: { watch?: boolean; json?: boolean; limit: string }) {
  const limit = Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw usageError(`--limit must be 1-500, not "${opts.limit}"`);
  const tty = Boolean(session.io.stdout.isTTY);
  let last = '';
  for (;;) {
    const list = ok(
      await reachable(session.url, () => session.api.GET('/api/v1/jobs/', { params: { query: { limit } } })),
      'Listing jobs failed',
    );
    const text = opts.json ? JSON.stringify(list.jobs, null, 2) : jobsTable(list.jobs);
    if (!opts.watch) {
      print(session.io, text);
      return;
    }
    if (text !== last) {
      // a terminal is redrawn in place; a pipe gets each changed table once
      if (tty) session.io.stdout.write('\x1b[H\x1b[2J');
      print(session.io, opts.json ? text : `${text}\n`);
      last = text;
    }
    if (!list.jobs.some((j) => ACTIVE.has(j.status))) return;
    await new Promise((r) => setTimeout(r, session.io.pollMs));
  }
}
