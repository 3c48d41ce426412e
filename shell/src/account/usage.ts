import { RESOURCE_USAGE_ERROR_PERCENT, RESOURCE_USAGE_WARNING_PERCENT } from '@quarry/shared/constants';

export type UsageLevel = 'ok' | 'warning' | 'error';

/** Warning from 80 %, error from 90 %. */
export function usageLevel(percentage: number | null | undefined): UsageLevel {
  const p = typeof percentage === 'number' && Number.isFinite(percentage) ? percentage : 0;
  if (p >= RESOURCE_USAGE_ERROR_PERCENT) return 'error';
  if (p >= RESOURCE_USAGE_WARNING_PERCENT) return 'warning';
  return 'ok';
}

export const USAGE_PALETTE: Record<UsageLevel, string> = { ok: 'brand', warning: 'orange', error: 'red' };

/** The percentage used, from the server's figure or computed when it is missing. */
export function usagePercentage(entry: { usage_percentage?: number | null; current_usage: number; limit: number }): number {
  if (typeof entry.usage_percentage === 'number' && Number.isFinite(entry.usage_percentage)) return entry.usage_percentage;
  if (!entry.limit) return 0;
  return (entry.current_usage / entry.limit) * 100;
}

export function formatAmount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** 'max_file_count' → 'Max file count'. */
export function resourceLabel(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}
