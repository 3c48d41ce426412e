// The fake API of this remote's screen tests (a real local HTTP server, see @quarry/shared/testing),
// answering with whatever handler the test sets. Call `setupFakeApi()` once at the top level of a
// test file: it registers that file's jest hooks (start the server before all; before each test,
// sign in and forget the requests so far; after each, clear the toasts, the given upload store and
// the session; close the server after all).
import { toaster } from '@quarry/shared';
import { signInForTests, signOutForTests, startFakeApi, type FakeApi, type FakeHandler } from '@quarry/shared/testing';
import { act } from '@testing-library/react';

export interface ScreenFakeApi extends FakeApi {
  /** Answers every request from now on with `handler`. */
  answer(handler: FakeHandler): void;
}

export function setupFakeApi({ uploads }: { uploads?: { reset(): void } } = {}): ScreenFakeApi {
  let server: FakeApi | undefined;
  let handler: FakeHandler = () => ({ status: 404, body: { detail: 'Not Found' } });

  beforeAll(async () => {
    server = await startFakeApi((req) => handler(req));
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    signInForTests(running());
    running().requests.length = 0;
  });
  afterEach(() => {
    if (uploads) act(() => uploads.reset());
    act(() => toaster.remove());
    signOutForTests();
  });

  const running = (): FakeApi => {
    if (!server) throw new Error('setupFakeApi(): the server starts in beforeAll; use it inside tests');
    return server;
  };

  return {
    get origin() {
      return running().origin;
    },
    get baseUrl() {
      return running().baseUrl;
    },
    get requests() {
      return running().requests;
    },
    count: (method, path) => running().count(method, path),
    close: () => running().close(),
    answer(next) {
      handler = next;
    },
  };
}
