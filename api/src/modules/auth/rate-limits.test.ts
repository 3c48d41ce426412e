// Rate limits with small numbers: login per address and per account, registration,
// contact. X-Forwarded-For stands for distinct client addresses (loopback is a trusted proxy).
import { startTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../testing/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    rateLimits: { loginPerIp: 5, loginPerAccount: 3, registerPerIp: 2, contactPerIp: 2, windowSeconds: 60 },
  });
});
afterAll(() => t.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const loginFrom = (ip: string, username: string, password = 'Wrong-Password-1') =>
  t.request('POST', '/api/v1/auth/login', { form: { username, password }, headers: from(ip) });

test('login: too many attempts from one address answer 429 with Retry-After; others still get in', async () => {
  for (let i = 0; i < 5; i += 1) {
    expect((await loginFrom('10.0.0.1', uniqueEmail('ip'))).status).toBe(401);
  }
  const limited = await loginFrom('10.0.0.1', uniqueEmail('ip'));
  expect(limited.status).toBe(429);
  expect(limited.body.detail).toMatch(/too many/i);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await loginFrom('10.0.0.2', uniqueEmail('ip'))).status).toBe(401);
});

test('login: too many attempts on one account answer 429, whatever the address', async () => {
  const email = uniqueEmail('acct');
  expect((await loginFrom('10.0.1.1', email)).status).toBe(401);
  expect((await loginFrom('10.0.1.2', email)).status).toBe(401);
  expect((await loginFrom('10.0.1.3', email)).status).toBe(401);
  const limited = await loginFrom('10.0.1.4', email);
  expect(limited.status).toBe(429);
  expect(limited.body.detail).toMatch(/too many/i);
  expect((await loginFrom('10.0.1.4', uniqueEmail('acct'))).status).toBe(401);
});

test('registration is limited per address', async () => {
  const reg = (ip: string) =>
    t.request('POST', '/api/v1/users/register', { json: { email: uniqueEmail(), password: TEST_PASSWORD }, headers: from(ip) });
  expect((await reg('10.0.2.1')).status).toBe(201);
  expect((await reg('10.0.2.1')).status).toBe(201);
  const limited = await reg('10.0.2.1');
  expect(limited.status).toBe(429);
  expect(limited.body.detail).toMatch(/too many/i);
  expect((await reg('10.0.2.2')).status).toBe(201);
});

test('contact is limited per address', async () => {
  const body = { name: 'Ann', email: 'ann@example.com', message: 'Hello there, a question.', contactType: 'support' };
  const send = (ip: string) => t.request('POST', '/api/v1/contact', { json: body, headers: from(ip) });
  expect((await send('10.0.3.1')).status).toBe(201);
  expect((await send('10.0.3.1')).status).toBe(201);
  expect((await send('10.0.3.1')).status).toBe(429);
  expect((await send('10.0.3.2')).status).toBe(201);
});
