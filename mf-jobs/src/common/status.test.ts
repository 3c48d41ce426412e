import { POLL_CONNECTED_MS, POLL_DISCONNECTED_MS, canCancel, canRetry, isActiveJob, pollInterval } from './status';

describe('what counts as active', () => {
  it.each([
    ['pipeline', 'running', true],
    ['pipeline', 'queued', true],
    ['pipeline', 'pending', false],
    ['pipeline', 'completed', false],
    ['extraction', 'running', true],
    ['extraction', 'failed', false],
    ['ocr', 'processing', true],
    ['ocr', 'pending', true],
    ['ocr', 'running', true],
    ['ocr', 'cancelled', false],
    ['chunking', 'pending', true],
    ['chunking', 'queued', true],
    ['chunking', 'completed', false],
  ] as const)('%s %s -> %s', (kind, status, active) => {
    expect(isActiveJob(kind, status)).toBe(active);
  });
});

describe('polling', () => {
  it('1 s with the live channel down, 5 s with it up, none when not active', () => {
    expect(POLL_DISCONNECTED_MS).toBe(1000);
    expect(POLL_CONNECTED_MS).toBe(5000);
    expect(pollInterval(true, false)).toBe(1000);
    expect(pollInterval(true, true)).toBe(5000);
    expect(pollInterval(false, false)).toBe(false);
    expect(pollInterval(false, true)).toBe(false);
  });

  it('cancel while active, retry once failed', () => {
    expect(canCancel('running')).toBe(true);
    expect(canCancel('queued')).toBe(true);
    expect(canCancel('completed')).toBe(false);
    expect(canRetry('failed')).toBe(true);
    expect(canRetry('cancelled')).toBe(false);
  });
});
