import { createEventBus, eventName, notificationFor } from './bus';
import type { JobUpdateMessage, SocketMessage } from './types';

const job = (job_id: string, status = 'running'): JobUpdateMessage => ({
  type: 'job_update',
  job_id,
  status,
  job_type: 'ocr',
  data: { phase: 'ocr', event_type: 'progress', message: 'page 1', progress: { percentage: 10, current: 1, total: 10, units: 'percent' } },
});

function collect<T>(subscribe: (push: (v: T) => void) => { unsubscribe(): void }) {
  const seen: T[] = [];
  const sub = subscribe((v) => seen.push(v));
  return { seen, stop: () => sub.unsubscribe() };
}

describe('the event bus', () => {
  it('all$ gets every message; jobUpdates$ only job_update; jobUpdatesFor only that job', () => {
    const bus = createEventBus();
    const all = collect<SocketMessage>((p) => bus.all$.subscribe(p));
    const jobs = collect<JobUpdateMessage>((p) => bus.jobUpdates$.subscribe(p));
    const a = collect<JobUpdateMessage>((p) => bus.jobUpdatesFor('a').subscribe(p));

    bus.emit({ event: 'ping' });
    bus.emit(job('a'));
    bus.emit(job('b'));
    bus.emit({ event: 'upload_complete', message: 'x.pdf uploaded' });
    bus.emit(job('a', 'completed'));
    bus.emit({ type: 'job_update' } as SocketMessage); // no job id: not a job update

    expect(all.seen).toHaveLength(6);
    expect(jobs.seen.map((m) => m.job_id)).toEqual(['a', 'b', 'a']);
    expect(a.seen.map((m) => m.status)).toEqual(['running', 'completed']);
    a.stop();
    bus.emit(job('a'));
    expect(a.seen).toHaveLength(2);
  });

  it('uploadEvents$ carries the eight upload/processing/validation events only', () => {
    const bus = createEventBus();
    const uploads = collect<SocketMessage>((p) => bus.uploadEvents$.subscribe(p));
    const names = ['upload_started', 'upload_complete', 'upload_failed', 'processing_started', 'processing_complete', 'processing_failed', 'validation_passed', 'validation_failed'];
    for (const event of [...names, 'ping', 'connected', 'error', 'subscription_confirmed']) bus.emit({ event });
    expect(uploads.seen.map((m) => m.event)).toEqual(names);
  });

  it('on(name) filters by event or type name', () => {
    const bus = createEventBus();
    const pongs = collect<SocketMessage>((p) => bus.on('pong').subscribe(p));
    bus.emit({ event: 'pong' });
    bus.emit({ event: 'ping' });
    bus.emit({ type: 'pong' });
    expect(pongs.seen).toHaveLength(2);
    expect(eventName({ type: 'x' })).toBe('x');
  });

  it('notifications$ turns server events into the named titles and passes local ones', () => {
    const bus = createEventBus();
    const notes = collect<{ title: string; status: string; message?: string }>((p) => bus.notifications$.subscribe(p));
    bus.emit({ event: 'upload_complete', message: 'a.pdf' });
    bus.emit({ event: 'upload_failed', message: 'b.pdf' });
    bus.emit({ event: 'processing_started', message: 'c' });
    bus.emit({ event: 'processing_complete', message: 'd' });
    bus.emit({ event: 'ping' });
    bus.emit(job('a'));
    bus.notify({ title: 'Connection Lost', message: 'Unable to maintain real-time connection after multiple attempts', status: 'warning' });
    expect(notes.seen.map((n) => [n.title, n.status])).toEqual([
      ['Upload Successful', 'success'],
      ['Upload Failed', 'error'],
      ['Processing Started', 'info'],
      ['Processing Complete', 'success'],
      ['Connection Lost', 'warning'],
    ]);
    expect(notes.seen[0]!.message).toBe('a.pdf');
  });

  it('notificationFor titles other events with a message from their name and skips protocol ones', () => {
    expect(notificationFor({ event: 'validation_failed', message: 'bad' })).toMatchObject({ title: 'Validation Failed', status: 'error' });
    expect(notificationFor({ event: 'validation_passed', message: 'ok' })).toMatchObject({ title: 'Validation Passed', status: 'success' });
    expect(notificationFor({ event: 'deprecation_warning', message: 'old' })).toMatchObject({ status: 'warning' });
    expect(notificationFor({ event: 'custom_event', message: 'hi' })).toMatchObject({ title: 'Custom Event', status: 'info' });
    expect(notificationFor({ event: 'custom_event' })).toBeNull();
    for (const event of ['ping', 'pong', 'connected', 'subscription_confirmed', 'subscription_updated']) {
      expect(notificationFor({ event, message: 'm' })).toBeNull();
    }
  });

  it('connectionState$ starts disconnected, replays the current state, emits changes only', () => {
    const bus = createEventBus();
    const states = collect<string>((p) => bus.connectionState$.subscribe(p));
    bus.setConnectionState('connecting');
    bus.setConnectionState('connecting');
    bus.setConnectionState('connected');
    expect(states.seen).toEqual(['disconnected', 'connecting', 'connected']);
    const late = collect<string>((p) => bus.connectionState$.subscribe(p));
    expect(late.seen).toEqual(['connected']);
    expect(bus.getConnectionState()).toBe('connected');
  });

  it('send goes through the registered socket sender, false without one', () => {
    const bus = createEventBus();
    expect(bus.send({ event: 'ping' })).toBe(false);
    const sent: SocketMessage[] = [];
    const unregister = bus.registerSender((m) => {
      sent.push(m);
      return true;
    });
    expect(bus.send({ event: 'ping' })).toBe(true);
    expect(sent).toEqual([{ event: 'ping' }]);
    const other = bus.registerSender(() => false);
    unregister(); // stale unregister does not remove the newer sender
    expect(bus.hasSender()).toBe(true);
    expect(bus.send({ event: 'ping' })).toBe(false);
    other();
    expect(bus.hasSender()).toBe(false);
    bus.registerSender(() => {
      throw new Error('socket closed');
    });
    expect(bus.send({ event: 'ping' })).toBe(false);
  });
});
