// List answers kept in memory until their rows change. A list request used to cost a round
// trip to the database and, on PostgreSQL, most of its time was spent waiting for it; the
// lists are read far more often than the rows under them change (a page polls, several tabs,
// a script). A route opts in with `config: { listCache: 'own' }` (src/lib/list-cache-hooks.ts);
// its 200 answer, the bytes sent, is kept per (user, superuser flag, URL) and served again
// without running the handler, the query-string validation or the query.
//
// When an answer stops being good: every write to a row a cached list reads NOTIFYs the owner's
// user id (the triggers of migration 0013), whoever wrote it, and the user's answers are
// dropped here:
// - writes of this process: at once. Each pool connection LISTENs, and PostgreSQL (and PGlite)
//   hand a session its own transaction's notices before the COMMIT's answer, so the change is
//   known here before the code that made it goes on, let alone answers (db/index.ts);
// - writes of other processes (API replicas, the job worker, SQL by hand): when the notice
//   arrives on this process's LISTEN connection, about a millisecond after their commit.
//   A reader who learns of the change through this API's realtime events is never served the
//   old list: the event, published after the commit, is delivered after the notice, and its
//   delivery drops the user's answers too (realtime/hub.ts onEvent). Someone who learns of it
//   by another path (a replica's HTTP answer to a second tab) may see the old list for that
//   delivery delay; that is what reading from a replica costs anyway.
// - while the LISTEN connection is down, notices are lost: every answer is dropped and the
//   cache is bypassed until it is back (then dropped again).
//
// No stale answer is stored by a request that raced with a write: a request takes a ticket
// (the change counter) before its query and stores its answer only if no change of its user
// (or, for lists of everyone's rows, no change at all) was announced since.
//
// Memory: at most `maxBytes` of answers, the least recently served dropped first.

/** Whose rows a cached list shows: the caller's, everyone's (admin lists), or everyone's for a superuser (feedback). */
export type ListScope = 'own' | 'all' | 'own-or-all';

interface Entry {
  body: Buffer;
  contentType: string;
  userId: string;
  /** depends on everyone's rows: dropped by any change */
  global: boolean;
}

export interface ListCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  live: boolean;
}

/** Above this many users with a recorded change, the records are forgotten (and pending stores refused). */
const CHANGE_RECORD_LIMIT = 50_000;

export class ListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByUser = new Map<string, Set<string>>();
  private readonly globalKeys = new Set<string>();
  /** the change counter, bumped by every announced change */
  private seq = 0;
  /** per user, the counter at their last change (only what tickets in flight can need) */
  private readonly lastChange = new Map<string, number>();
  /** tickets below this were taken before a loss of notices (or a forgotten record): never stored */
  private floor = 0;
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private live: boolean;

  constructor(
    private readonly maxBytes: number,
    /** false: wait for setLive(true) (the LISTEN connection of a PostgreSQL server) */
    live = true,
  ) {
    this.live = live && maxBytes > 0;
  }

  get enabled(): boolean {
    return this.live;
  }

  static key(userId: string, superuser: boolean, url: string): string {
    return `${userId}|${superuser ? 's' : ''}|${url}`;
  }

  /** The answer kept for this key, if any (marks it recently used). */
  get(key: string): Entry | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Taken before the list's query; hand it to store(). */
  ticket(): number {
    return this.seq;
  }

  /** Keeps an answer computed after `ticket` was taken, unless a change it may have missed was announced since. */
  store(key: string, ticket: number, entry: Entry): void {
    if (!this.live || ticket < this.floor) return;
    if (entry.global ? this.seq !== ticket : (this.lastChange.get(entry.userId) ?? 0) > ticket) return;
    const size = entry.body.length + key.length * 2;
    if (size > this.maxBytes / 4) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += size;
    let keys = this.keysByUser.get(entry.userId);
    if (!keys) this.keysByUser.set(entry.userId, (keys = new Set()));
    keys.add(key);
    if (entry.global) this.globalKeys.add(key);
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
    }
  }

  /** A row of this user changed (or may have): their answers, and every list of everyone's rows, go. */
  changed(userId: string): void {
    this.seq += 1;
    this.lastChange.set(userId, this.seq);
    if (this.lastChange.size > CHANGE_RECORD_LIMIT) {
      this.lastChange.clear();
      this.floor = this.seq;
    }
    const keys = this.keysByUser.get(userId);
    if (keys) for (const key of [...keys]) this.remove(key);
    for (const key of [...this.globalKeys]) this.remove(key);
  }

  /** Notices flow (true) or may be lost (false): either way everything kept so far goes. */
  setLive(live: boolean): void {
    this.clear();
    this.live = live && this.maxBytes > 0;
  }

  clear(): void {
    this.seq += 1;
    this.floor = this.seq;
    this.lastChange.clear();
    this.entries.clear();
    this.keysByUser.clear();
    this.globalKeys.clear();
    this.bytes = 0;
  }

  stats(): ListCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses, live: this.live };
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length + key.length * 2;
    const keys = this.keysByUser.get(entry.userId);
    if (keys) {
      keys.delete(key);
      if (keys.size === 0) this.keysByUser.delete(entry.userId);
    }
    this.globalKeys.delete(key);
  }
}
