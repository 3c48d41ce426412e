// Every error answer is the API's own {"detail": ...} with the security headers, never
// Fastify's default body ({"error","code","message","statusCode"}) and never the raw URL:
// errors found while routing (bad percent-encoding, over-long parameter), Node's parser
// refusals (headers over its limit, malformed HTTP), body and content-type errors, 404s.
import { connect } from 'node:net';
import { startTestApp, type TestApp } from '../testing/helpers';
import { MAX_URL_LENGTH } from './errors';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.registerUser()).token;
});
afterAll(() => t.close());

const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security', 'referrer-policy'];

async function expectApiError(res: Response, status: number, detail?: string | RegExp) {
  const text = await res.text();
  expect(res.status).toBe(status);
  const body = JSON.parse(text);
  expect(Object.keys(body)).toEqual(['detail']);
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else if (detail) expect(body.detail).toMatch(detail);
  expect(text).not.toMatch(/FST_ERR|statusCode/);
  for (const h of SECURITY) expect(res.headers.get(h)).toBeTruthy();
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return text;
}

const get = (p: string, headers: Record<string, string> = {}) => fetch(t.baseUrl + p, { headers: { authorization: `Bearer ${token}`, ...headers } });

test('a bad percent-encoding answers 400 {"detail"} without echoing the URL', async () => {
  for (const p of ['/api/v1/files/%C0%AE%C0%AE', '/api/v1/%ZZ', '/api/v1/datasets/%E0%A4%A']) {
    const text = await expectApiError(await get(p), 400, 'Malformed URL: it contains an invalid percent-encoding');
    expect(text).not.toContain('%');
  }
});

test('an over-long path parameter answers 414 {"detail"}', async () => {
  const long = 'a'.repeat(300);
  const text = await expectApiError(await get(`/api/v1/files/${long}`), 414, 'URL is too long');
  expect(text).not.toContain(long);
});

test(`an over-long URL answers 414 (over ${MAX_URL_LENGTH}) or 431 (over Node's header limit)`, async () => {
  await expectApiError(await get(`/api/v1/health?q=${'a'.repeat(MAX_URL_LENGTH)}`), 414, 'URL is too long');
  await expectApiError(await get(`/api/v1/health?q=${'a'.repeat(20_000)}`), 431, /too large/);
});

test('unknown routes and methods answer 404 {"detail"}', async () => {
  await expectApiError(await get('/api/v1/no-such-thing'), 404, 'Not Found');
  await expectApiError(await get('/nothing/here?x=%ZZ'), 404, 'Not Found');
  await expectApiError(await fetch(`${t.baseUrl}/api/v1/health`, { method: 'PATCH' }), 404, 'Not Found');
});

test('content-type and body errors answer {"detail"}', async () => {
  const post = (headers: Record<string, string>, body: string) => fetch(`${t.baseUrl}/api/v1/auth/login`, { method: 'POST', headers, body });
  await expectApiError(await post({ 'content-type': 'text/xml' }, '<a/>'), 415, 'Unsupported media type');
  await expectApiError(await post({ 'content-type': 'application/json' }, '{bad'), 400, 'Malformed JSON body');
  await expectApiError(await post({ 'content-type': 'no such/type;;' }, 'x'), 415);
  await expectApiError(await post({ 'content-type': 'application/json' }, `{"a":"${'x'.repeat(t.config.bodyLimitBytes)}"}`), 413, 'Request body is too large');
});

test("a request Node's parser refuses answers 400 {\"detail\"} on the socket", async () => {
  const url = new URL(t.baseUrl);
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write('GARBAGE / NOT-HTTP\r\n\r\n'));
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  expect(raw).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
  expect(raw.split('\r\n\r\n')[1]).toBe('{"detail":"Malformed HTTP request"}');
});

test('fuzz: odd URLs, methods and bodies never get Fastify\'s default shape or a 5xx', async () => {
  const paths = [
    '/api/v1/files/%', '/api/v1/files/%%', '/api/v1/files/%u0041', '/api/v1/files/%00', '/api/v1/files/..%2F..%2Fetc',
    '/api/v1/jobs/%FF%FE', '/api/v1/output-schemas/%C0', `/api/v1/prompts/${'b'.repeat(250)}`, '/api/v1//health',
    '/api/v1/files?page=%ZZ', '/api/v1/files?page=-1', '/api/v1/files/not-a-uuid', '/api/v1/users/me/%2e%2e',
    '/api/v1/datasets/%ED%A0%80', '/api/docs/%C0%AE', '/ws/%ZZ',
  ];
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
  const bodies: [string | undefined, string | undefined][] = [
    [undefined, undefined], ['application/json', '[]'], ['application/json', '"x"'], ['text/plain', 'hi'],
    ['application/json', '{"__proto__":{"x":1}}'], ['application/x-www-form-urlencoded', 'a=%ZZ&b'],
  ];
  let count = 0;
  for (const p of paths) {
    for (const m of methods) {
      for (const [type, body] of m === 'GET' || m === 'DELETE' ? [[undefined, undefined] as const] : bodies) {
        const res = await fetch(t.baseUrl + p, {
          method: m,
          headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
          body,
        });
        const text = await res.text();
        count += 1;
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect({ p, m, type, shape: Object.keys(JSON.parse(text)) }).toEqual({ p, m, type, shape: ['detail'] });
          expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        }
      }
    }
  }
  expect(count).toBeGreaterThan(200);
});
