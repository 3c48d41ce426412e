import { authPageHref, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('defaults to /files', () => {
    expect(safeRedirect(null)).toBe('/files');
    expect(safeRedirect('')).toBe('/files');
  });

  it('keeps paths of this app with their search and hash', () => {
    expect(safeRedirect('/prompts')).toBe('/prompts');
    expect(safeRedirect('/jobs/ocr?status=failed#top')).toBe('/jobs/ocr?status=failed#top');
  });

  it('refuses other origins and odd forms', () => {
    for (const bad of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', 'files']) {
      expect(safeRedirect(bad)).toBe('/files');
    }
  });

  it('never sends back to the auth pages', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/files');
    expect(safeRedirect('/logout')).toBe('/files');
    expect(safeRedirect('/signup')).toBe('/files');
  });
});

describe('authPageHref', () => {
  it('carries a non-default destination', () => {
    expect(authPageHref('/signup', '/prompts')).toBe('/signup?redirect=%2Fprompts');
    expect(authPageHref('/login', null)).toBe('/login');
    expect(authPageHref('/login', '/files')).toBe('/login');
  });
});
