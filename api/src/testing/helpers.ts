/* eslint-disable @typescript-eslint/no-explicit-any -- test response bodies are inspected dynamically */
// Test helpers: a real API on a random port over a real database.
//
//   const t = await startTestApp();            // fresh PGlite in a temp dir, or a fresh
//                                              // database on TEST_DATABASE_URL's server
//   afterAll(() => t.close());
//   const alice = await t.registerUser();       // { id, email, password, token, refreshCookie }
//   const admin = await t.createSuperuser();
//   const res = await t.request('GET', '/api/v1/users/me', { token: alice.token });
//   expect(res.status).toBe(200); res.body.email
//   const ws = await t.openSocket('/ws/connect?channels=jobs', alice.token);
//   await ws.next((m) => m.event === 'connected');
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { upsertSuperuser } from '../modules/users/service';
import type { App } from '../types';
import { testTmpRoot } from './databases';

export const TEST_PASSWORD = 'Granite-Quarry-42x';
export const isPostgresRun = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K] };

export function testConfig(overrides: DeepPartial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test' });
  const merged: Config = {
    ...base,
    host: '127.0.0.1',
    port: 0,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 },
    corsOrigins: ['http://localhost:3000'],
    rateLimits: {
      ...base.rateLimits,
      loginPerIp: 1000,
      loginPerAccount: 1000,
      registerPerIp: 1000,
      contactPerIp: 1000,
      feedbackPerUser: 1000,
    },
    admin: { email: null, password: null },
  };
  for (const [k, v] of Object.entries(overrides)) {
    const current = (merged as unknown as Record<string, unknown>)[k];
    (merged as unknown as Record<string, unknown>)[k] =
      v && typeof v === 'object' && !Array.isArray(v) && current && typeof current === 'object'
        ? { ...current, ...v }
        : v;
  }
  return merged;
}

/**
 * A fresh, empty database: a temp data dir (PGlite) or a new database on TEST_DATABASE_URL,
 * each a copy of the migrated template the globalSetup made (global-setup.ts) when there is one.
 */
