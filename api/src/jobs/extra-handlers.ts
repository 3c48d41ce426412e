// QUARRY_EXTRA_JOB_HANDLERS: comma-separated module paths (relative to the working
// directory) whose `handlers` (or default) export, a JobHandler[], is registered besides
// the built-in ones — test and bench job types, in the API process and in worker processes.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JobHandler } from './types';

export async function loadExtraHandlers(spec: string | undefined): Promise<JobHandler[]> {
  if (!spec) return [];
  const out: JobHandler[] = [];
  for (const p of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const mod = (await import(pathToFileURL(path.resolve(p)).href)) as { handlers?: JobHandler[]; default?: JobHandler[] };
    out.push(...(mod.handlers ?? mod.default ?? []));
  }
  return out;
}
