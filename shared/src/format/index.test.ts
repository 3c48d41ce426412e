import {
  formatBytes,
  plural,
  clampPercent,
  estimatePages,
  formatDate,
  formatDateTime,
  formatDuration,
  formatDurationMs,
  formatMB,
  formatPercentFraction,
  formatResetText,
  formatTime,
  formatTokens,
  isLowBalance,
  shortId,
  truncate,
} from './index';

describe('formatTokens', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [1250, '1.3K'],
    [15_678, '15.7K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_000_000, '1.0M'],
    [1_234_567, '1.2M'],
    [25_000_000, '25.0M'],
    [-1500, '-1.5K'],
  ])('%d → %s', (n, text) => expect(formatTokens(n)).toBe(text));

  it('missing → 0', () => {
    expect(formatTokens(undefined)).toBe('0');
    expect(formatTokens(null)).toBe('0');
    expect(formatTokens(Number.NaN)).toBe('0');
  });
});

describe('formatDuration (minutes and seconds)', () => {
  it.each([
    [0, '0s'],
    [2.35, '2.4s'],
    [9.96, '10s'],
    [12.4, '12s'],
    [45, '45s'],
    [59.6, '1m 00s'],
    [60, '1m 00s'],
    [65, '1m 05s'],
    [125.2, '2m 05s'],
    [3600, '60m 00s'],
  ])('%d s → %s', (s, text) => expect(formatDuration(s)).toBe(text));

  it('missing or negative → -', () => {
    expect(formatDuration(undefined)).toBe('-');
    expect(formatDuration(-1)).toBe('-');
  });

  it('milliseconds variant', () => {
    expect(formatDurationMs(65_000)).toBe('1m 05s');
    expect(formatDurationMs(null)).toBe('-');
  });
});

describe('formatMB', () => {
  it.each([
    [0, '0.0 MB'],
    [1024 * 1024, '1.0 MB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
    [123_456, '0.1 MB'],
    [10 * 1024 * 1024 * 1024, '10240.0 MB'],
  ])('%d bytes → %s', (b, text) => expect(formatMB(b)).toBe(text));
  it('missing → -', () => expect(formatMB(undefined)).toBe('-'));
});

describe('formatBytes (the unit that fits)', () => {
  it('writes bytes, KB, MB and GB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(40 * 1024)).toBe('40 KB');
    expect(formatBytes(40_000)).toBe('39 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10_200)).toBe('10 KB');
    expect(formatBytes(1_572_864)).toBe('1.5 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
    expect(formatBytes(5_000_000_000)).toBe('4.7 GB');
    expect(formatBytes(null)).toBe('-');
    expect(formatBytes(-1)).toBe('-');
  });
});

describe('plural', () => {
  it('uses the singular for one only', () => {
    expect(plural(1, 'page')).toBe('1 page');
    expect(plural(0, 'page')).toBe('0 pages');
    expect(plural(1200, 'file')).toBe('1,200 files');
    expect(plural(2, 'file was', 'files were')).toBe('2 files were');
  });
});

describe('ids and truncation', () => {
  it('shortId keeps the first 8 characters', () => {
    expect(shortId('3f2a9c1e-1111-2222-3333-444455556666')).toBe('3f2a9c1e');
    expect(shortId('abc')).toBe('abc');
    expect(shortId(undefined)).toBe('');
  });

  it("truncate cuts at max and adds '...'", () => {
    expect(truncate('a'.repeat(41), 40)).toBe(`${'a'.repeat(40)}...`);
    expect(truncate('a'.repeat(40), 40)).toBe('a'.repeat(40));
    expect(truncate('short', 35)).toBe('short');
    expect(truncate(null, 10)).toBe('');
  });
});

describe('US English dates', () => {
  const iso = '2025-01-05T15:04:05Z';
  it('formatDate', () => {
    expect(formatDate(iso, { timeZone: 'UTC' })).toBe('Jan 5, 2025');
    expect(formatDate(iso, { timeZone: 'America/Los_Angeles' })).toBe('Jan 5, 2025');
    expect(formatDate('2025-01-05T03:00:00Z', { timeZone: 'America/Los_Angeles' })).toBe('Jan 4, 2025');
  });
  it('formatDateTime and formatTime', () => {
    expect(formatDateTime(iso, { timeZone: 'UTC' })).toBe('Jan 5, 2025, 3:04 PM');
    expect(formatTime(iso, { timeZone: 'UTC' })).toBe('3:04:05 PM');
  });
  it('invalid or missing → -', () => {
    expect(formatDate('not a date')).toBe('-');
    expect(formatDateTime(null)).toBe('-');
    expect(formatTime(undefined)).toBe('-');
  });
});

describe('formatResetText', () => {
  const now = new Date('2025-03-10T10:00:00Z');
  const opts = { timeZone: 'UTC' };
  it.each([
    ['never', null, 'No reset'],
    ['NEVER', '2025-03-11T00:00:00Z', 'No reset'],
    ['rolling', null, 'Rolling window'],
    ['weekly', '2025-03-10T23:00:00Z', 'Resets today'],
    ['weekly', '2025-03-09T23:00:00Z', 'Resets today'],
    ['daily', '2025-03-11T00:00:00Z', 'Resets tomorrow'],
    ['weekly', '2025-03-12T09:00:00Z', 'Resets in 2 days'],
    ['monthly', '2025-04-01T00:00:00Z', 'Resets in 22 days'],
  ])('%s, next %s → %s', (period, next, text) => {
    expect(formatResetText(period, next, now, opts)).toBe(text);
  });

  it('a periodic limit without a date has no text', () => {
    expect(formatResetText('weekly', null, now)).toBeNull();
  });
});

describe('percent helpers', () => {
  it('success-rate fraction → rounded percent', () => {
    expect(formatPercentFraction(0.873)).toBe('87%');
    expect(formatPercentFraction(0.875)).toBe('88%');
    expect(formatPercentFraction(1)).toBe('100%');
    expect(formatPercentFraction(0)).toBe('0%');
    expect(formatPercentFraction(undefined)).toBe('-');
  });

  it('clampPercent keeps 0–100', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(42.5)).toBe(42.5);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(undefined)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

describe('estimatePages', () => {
  it.each([
    [{ size: 0, type: 'application/pdf' }, 1],
    [{ size: 100_000, type: 'application/pdf' }, 1],
    [{ size: 100_001, type: 'application/pdf' }, 2],
    [{ size: 1_234_567, type: 'application/pdf' }, 13],
    [{ size: 5_000_000, type: 'image/png' }, 1],
    [{ size: 300_000, type: 'image/jpeg' }, 1],
    [{ size: 300_000, type: '', name: 'scan.PDF' }, 3],
  ])('%o → %i', (file, pages) => expect(estimatePages(file)).toBe(pages));
});

describe('isLowBalance (100 or less)', () => {
  it.each([
    [0, true],
    [100, true],
    [101, false],
    [5000, false],
  ])('%i → %s', (b, low) => expect(isLowBalance(b)).toBe(low));
  it('unknown balance is not low', () => expect(isLowBalance(undefined)).toBe(false));
});
