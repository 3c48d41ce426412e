import { setupFakeApiRoutes, type FakeResponse } from '@quarry/shared/testing';
import { TASK_DEADLINE_MS, taskStatus } from './queries';

const ID = '0b0c9a4e-5d0f-4a53-9c4a-111111111111';
const signal = new AbortController().signal;
const fakeApi = setupFakeApiRoutes();
const answer = (response: FakeResponse) => fakeApi.serve({ [`GET /test/llm/status/${ID}`]: () => response });

describe('polling an LLM test task never hangs', () => {
  it('a task that no longer exists is a FAILURE with the reason', async () => {
    answer({ status: 404, body: { detail: 'LLM test result not found' } });
    await expect(taskStatus(ID, Date.now(), signal)).resolves.toEqual({
      task_id: ID,
      status: 'FAILURE',
      result: null,
      traceback: 'The task no longer exists (it was deleted, or the server lost it).',
    });
  });

  it('a task still PENDING past its deadline is a FAILURE; before it, PENDING', async () => {
    const calls = answer({ body: { task_id: ID, status: 'PENDING', result: null, traceback: null } });
    expect((await taskStatus(ID, Date.now(), signal)).status).toBe('PENDING');
    const late = await taskStatus(ID, Date.now() - TASK_DEADLINE_MS - 1, signal);
    expect(late).toMatchObject({ status: 'FAILURE', traceback: 'No answer after 3 minutes: stopped waiting for this task.' });
    expect(calls).toHaveLength(2);
  });

  it('other errors are left to the query (retried), not turned into an answer', async () => {
    answer({ status: 500, body: { detail: 'boom' } });
    await expect(taskStatus(ID, Date.now(), signal)).rejects.toMatchObject({ status: 500 });
  });
});
