// The fake API: a real local HTTP server standing in for the API, so the client's fetch/XHR
// logic runs for real. Tests only (exported by `@quarry/shared/testing`).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export interface FakeResponse {
  status?: number;
  statusText?: string;
  body?: unknown;
  /** Sent as is (not JSON). */
  raw?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Destroy the socket instead of answering (a network failure). */
  destroy?: boolean;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeApi {
  origin: string;
  baseUrl: string;
  requests: FakeRequest[];
  count(method: string, path: string): number;
  close(): Promise<void>;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization',
};

export async function startFakeApi(handler: FakeHandler): Promise<FakeApi> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method === 'OPTIONS') {
          res.writeHead(204, CORS).end();
          return;
        }
        const url = new URL(req.url ?? '/', 'http://localhost');
        const body = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = body ? JSON.parse(body) : undefined;
        } catch {
          json = undefined;
        }
        const fake: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, json };
        requests.push(fake);
        const out = await handler(fake);
        if (out.delayMs) await new Promise((r) => setTimeout(r, out.delayMs));
        if (out.destroy) {
          req.socket.destroy();
          return;
        }
        const status = out.status ?? 200;
        if (out.raw !== undefined) {
          res.writeHead(status, out.statusText ?? '', { ...CORS, 'Content-Type': 'text/plain', ...out.headers }).end(out.raw);
        } else if (out.body === undefined) {
          res.writeHead(status, out.statusText ?? '', { ...CORS, ...out.headers }).end();
        } else {
          res.writeHead(status, out.statusText ?? '', { ...CORS, 'Content-Type': 'application/json', ...out.headers }).end(JSON.stringify(out.body));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v1/`,
    requests,
    count: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Map-backed Storage for node-environment tests. */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}
