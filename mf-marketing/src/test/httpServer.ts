// A real local HTTP server for component tests, and a fetch built on node:http (jsdom has
// no fetch). Requests travel over a real socket, so the shared API client is exercised as is.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Hold the answer until this promise settles (to observe the sending state). */
  hold?: Promise<unknown>;
}

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answers for the next requests, in order; when empty the server answers 404. */
  replies: Reply[];
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const replies: Reply[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = replies.shift() ?? { status: 404, body: { detail: 'Not Found' } };
      void Promise.resolve(reply.hold).finally(() => {
        res.writeHead(reply.status, { 'Content-Type': 'application/json' });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    replies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The part of `fetch` the shared client uses, over node:http. */
export const nodeFetch = ((input: string | URL, init: RequestInit = {}) =>
  new Promise((resolve, reject) => {
    const url = new URL(String(input));
    const headers: Record<string, string> = {};
    new Map(Object.entries((init.headers ?? {}) as Record<string, string>)).forEach((v, k) => (headers[k] = v));
    const req = http.request(url, { method: init.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          headers: {
            get: (name: string) => {
              const v = res.headers[name.toLowerCase()];
              return Array.isArray(v) ? v.join(', ') : (v ?? null);
            },
          },
          text: async () => text,
          json: async () => JSON.parse(text) as unknown,
        });
      });
    });
    req.on('error', reject);
    init.signal?.addEventListener('abort', () => req.destroy(new DOMException('The operation was aborted.', 'AbortError')));
    if (typeof init.body === 'string') req.write(init.body);
    req.end();
  })) as unknown as typeof fetch;
