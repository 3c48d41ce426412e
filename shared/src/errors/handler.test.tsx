import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorDialogHost } from '../ui/ErrorDialogHost';
import { system } from '../ui/system';
import { toaster } from '../ui/toaster';
import { AppError, errorFromResponse } from './app-error';
import { ERROR_TITLES, backoffDelay, closeErrorDialog, getErrorDialog, handleError, retryWithBackoff, runWithErrorHandling } from './handler';

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  closeErrorDialog();
});

describe('back-off', () => {
  it('starts at 1 s, doubles, caps at 10 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a))).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('retries a retryable failure at most 3 times, waiting 1 s, 2 s, 4 s', async () => {
    jest.useFakeTimers();
    const fn = jest.fn(async () => {
      throw errorFromResponse(503, { detail: 'busy' });
    });
    const waits: number[] = [];
    const result = retryWithBackoff(fn, { onBackoff: ({ delayMs }) => waits.push(delayMs) });
    const settled = result.catch((e: unknown) => e);
    expect(fn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(fn).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(4000);
    expect(fn).toHaveBeenCalledTimes(4);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(4);
    const error = (await settled) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('busy');
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('does not retry an error that is not retryable', async () => {
    const fn = jest.fn(async () => {
      throw errorFromResponse(422, { detail: 'bad' });
    });
    await expect(retryWithBackoff(fn)).rejects.toMatchObject({ status: 422 });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('resolves as soon as an attempt succeeds', async () => {
    jest.useFakeTimers();
    let calls = 0;
    const result = retryWithBackoff(async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return 'ok';
    });
    await jest.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toBe('ok');
    expect(calls).toBe(3);
  });

  it('stops waiting when aborted', async () => {
    const controller = new AbortController();
    const result = retryWithBackoff(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('handleError', () => {
  it('classifies and shows an error toast by default (5 s), with Retry when given', () => {
    const create = jest.spyOn(toaster, 'create');
    const retry = jest.fn();
    const e = handleError(errorFromResponse(500, {}), { onRetry: retry });
    expect(e.kind).toBe('system');
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        title: ERROR_TITLES.system,
        description: 'A system error occurred. Please try again or contact support.',
        duration: 5000,
        action: { label: 'Retry', onClick: retry },
      }),
    );
  });

  it('uses a given title and message, and shows nothing for cancellations or in silent mode', () => {
    const create = jest.spyOn(toaster, 'create');
    handleError(new TypeError('Failed to fetch'), { title: 'Delete Failed' });
    expect(create).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Delete Failed', description: expect.stringMatching(/^Network connection error/) }));
    create.mockClear();
    handleError(new DOMException('aborted', 'AbortError'));
    handleError(new Error('x'), { mode: 'silent' });
    expect(create).not.toHaveBeenCalled();
  });

  it('modal mode opens the error dialog, with Retry', async () => {
    const retry = jest.fn();
    render(
      <ChakraProvider value={system}>
        <ErrorDialogHost />
      </ChakraProvider>,
    );
    act(() => {
      handleError(errorFromResponse(403, {}), { mode: 'modal', onRetry: retry });
    });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('You do not have permission to perform this action.');
    expect(screen.getByRole('alertdialog')).toHaveTextContent(ERROR_TITLES.authorization);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(getErrorDialog()).toBeNull();
  });

  it('runWithErrorHandling reports the final failure and resolves undefined', async () => {
    const create = jest.spyOn(toaster, 'create');
    await expect(runWithErrorHandling(async () => { throw errorFromResponse(404, { detail: 'Prompt not found' }); }, { title: 'Failed to load prompts' })).resolves.toBeUndefined();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: 'Failed to load prompts', description: 'Prompt not found' }));
    await expect(runWithErrorHandling(async () => 5)).resolves.toBe(5);
  });
});
