// The route table over the fake API: the client's real HTTP reaches it (path after /api/v1,
// query, JSON body, Bearer token), unknown routes answer 404 and are recorded, and errors
// come back as the client's AppErrors.
import { z } from 'zod';
import { api } from '../api/client';
import { getAccessToken, getAuthState } from '../auth/session';
import { AppError } from '../errors/app-error';
import { setupFakeApiRoutes } from './fakeApiRoutes';
import { TEST_USER } from './renderRoute';

const fakeApi = setupFakeApiRoutes();

describe('setupFakeApiRoutes', () => {
  it('answers from the table and records each call as the client sent it', async () => {
    const calls = fakeApi.serve({
      'GET /things/': (c) => ({ body: { things: [c.query.get('q')] } }),
      'POST /things/': (c) => ({ status: 201, body: { id: 't1', ...(c.body as object) } }),
    });
    await expect(api.get('things/', { query: { q: 'bolt' }, schema: z.object({ things: z.array(z.string()) }) })).resolves.toEqual({ things: ['bolt'] });
    await expect(api.post('things/', { name: 'Nut' })).resolves.toEqual({ id: 't1', name: 'Nut' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /things/', 'POST /things/']);
    expect(calls[1]!.body).toEqual({ name: 'Nut' });
    expect(calls[1]!.headers.authorization).toBe('Bearer test-access-token');
  });

  it('answers 404 {detail} to a route the table does not name, and records it', async () => {
    const calls = fakeApi.serve({});
    const error = await api.get('nowhere').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(404);
    expect((error as AppError).serverMessage).toBe('Not Found');
    expect(calls.map((c) => c.path)).toEqual(['/nowhere']);
  });

  it('turns an error answer into the AppError the client raises, and a response the schema refuses into one too', async () => {
    fakeApi.serve({ 'PATCH /things/1': () => ({ status: 409, body: { detail: 'Changed since you loaded it' } }), 'GET /things/1': () => ({ body: { id: 1 } }) });
    const conflict = (await api.patch('things/1', {}).catch((e: unknown) => e)) as AppError;
    expect([conflict.status, conflict.serverMessage]).toEqual([409, 'Changed since you loaded it']);
    const invalid = (await api.get('things/1', { schema: z.object({ id: z.string() }) }).catch((e: unknown) => e)) as AppError;
    expect(invalid.message).toBe('The server sent an unexpected response.');
  });

  it('signs the test user in by default, nobody with user: null, and serves URLs outside /api/v1 by their whole path', async () => {
    const calls = fakeApi.serve({ 'GET /files/signed/content': () => ({ raw: 'bytes' }) }, { user: null });
    expect(getAccessToken()).toBeNull();
    expect(getAuthState().user).toBeNull();
    await expect(api.get(fakeApi.url('/files/signed/content'), { responseType: 'text' })).resolves.toBe('bytes');
    expect(calls[0]!.headers.authorization).toBeUndefined();
    fakeApi.serve({});
    expect(getAccessToken()).toBe('test-access-token');
    expect(getAuthState().user).toEqual(TEST_USER);
  });
});
