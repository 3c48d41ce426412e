import { defaultRemoteUrls, fetchRemotesConfig, parseRemotesConfig } from './remotesConfig';

const defaults = defaultRemoteUrls({ protocol: 'http:', hostname: 'localhost' } as Location);

describe('parseRemotesConfig', () => {
  it('uses the default local ports when nothing is configured', () => {
    expect(defaults).toEqual({
      marketing: 'http://localhost:3001/mf-manifest.json',
      files: 'http://localhost:3002/mf-manifest.json',
      promptsSchemas: 'http://localhost:3003/mf-manifest.json',
      jobs: 'http://localhost:3004/mf-manifest.json',
      admin: 'http://localhost:3005/mf-manifest.json',
    });
  });

  it('takes every well-formed URL from the file', () => {
    const { urls, problems } = parseRemotesConfig(
      { remotes: { files: 'https://cdn.example.com/files/mf-manifest.json', jobs: '/jobs/mf-manifest.json' } },
      defaults,
    );
    expect(problems).toEqual([]);
    expect(urls.files).toBe('https://cdn.example.com/files/mf-manifest.json');
    expect(urls.jobs).toBe(`${window.location.origin}/jobs/mf-manifest.json`);
    expect(urls.marketing).toBe(defaults.marketing);
  });

  it.each([null, 'text', 42, [], {}, { remotes: 'nope' }])('falls back to defaults for a malformed file: %p', (raw) => {
    const { urls, problems } = parseRemotesConfig(raw, defaults);
    expect(urls).toEqual(defaults);
    expect(problems).toHaveLength(1);
  });

  it('keeps the default for a value that is not a URL and says so', () => {
    const { urls, problems } = parseRemotesConfig({ remotes: { admin: 17, files: '' } }, defaults);
    expect(urls.admin).toBe(defaults.admin);
    expect(urls.files).toBe(defaults.files);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('"files"');
  });
});

describe('fetchRemotesConfig', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  afterAll(() => warn.mockRestore());

  it('never throws: an HTTP error, bad JSON or a network failure give the defaults', async () => {
    const local = defaultRemoteUrls();
    const notFound = (async () => new Response('nope', { status: 404 })) as typeof fetch;
    const badJson = (async () => new Response('{not json', { status: 200 })) as typeof fetch;
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(fetchRemotesConfig(notFound)).resolves.toEqual(local);
    await expect(fetchRemotesConfig(badJson)).resolves.toEqual(local);
    await expect(fetchRemotesConfig(down)).resolves.toEqual(local);
  });

  it('reads /remotes.json without caching', async () => {
    const calls: [RequestInfo | URL, RequestInit | undefined][] = [];
    const ok = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([input, init]);
      return new Response(JSON.stringify({ remotes: { files: 'http://files.example/mf-manifest.json' } }));
    }) as typeof fetch;
    const urls = await fetchRemotesConfig(ok);
    expect(calls[0]?.[0]).toBe('/remotes.json');
    expect(calls[0]?.[1]?.cache).toBe('no-store');
    expect(urls.files).toBe('http://files.example/mf-manifest.json');
  });
});
