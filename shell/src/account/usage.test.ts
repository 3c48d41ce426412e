import { formatAmount, resourceLabel, usageLevel, usagePercentage } from './usage';

describe('usageLevel', () => {
  it.each([
    [0, 'ok'],
    [79.9, 'ok'],
    [80, 'warning'],
    [89.9, 'warning'],
    [90, 'error'],
    [150, 'error'],
    [null, 'ok'],
    [Number.NaN, 'ok'],
  ])('%p%% → %s', (p, level) => {
    expect(usageLevel(p as number | null)).toBe(level);
  });
});

describe('usagePercentage', () => {
  it('prefers the server figure and computes one otherwise', () => {
    expect(usagePercentage({ usage_percentage: 12.5, current_usage: 1, limit: 2 })).toBe(12.5);
    expect(usagePercentage({ usage_percentage: null, current_usage: 45, limit: 50 })).toBe(90);
    expect(usagePercentage({ current_usage: 3, limit: 0 })).toBe(0);
  });
});

describe('labels', () => {
  it('formats names and amounts', () => {
    expect(resourceLabel('max_file_count')).toBe('Max file count');
    expect(formatAmount(1024)).toBe('1,024');
    expect(formatAmount(3.14159)).toBe('3.1');
  });
});
