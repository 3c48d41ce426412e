// For component tests on jest's fake clock (jest.useFakeTimers) against the fake API.
import type { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { setTimeout as realDelay } from 'node:timers/promises';

/**
 * On the fake clock, findBy/waitFor only move the fake clock, while the calls a timer or a click
 * starts are real HTTP: this waits in real time until every query and mutation of `client` has
 * its answer, then runs what is due now (TanStack Query tells its observers in a zero-delay
 * timer), all inside act. Gives up after about 5 s of real time.
 */
export async function callsAnswered(client: QueryClient): Promise<void> {
  await act(async () => {
    // counted, not timed: Date and performance are fake too
    // Idle twice in a row, with what is due run in between: an answer's observers may start
    // the next call (an invalidation, a dependent query), and one idle look can come before it.
    let rounds = 0;
    let idle = 0;
    while (idle < 2) {
      await realDelay(20);
      if (++rounds > 250) throw new Error('callsAnswered: calls still in flight after 5 s');
      await jest.advanceTimersByTimeAsync(0);
      idle = client.isFetching() + client.isMutating() > 0 ? 0 : idle + 1;
    }
  });
}
