// Opening the database: embedded PGlite (default, data in DATA_DIR/pg, guarded by a
// lockfile) or a PostgreSQL server (DATABASE_URL). Same schema, same migrations.
//
// Usage in a module: `const { db } = app.database;` then drizzle as usual, e.g.
//   await db.select().from(users).where(eq(users.id, id));
//   await db.transaction(async (tx) => { ... });
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { embeddedPaths, type Config } from '../config';
import { DatabaseUnavailableError, isStorageFullError } from '../lib/errors';
import { migrationsFolder } from '../paths';
import { acquireDataDirLock } from './lock';
import { PgliteThreadClient } from './pglite-client';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (`db.transaction(async (tx) => ...)`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: service functions accept this. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** set for kind === 'postgres' (realtime opens its own LISTEN connection with it) */
  connectionString: string | null;
  /**
   * Calls `listener` with the user id of every change a cached list depends on (the triggers
   * of migration 0013 NOTIFY LIST_CHANGES_CHANNEL) that this process's connections see: its own
   * writes, each before the query that committed it settles, so nothing in this process can
   * read the change before the listener has run. Another process's writes are seen by an idle
   * pool connection at best: they need a listener of their own (PgListener).
   */
  onListChange(listener: (userId: string) => void): () => void;
  close(): Promise<void>;
}

/** The channel the list-change triggers (migration 0013) NOTIFY, with the owner's user id as payload. */
export const LIST_CHANGES_CHANNEL = 'quarry_list_changes';

function listChangeListeners(): { add: Database['onListChange']; emit: (userId: string) => void } {
  const listeners = new Set<(userId: string) => void>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(userId) {
      for (const listener of listeners) listener(userId);
    },
  };
}

/** How long a request waits for a connection to the PostgreSQL server before it fails. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Arbitrary 64-bit key for pg_advisory_lock around migrations (several API processes may start together). */
const MIGRATION_LOCK_KEY = 7_420_113_001;

export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.dbPoolMax) : openPglite(config);
}

async function openPglite(config: Config): Promise<Database> {
  const { pgDir, lockFile } = embeddedPaths(config);
  const release = acquireDataDirLock(lockFile);
  let client: PgliteThreadClient | null = null;
  try {
    // PGlite computes in a worker thread of its own (pglite-client.ts): a long query or a
    // loop of them never holds the HTTP requests and WebSocket messages of this thread
    client = new PgliteThreadClient(pgDir);
    await client.waitReady;
    const broken = guardAgainstDiskFailure(client);
    // drizzle's pglite driver takes any client with PGlite's query / exec / transaction
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    // one session: PGlite hands a transaction's notices to its listeners, and its thread posts
    // them, before the answer of the query that committed it
    const changes = listChangeListeners();
    await client.listen(LIST_CHANGES_CHANNEL, (payload) => {
      if (payload) changes.emit(payload);
    });
    const opened = client;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      connectionString: null,
      onListChange: changes.add,
      async close() {
        try {
          // a PGlite whose disk failed never answers again: its thread is ended without a word
          await opened.close(!broken());
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    release();
    throw err;
  }
}

/**
 * Once a write of the embedded PostgreSQL failed for lack of disk space (53100, ENOSPC), its
 * WebAssembly engine never answers again: the next query spins its thread for good. From that
 * error on, every query fails at once with DatabaseUnavailableError (503 with the reason,
 * lib/errors.ts) instead of waiting for ever; the API has to be restarted once space is freed.
 * The disk reserve (storage/disk-space.ts) keeps the API's own writes from getting there.
 * Returns the reason once broken, else null.
 */
function guardAgainstDiskFailure(client: PgliteThreadClient): () => string | null {
  let broken: string | null = null;
  const fail = (err: unknown) => {
    if (!broken && isStorageFullError(err)) {
      broken = 'the embedded database could not write: its disk is full (free space in DATA_DIR, then restart the API)';
      console.error(`[db] ${broken}:`, err instanceof Error ? err.message : err);
    }
    throw err;
  };
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = (client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[method]!;
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      if (broken) throw new DatabaseUnavailableError(broken);
      return original.apply(client, args).catch(fail);
    };
  }
  return () => broken;
}

async function openPostgres(connectionString: string, poolMax: number): Promise<Database> {
  // migrations under an advisory lock, on one dedicated connection
  const migrator = new pg.Client({ connectionString });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg(migrator, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await migrator.end();
  }

  // Every pool connection LISTENs for list changes: PostgreSQL sends a session the notices of its
  // own transaction before the COMMIT's answer, so this process's writes reach the list cache
  // before the code that made them goes on. The pool awaits onConnect before it hands a new
  // connection out. Other processes' notices come through PgListener (app.ts).
  const changes = listChangeListeners();
  const listen = async (client: pg.ClientBase): Promise<void> => {
    client.on('notification', (n) => {
      if (n.channel === LIST_CHANGES_CHANNEL && n.payload) changes.emit(n.payload);
    });
    await client.query(`LISTEN ${LIST_CHANGES_CHANNEL}`);
  };
  // An unreachable server fails a request within seconds (503, lib/errors.ts) instead of
  // leaving it waiting for the operating system's TCP timeout.
  const pool = new pg.Pool({ connectionString, max: poolMax, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, onConnect: listen });
  pool.on('error', (err) => {
    // an idle client died (server restart...): the pool replaces it; never crash the process
    console.error('[db] idle PostgreSQL client error:', err.message);
  });
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    connectionString,
    onListChange: changes.add,
    close: () => pool.end(),
  };
}

/**
 * Raw SQL returning rows, whichever driver: `await rows<{ n: number }>(db, sql\`select 1 as n\`)`.
 * (`db.execute` is typed `unknown` on the driver-neutral Db type.)
 */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
