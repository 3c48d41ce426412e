// The per-address login limit is keyed on the client's address from X-Forwarded-For only
// when the request comes from a trusted proxy (TRUST_PROXY); from any other peer a forged
// header changes nothing. The tests connect from 127.0.0.1.
import { loadConfig } from '../../config';
import { startTestApp, uniqueEmail, type TestApp } from '../../testing/helpers';

const LIMIT = 3;
const attempt = (t: TestApp, forwardedFor: string) =>
  t.request('POST', '/api/v1/auth/login', {
    form: { username: uniqueEmail('proxy'), password: 'Wrong-Password-1' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

async function statuses(t: TestApp, forwardedFor: (i: number) => string, n = LIMIT + 1): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await attempt(t, forwardedFor(i))).status);
  return out;
}

describe.each([
  ['not trusted at all (TRUST_PROXY=false)', false as const],
  ['another address is the proxy (TRUST_PROXY=10.9.9.9)', '10.9.9.9'],
])('peer %s', (_name, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ trustProxy, rateLimits: { loginPerIp: LIMIT, loginPerAccount: 1000, windowSeconds: 60 } });
  });
  afterAll(() => t.close());

  test('a different forged X-Forwarded-For on every attempt does not escape the per-address limit', async () => {
    expect(await statuses(t, (i) => `203.0.113.${i + 1}`)).toEqual([401, 401, 401, 429]);
  });
});

describe('through the trusted proxy (loopback, the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: 'loopback', rateLimits: { loginPerIp: LIMIT, loginPerAccount: 1000, windowSeconds: 60 } });
  });
  afterAll(() => t.close());

  test('each client address the proxy reports has its own limit', async () => {
    expect(await statuses(t, () => '198.51.100.7')).toEqual([401, 401, 401, 429]);
    expect((await attempt(t, '198.51.100.8')).status).toBe(401);
  });

  test('what a client wrote in front of the proxy\'s entry is ignored: only the address the proxy saw counts', async () => {
    // the proxy appends the address it saw; the client forges the part before it
    expect(await statuses(t, (i) => `192.0.2.${i + 1}, 198.51.100.9`)).toEqual([401, 401, 401, 429]);
  });
});

test('TRUST_PROXY is parsed strictly', () => {
  expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(loadConfig({}).trustProxy).toBe('loopback');
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.0/8,loopback');
  expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
});