export async function createTestDatabase(): Promise<{ dataDir: string; databaseUrl: string | null; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(testTmpRoot(), 'quarry-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = process.env.QUARRY_TEST_PG_TEMPLATE;
    if (template && existsSync(template)) cpSync(template, path.join(dataDir, 'pg'), { recursive: true });
    return { dataDir, databaseUrl: null, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `quarry_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = process.env.QUARRY_TEST_PG_SERVER_TEMPLATE;
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  /** `quarry_refresh=...` ready for a Cookie header */
  refreshCookie: string;
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
  /** Set-Cookie headers */
  cookies: string[];
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  /** form-encoded body */
  form?: Record<string, string>;
  /** raw body (with headers['content-type']) */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  cookie?: string;
}

export interface TestSocket {
  ws: WebSocket;
  messages: any[];
  /** resolves with the first message (already received or future) matching the predicate */
  next(predicate?: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
  send(obj: unknown): void;
  close(): Promise<void>;
}

export interface TestApp {
  app: App;
  config: Config;
  baseUrl: string;
  wsUrl: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  registerUser(opts?: { email?: string; password?: string; full_name?: string }): Promise<TestUser>;
  login(email: string, password: string): Promise<TestResponse>;
  createSuperuser(): Promise<TestUser>;
  /** `autoPong` (default true) answers server pings like the real client does */
  openSocket(pathAndQuery: string, token?: string | null, options?: { protocols?: string[]; autoPong?: boolean }): Promise<TestSocket>;
  close(): Promise<void>;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user'): string =>
  `${prefix}-${Date.now().toString(36)}-${(counter += 1)}-${randomBytes(3).toString('hex')}@example.com`;

export const refreshCookieFrom = (cookies: string[]): string | null => {
  for (const c of cookies) {
    const m = /^quarry_refresh=([^;]*)/.exec(c);
    if (m && m[1]) return `quarry_refresh=${m[1]}`;
  }
  return null;
};

export const authProtocol = (token: string): string => `auth.${Buffer.from(token, 'utf8').toString('base64url')}`;

export async function startTestApp(
  overrides: DeepPartial<Config> = {},
  db?: { dataDir: string; databaseUrl: string | null; drop(): Promise<void> },
  buildOptions: BuildOptions = {},
): Promise<TestApp> {
  const database = db ?? (await createTestDatabase());
  const ownsDb = !db;
  const config = testConfig({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, ...overrides });
  let app: App;
  try {
    app = await buildApp(config, buildOptions);
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    if (ownsDb) await database.drop().catch(() => undefined);
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}`;
  const sockets = new Set<WebSocket>();

  const request = async <T = any>(method: string, p: string, o: RequestOptions = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    let body: string | Buffer | undefined;
    if (o.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(o.json);
    } else if (o.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(o.form).toString();
    } else if (o.raw !== undefined) {
      body = o.raw;
    }
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.cookie) headers.cookie = o.cookie;
    const res = await fetch(baseUrl + p, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text, cookies: res.headers.getSetCookie() };
  };

  const login = (email: string, password: string) =>
    request('POST', '/api/v1/auth/login', { form: { username: email, password } });

  const registerUser: TestApp['registerUser'] = async (opts = {}) => {
    const email = opts.email ?? uniqueEmail();
    const password = opts.password ?? TEST_PASSWORD;
    const res = await request('POST', '/api/v1/users/register', {
      json: { email, password, ...(opts.full_name ? { full_name: opts.full_name } : {}) },
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
    return {
      id: res.body.user.id,
      email: res.body.user.email,
      password,
      token: res.body.access_token,
      refreshCookie: refreshCookieFrom(res.cookies) ?? '',
    };
  };

  const createSuperuser: TestApp['createSuperuser'] = async () => {
    const email = uniqueEmail('admin');
    await upsertSuperuser(app.database.db, {
      email,
      passwordHash: await app.passwords.hash(TEST_PASSWORD),
      resetPassword: true,
      initialCredits: config.initialCreditBalance,
    });
    const res = await login(email, TEST_PASSWORD);
    if (res.status !== 200) throw new Error(`superuser login failed: ${res.status} ${res.text}`);
    const me = await request('GET', '/api/v1/users/me', { token: res.body.access_token });
    return {
      id: me.body.id,
      email,
      password: TEST_PASSWORD,
      token: res.body.access_token,
      refreshCookie: refreshCookieFrom(res.cookies) ?? '',
    };
  };

  const openSocket: TestApp['openSocket'] = (pathAndQuery, token, options = {}) =>
    connectSocket(wsUrl + pathAndQuery, options.protocols ?? (token ? [authProtocol(token)] : []), {
      registry: sockets,
      autoPong: options.autoPong ?? true,
    });

  return {
    app,
    config,
    baseUrl,
    wsUrl,
    request,
    registerUser,
    login,
    createSuperuser,
    openSocket,
    async close() {
      for (const s of sockets) s.terminate();
      await app.close();
      if (ownsDb) await database.drop();
    },
  };
}

/** Opens a real WebSocket client and records every message. Resolves once open (or closed). */
export function connectSocket(
  url: string,
  protocols: string[],
  options: { registry?: Set<WebSocket>; autoPong?: boolean } = {},
): Promise<TestSocket> {
  const { registry, autoPong = true } = options;
  const ws = new WebSocket(url, protocols);
  registry?.add(ws);
  const messages: any[] = [];
  const waiters: { predicate: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (data) => {
    let m: any;
    try {
      m = JSON.parse(data.toString());
    } catch {
      m = { raw: data.toString() };
    }
    messages.push(m);
    if (autoPong && m?.event === 'ping') ws.send(JSON.stringify({ event: 'pong' }));
    for (const w of [...waiters]) {
      if (w.predicate(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      registry?.delete(ws);
      resolve({ code, reason: reason.toString() });
    });
  });
  ws.on('error', () => undefined);
  const socket: TestSocket = {
    ws,
    messages,
    closed,
    next(predicate = () => true, timeoutMs = 5000) {
      const seen = messages.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const i = waiters.findIndex((w) => w.resolve === done);
          if (i >= 0) waiters.splice(i, 1);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const done = (m: any) => {
          clearTimeout(timer);
          resolve(m);
        };
        waiters.push({ predicate, resolve: done });
      });
    },
    send(obj) {
      ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj));
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close(1000);
      await closed;
    },
  };
  return new Promise((resolve) => {
    ws.once('open', () => resolve(socket));
    ws.once('close', () => resolve(socket));
    ws.once('unexpected-response', () => resolve(socket));
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
