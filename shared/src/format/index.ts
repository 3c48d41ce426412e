// The product's formatters, shared by every app (dates display in US English
// format). Missing values (null, undefined, NaN) show as '-' unless noted.

import { LOW_BALANCE_THRESHOLD, PDF_BYTES_PER_ESTIMATED_PAGE } from '../constants';

export const MISSING = '-';

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Token counts: below 1000 as is; 1000+ → '1.2K'; 1,000,000+ → '1.2M' (one decimal). Missing → '0'. */
export function formatTokens(count: number | null | undefined): string {
  if (!isNumber(count)) return '0';
  const sign = count < 0 ? '-' : '';
  const n = Math.abs(count);
  if (n >= 1_000_000) return `${sign}${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) {
    const k = (n / 1_000).toFixed(1);
    // 999,950 rounds to 1000.0K: that is 1.0M.
    return k === '1000.0' ? `${sign}1.0M` : `${sign}${k}K`;
  }
  return `${sign}${Math.round(n)}`;
}

/**
 * Durations as minutes and seconds: under a minute '45s' (one decimal under 10 s when
 * fractional: '2.4s'); from a minute 'Xm SSs' with two-digit seconds ('1m 05s',
 * '125m 00s' — minutes are not rolled into hours).
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (!isNumber(seconds) || seconds < 0) return MISSING;
  if (seconds < 10 && !Number.isInteger(seconds)) {
    const s = Math.round(seconds * 10) / 10;
    if (s < 10) return `${s.toFixed(1)}s`;
  }
  const total = Math.round(seconds);
  if (total < 60) return `${total}s`;
  const minutes = Math.floor(total / 60);
  const secs = total % 60;
  return `${minutes}m ${String(secs).padStart(2, '0')}s`;
}

/** Milliseconds → formatDuration. */
export function formatDurationMs(ms: number | null | undefined): string {
  return isNumber(ms) ? formatDuration(ms / 1000) : MISSING;
}

/** Bytes → 'N.N MB' (1 MB = 1024 × 1024 bytes). */
export function formatMB(bytes: number | null | undefined): string {
  if (!isNumber(bytes)) return MISSING;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Bytes in the unit that fits (1 KB = 1024 bytes): '512 B', '40 KB', '1.5 MB', '2.3 GB'.
 * Under 10 in a unit one decimal, from 10 none ('9.8 KB', '40 KB').
 */
export function formatBytes(bytes: number | null | undefined): string {
  if (!isNumber(bytes) || bytes < 0) return MISSING;
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  // 1023.96 KB would read "1024 KB": that is 1.0 MB
  while (unit < units.length - 1 && Math.round(value) >= 1024) {
    value /= 1024;
    unit++;
  }
  const text = value < 10 ? (Math.round(value * 10) / 10).toFixed(1) : String(Math.round(value));
  return `${text === '10.0' ? '10' : text} ${units[unit]}`;
}

/** A count and its noun, singular for one: plural(1, 'page') = '1 page', plural(3, 'file') = '3 files'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** Ids are shown as their first 8 characters. */
export function shortId(id: string | null | undefined, length = 8): string {
  if (!id) return '';
  return id.slice(0, length);
}

/** Longer than `max` characters → the first `max` characters + '...'. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface DateFormatOptions {
  /** IANA zone; default the browser's. */
  timeZone?: string;
}

const FORMATS = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  day: { year: 'numeric', month: 'numeric', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per format and zone, made once: toLocale*String builds a new one on
 * every call (about a millisecond each), and a monitor formats hundreds of event times.
 */
function formatter(kind: keyof typeof FORMATS, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...FORMATS[kind], timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** US English date: 'Jan 5, 2025'. */
export function formatDate(value: string | number | Date | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  return formatter('date', options.timeZone).format(date);
}

/** US English date and time: 'Jan 5, 2025, 3:04 PM'. */
export function formatDateTime(value: string | number | Date | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  return formatter('dateTime', options.timeZone).format(date);
}

/** US English time: '3:04:05 PM' (event logs). */
export function formatTime(value: string | number | Date | null | undefined, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  return formatter('time', options.timeZone).format(date);
}

const DAY_MS = 24 * 60 * 60 * 1000;

function calendarDay(date: Date, timeZone?: string): number {
  // Midnight UTC of the date as seen in `timeZone` (or locally), so differences are whole days.
  const parts = formatter('day', timeZone).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'));
}

/**
 * Reset text of a resource limit: 'never' → 'No reset', 'rolling' → 'Rolling
 * window', otherwise by calendar days until `next_reset_at`: 'Resets today' (today or
 * past), 'Resets tomorrow', 'Resets in N days'. Null when a periodic limit has no date.
 */
export function formatResetText(
  resetPeriod: string | null | undefined,
  nextResetAt: string | number | Date | null | undefined,
  now: Date = new Date(),
  options: DateFormatOptions = {},
): string | null {
  const period = (resetPeriod ?? '').toLowerCase();
  if (period === 'never' || period === '') return 'No reset';
  if (period === 'rolling') return 'Rolling window';
  const next = toDate(nextResetAt);
  if (!next) return null;
  const days = Math.round((calendarDay(next, options.timeZone) - calendarDay(now, options.timeZone)) / DAY_MS);
  if (days <= 0) return 'Resets today';
  if (days === 1) return 'Resets tomorrow';
  return `Resets in ${days} days`;
}

/** A fraction (0.873) as a rounded percent ('87%'). */
export function formatPercentFraction(fraction: number | null | undefined): string {
  if (!isNumber(fraction)) return MISSING;
  return `${Math.round(fraction * 100)}%`;
}

/** A progress value clamped to 0–100 (non-numbers → 0). */
export function clampPercent(value: number | null | undefined): number {
  if (!isNumber(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** Estimated pages of an upload: PDF max(1, ceil(size / 100000)); images (and anything else) 1. */
export function estimatePages(file: { size: number; type?: string; name?: string }): number {
  const isPdf = file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name ?? ''));
  if (isPdf) return Math.max(1, Math.ceil(file.size / PDF_BYTES_PER_ESTIMATED_PAGE));
  return 1;
}

/** A credit balance of 100 or less is low. */
export function isLowBalance(balance: number | null | undefined): boolean {
  return isNumber(balance) && balance <= LOW_BALANCE_THRESHOLD;
}
