import type { JobUpdateMessage } from '@quarry/shared';
import { compareEvents, dedupeOcrEvents, fromUpdate, latestStatusEvent, mergeEvents, type LogEvent } from './events';

const ev = (id: number | null, at: string, message: string, phase = 'processing'): LogEvent => ({
  key: id === null ? `u-${at}-${message}` : `e${id}`,
  event_id: id,
  job_id: 'j',
  phase,
  sub_phase: null,
  event_type: 'progress',
  message,
  timestamp: at,
  progress_percentage: null,
  current_value: null,
  total_value: null,
  units: 'percent',
  details: {},
  context: {},
  status: 'running',
  t: Date.parse(at),
});

describe('event order', () => {
  it('orders by time, then by event_id', () => {
    const list = [ev(3, '2025-01-01T00:00:02Z', 'c'), ev(2, '2025-01-01T00:00:01Z', 'b2'), ev(1, '2025-01-01T00:00:01Z', 'b1')].sort(compareEvents);
    expect(list.map((e) => e.message)).toEqual(['b1', 'b2', 'c']);
  });

  it('merging never duplicates an event seen in the history and live', () => {
    const history = [ev(1, '2025-01-01T00:00:01Z', 'a'), ev(2, '2025-01-01T00:00:02Z', 'b')];
    const merged = mergeEvents(history, [ev(2, '2025-01-01T00:00:02Z', 'b'), ev(3, '2025-01-01T00:00:03Z', 'c')]);
    expect(merged.map((e) => e.event_id)).toEqual([1, 2, 3]);
    expect(mergeEvents(merged, [ev(3, '2025-01-01T00:00:03Z', 'c')])).toBe(merged);
  });
});

describe('OCR de-duplication', () => {
  it('drops the same message and phase within 1 second, keeps it later or in another phase', () => {
    const list = [
      ev(1, '2025-01-01T00:00:00.000Z', 'Page 1 of 2'),
      ev(2, '2025-01-01T00:00:00.900Z', 'Page 1 of 2'),
      ev(3, '2025-01-01T00:00:00.950Z', 'Page 1 of 2', 'preparing'),
      ev(4, '2025-01-01T00:00:01.200Z', 'Page 1 of 2'),
      ev(5, '2025-01-01T00:00:01.300Z', 'Page 2 of 2'),
    ];
    expect(dedupeOcrEvents(list).map((e) => e.event_id)).toEqual([1, 3, 4, 5]);
  });
});

describe('a live update as a log event', () => {
  it('takes progress from data.progress and applies the defaults', () => {
    const msg: JobUpdateMessage = { type: 'job_update', job_id: 'j', status: 'running', data: { event_id: 7, message: 'half', timestamp: '2025-01-01T00:00:00Z', progress: { percentage: 50 } } };
    const e = fromUpdate(msg, 'chunking', 'child');
    expect(e).toMatchObject({ key: 'e7', phase: 'chunking', event_type: 'progress', units: 'percent', progress_percentage: 50, source: 'child' });
  });
});

describe('the status event', () => {
  it('is the newest event that is not a credits notice, and may be narrowed to one job', () => {
    const refund = { ...ev(3, '2025-01-01T00:00:03Z', '1 credit returned', 'failed'), sub_phase: 'credits_refunded' };
    const log = [ev(1, '2025-01-01T00:00:01Z', 'working'), { ...ev(2, '2025-01-01T00:00:02Z', 'failed: boom', 'failed'), job_id: 'k' }, refund];
    expect(latestStatusEvent(log)?.message).toBe('failed: boom');
    expect(latestStatusEvent(log, (e) => e.job_id === 'j')?.message).toBe('working');
    expect(latestStatusEvent([refund])).toBeUndefined();
    expect(latestStatusEvent([])).toBeUndefined();
  });
});
