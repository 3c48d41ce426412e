// The job-type registry: job_type -> JobHandler. A worker claims only the types registered in
// its own process (so a bench-only type, or a type a newer release added, is never picked up
// by a process that cannot run it).
import type { JobHandler } from './types';

export class HandlerRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  register(handler: JobHandler): this {
    if (!/^[a-z][a-z0-9_]{0,63}$/.test(handler.type)) throw new Error(`Invalid job type name: ${handler.type}`);
    if (this.handlers.has(handler.type)) throw new Error(`Job type ${handler.type} is already registered`);
    this.handlers.set(handler.type, handler);
    return this;
  }

  get(type: string): JobHandler | undefined {
    return this.handlers.get(type);
  }

  has(type: string): boolean {
    return this.handlers.has(type);
  }

  types(): string[] {
    return [...this.handlers.keys()];
  }
}
