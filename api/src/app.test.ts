// Platform behaviour: health, docs, error shapes, CORS, headers, bad input of every kind.
import { startTestApp, type TestApp } from './testing/helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.registerUser()).token;
});
afterAll(() => t.close());

describe('platform', () => {
  test('health answers with the database kind', async () => {
    const res = await t.request('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  test('unknown routes answer 404 {"detail":"Not Found"}', async () => {
    for (const p of ['/api/v1/nope', '/nope', '/api/v2/users/me']) {
      const res = await t.request('GET', p);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not Found' });
    }
    const del = await t.request('DELETE', '/api/v1/users/me', { token });
    expect(del.status).toBe(404);
  });

  test('OpenAPI JSON and Swagger UI are served at /api/docs', async () => {
    const json = await t.request('GET', '/api/docs/json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(json.body.paths);
    for (const p of [
      '/api/v1/users/register',
      '/api/v1/auth/login',
      '/api/v1/users/me',
      '/api/v1/users/me/resource-limits',
      '/api/v1/credit-requests/',
      '/api/v1/admin/credit-requests/{id}/review',
      '/api/v1/admin/resource-types',
      '/api/v1/feedback/',
      '/api/v1/contact',
      '/api/v1/test/websocket-notification',
    ]) {
      expect(paths).toContain(p);
    }
    // request schemas made it into the document
    const register = json.body.paths['/api/v1/users/register'].post;
    expect(JSON.stringify(register.requestBody)).toContain('password');
    const ui = await t.request('GET', '/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.text.toLowerCase()).toContain('swagger');
  });

  test('both trailing-slash forms work', async () => {
    const a = await t.request('GET', '/api/v1/users/me/', { token });
    const b = await t.request('GET', '/api/v1/credit-requests/my-requests/', { token });
    const c = await t.request('GET', '/api/v1/feedback', { token });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
  });

  test('CORS allows the shell origin with credentials, not others', async () => {
    const pre = await t.request('OPTIONS', '/api/v1/users/me', {
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await t.request('GET', '/api/v1/health', { headers: { origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('security headers are set', async () => {
    const res = await t.request('GET', '/api/v1/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBeTruthy();
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
  });
});

describe('bad input never answers 5xx', () => {
  const feedback = { category: 'bug', message: 'Something broke', url: '/files', user_agent: 'jest' };

  test('malformed JSON answers 400', async () => {
    const res = await t.request('POST', '/api/v1/feedback/', {
      token,
      raw: '{"category": "bug", "message": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/malformed json/i);
  });

  test('prototype pollution keys are refused', async () => {
    const res = await t.request('POST', '/api/v1/feedback/', {
      token,
      raw: '{"category":"bug","message":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  test('wrong types and missing fields answer 422 with the list form', async () => {
    const res = await t.request('POST', '/api/v1/feedback/', { token, json: { category: 5 } });
    expect(res.status).toBe(422);
    expect(Array.isArray(res.body.detail)).toBe(true);
    const locs = res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.category', 'body.message']));
    for (const d of res.body.detail) {
      expect(typeof d.msg).toBe('string');
      expect(typeof d.type).toBe('string');
    }
  });

  test('a body that is not an object answers 422', async () => {
    for (const raw of ['[]', '"text"', '42', 'null']) {
      const res = await t.request('POST', '/api/v1/feedback/', {
        token,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(422);
    }
  });

  test('unknown fields are rejected with 422 extra_forbidden', async () => {
    const res = await t.request('POST', '/api/v1/feedback/', { token, json: { ...feedback, is_admin: true } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ['body', 'is_admin'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }]);
  });

  test('oversized bodies answer 413', async () => {
    const res = await t.request('POST', '/api/v1/feedback/', {
      token,
      json: { ...feedback, message: 'x'.repeat(t.config.bodyLimitBytes + 10) },
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/too large/i);
  });

  test('unsupported content types answer 415', async () => {
    const res = await t.request('POST', '/api/v1/feedback/', {
      token,
      raw: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.status).toBe(415);
  });

  test('NUL characters and lone surrogates answer 422, nothing stored', async () => {
    const before = (await t.request('GET', '/api/v1/feedback/', { token })).body.total_count;
    const nul = await t.request('POST', '/api/v1/feedback/', { token, json: { ...feedback, message: 'a\u0000b' } });
    expect(nul.status).toBe(422);
    expect(nul.body.detail[0].loc).toEqual(['body', 'message']);
    const lone = await t.request('POST', '/api/v1/feedback/', {
      token,
      raw: '{"category":"bug","message":"bad \\ud800 surrogate"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(lone.status).toBe(422);
    const after = (await t.request('GET', '/api/v1/feedback/', { token })).body.total_count;
    expect(after).toBe(before);
  });

  test('SQL and script in strings are stored verbatim, and unicode survives', async () => {
    const message = "'); DROP TABLE users; -- <script>alert(1)</script> 🚀 ñ 中文 \u200b";
    const res = await t.request('POST', '/api/v1/feedback/', { token, json: { ...feedback, message } });
    expect(res.status).toBe(201);
    const got = await t.request('GET', `/api/v1/feedback/${res.body.id}`, { token });
    expect(got.body.message).toBe(message.trim());
    expect((await t.request('GET', '/api/v1/users/me', { token })).status).toBe(200);
  });

  test('huge numbers and bad query values answer 422', async () => {
    const big = await t.request('POST', '/api/v1/credit-requests/', {
      token,
      raw: '{"amount": 1e400, "usage_purpose": "other", "project_description": "' + 'x'.repeat(60) + '"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(422);
    for (const q of ['limit=abc', 'limit=-1', 'offset=99999999999999999999', 'limit=1e3']) {
      const res = await t.request('GET', `/api/v1/feedback/?${q}`, { token });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc[0]).toBe('query');
    }
  });

  test('a malformed id in the path answers 422; an unknown one 404', async () => {
    const bad = await t.request('GET', "/api/v1/feedback/1' OR '1'='1", { token });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['path', 'id']);
    const missing = await t.request('GET', '/api/v1/feedback/00000000-0000-4000-8000-000000000000', { token });
    expect(missing.status).toBe(404);
  });

  test('the server keeps serving after all of that', async () => {
    const res = await t.request('GET', '/api/v1/health');
    expect(res.status).toBe(200);
  });
});
