import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RemoteLoader, type FederationRuntime } from '../federation/remoteLoader';
import { RemoteLoaderContext } from '../federation/RemoteLoaderContext';
import { defaultRemoteUrls } from '../federation/remotesConfig';
import { RemoteArea } from './RemoteArea';

function setup(outcomes: Array<() => Promise<unknown>>) {
  const runtime: FederationRuntime = {
    registerRemotes: () => {},
    loadRemote: <T,>() => {
      const next = outcomes.shift();
      if (!next) return new Promise<T | null>(() => {});
      return next() as Promise<T | null>;
    },
  };
  const loader = new RemoteLoader(defaultRemoteUrls(), runtime);
  render(
    <ChakraProvider value={defaultSystem}>
      <RemoteLoaderContext.Provider value={loader}>
        <RemoteArea remote="files" />
      </RemoteLoaderContext.Provider>
    </ChakraProvider>,
  );
  return loader;
}

const fail = async () => {
  throw new Error('connection refused');
};

describe('RemoteArea', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows loading, then the friendly still-loading state when the remote is down', async () => {
    setup([fail]);
    expect(screen.getByTestId('remote-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('remote-unavailable')).toHaveTextContent('still loading');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('retries on its own with back-off before waiting for the user', async () => {
    const loader = setup([fail, fail, async () => ({ default: { name: 'mf-files', version: '1', routes: [] } })]);
    await screen.findByTestId('remote-unavailable');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    await screen.findByTestId('remote-unavailable');
    expect(loader.get('files')).toBeUndefined();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(loader.get('files')).toBeDefined();
  });

  it('Try Again loads the remote once it is back', async () => {
    const loader = setup([fail, async () => ({ default: { name: 'mf-files', version: '1', routes: [] } })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(loader.get('files')?.name).toBe('mf-files');
  });
});
