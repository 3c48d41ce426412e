// The entry of a processing thread (piscina loads it; see index.ts for how it is found and
// built). One call per task: { name, payload, port } -> TaskReply. A task's error is sent back
// as data (name, code, message, details) so the caller rebuilds it; anything thrown outside a
// task (an uncaught error, the memory limit) ends the thread and piscina fails only its task.
import type { MessagePort } from 'node:worker_threads';
import { tasks, type TaskName } from './tasks';

/** the last message on a task's progress port (index.ts waits for it); kept in sync with PROGRESS_DONE there */
const PROGRESS_DONE = '__quarry_pool_done__';

export type TaskReply =
  | { ok: true; result: unknown }
  | { ok: false; error: { name: string; message: string; code?: string; details?: Record<string, unknown> } };

export default async function runTask({ name, payload, port }: { name: TaskName; payload: unknown; port: MessagePort | null }): Promise<TaskReply> {
  const fn = tasks[name] as ((p: unknown, ctx: { progress(m: unknown): void }) => Promise<unknown>) | undefined;
  try {
    if (!fn) throw new Error(`Unknown processing task "${String(name)}"`);
    const result = await fn(payload, { progress: (m) => port?.postMessage(m) });
    return { ok: true, result };
  } catch (err) {
    const e = err as { name?: string; message?: string; code?: unknown; details?: unknown };
    return {
      ok: false,
      error: {
        name: typeof e?.name === 'string' ? e.name : 'Error',
        message: typeof e?.message === 'string' ? e.message : String(err),
        ...(typeof e?.code === 'string' ? { code: e.code } : {}),
        ...(e?.details && typeof e.details === 'object' ? { details: e.details as Record<string, unknown> } : {}),
      },
    };
  } finally {
    port?.postMessage(PROGRESS_DONE);
    port?.close();
  }
}
