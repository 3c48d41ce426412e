// Small fixed-window rate limiter kept in process memory. Used for login (per account
// and per address), registration, contact and feedback. Account lockout (423) is stored
// in the database instead, so it holds across API processes.
import type { Config } from '../config';
import { tooManyRequests } from './errors';

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = Date.now();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; returns the seconds to wait when the limit is exceeded, else 0. */
  hit(key: string, now = Date.now()): number {
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count > this.max ? (w.resetAt - now) / 1000 : 0;
  }

  /** Counts one hit and throws 429 with Retry-After when over the limit. */
  consume(key: string, detail = 'Too many requests. Please wait before trying again.'): void {
    const wait = this.hit(key);
    if (wait > 0) throw tooManyRequests(detail, wait);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** The limits counted over the one window RATE_LIMIT_WINDOW_SECONDS: sign-in, registration, password changes and resets. */
type WindowSetting = 'loginPerIp' | 'loginPerAccount' | 'registerPerIp' | 'passwordChangePerUser' | 'passwordResetPerIp' | 'passwordResetPerEmail';
export type WindowLimiters<K extends WindowSetting> = Record<K, RateLimiter>;

/** A limiter for each of `settings`, named by it, each allowing its setting's number of hits per window. */
export function windowLimiters<K extends WindowSetting>(rateLimits: Config['rateLimits'], ...settings: K[]): WindowLimiters<K> {
  const windowMs = rateLimits.windowSeconds * 1000;
  return Object.fromEntries(settings.map((k) => [k, new RateLimiter(rateLimits[k], windowMs)])) as WindowLimiters<K>;
}
