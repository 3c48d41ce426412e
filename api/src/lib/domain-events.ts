// Domain events: things that happened which other modules may act on (webhooks subscribe).
// Emitted inside the transaction that made them true, so a subscriber's writes (a queued
// webhook delivery) commit or roll back with the change itself. Each subscriber runs in a
// savepoint: one that fails is logged and rolled back alone, never the emitter's change.
//
//   job.completed / job.failed   jobs/events.ts insertEvent (a top-level job reaching that status)
//   file.validated               modules/uploads/validate.ts (valid or not: data.is_valid)
//   file.reviewed                modules/review/service.ts markReviewed
import type { DbOrTx } from '../db';

export type DomainEventType = 'job.completed' | 'job.failed' | 'file.validated' | 'file.reviewed';

export interface DomainEvent {
  type: DomainEventType;
  userId: string;
  /** the subject's id (job or file) */
  subjectId: string;
  data: Record<string, unknown>;
}

export type DomainEventSubscriber = (q: DbOrTx, event: DomainEvent) => Promise<void>;

const subscribers = new Set<DomainEventSubscriber>();

export function onDomainEvent(subscriber: DomainEventSubscriber): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

export async function emitDomainEvent(q: DbOrTx, event: DomainEvent): Promise<void> {
  for (const subscriber of subscribers) {
    try {
      await q.transaction((sp) => subscriber(sp as DbOrTx, event));
    } catch (err) {
      console.warn(`domain event ${event.type} subscriber failed:`, err instanceof Error ? err.message : err);
    }
  }
}
