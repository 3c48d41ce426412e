// A local HTTP server for provider contract tests: records every request (method, path,
// query, headers, JSON body) and answers what the test's handler says: a status, a JSON or raw
// body, headers, a delay, or no answer at all (to test timeouts).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  at: number;
}

export interface FakeResponse {
  status?: number;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** never answer (the client must time out) */
  hang?: boolean;
}

export type FakeHandler = (req: RecordedRequest, index: number) => FakeResponse | Promise<FakeResponse>;

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        body,
        at: Date.now(),
      };
      const index = requests.push(recorded) - 1;
      let answer: FakeResponse;
      try {
        answer = await handler(recorded, index);
      } catch (e) {
        answer = { status: 599, body: `fake handler threw: ${(e as Error).message}` };
      }
      if (answer.hang) return;
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      const text = answer.body ?? (answer.json !== undefined ? JSON.stringify(answer.json) : '');
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.body !== undefined ? 'text/plain' : 'application/json',
        ...answer.headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
