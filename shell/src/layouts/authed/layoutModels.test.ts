import type { UIMatch } from 'react-router';
import { breadcrumbItems } from './breadcrumbs';
import { creditsCardModel } from './credits';
import { isLinkActive, sidebarLinks } from './navModel';

describe('sidebarLinks', () => {
  it('lists the spec links in order, Admin only for a superuser', () => {
    const user = sidebarLinks(false).map((l) => [l.label, l.to]);
    expect(user).toEqual([
      ['Files & Datasets', '/files'],
      ['Prompts', '/prompts'],
      ['Jobs', '/jobs'],
      ['1. OCR', '/jobs/ocr'],
      ['2. Chunking', '/jobs/chunking'],
      ['3. Extraction', '/jobs/extraction'],
      ['Account', '/account'],
      ['Settings', '/settings'],
    ]);
    expect(sidebarLinks(true).map((l) => l.to)).toEqual([...user.map(([, to]) => to), '/admin']);
  });

  it('marks Jobs active only on the hub, the stages on their own paths', () => {
    const [, , jobs, ocr] = sidebarLinks(false);
    expect(isLinkActive(jobs!, '/jobs')).toBe(true);
    expect(isLinkActive(jobs!, '/jobs/ocr')).toBe(false);
    expect(isLinkActive(ocr!, '/jobs/ocr/123')).toBe(true);
    expect(isLinkActive(sidebarLinks(false)[0]!, '/files/abc/edit-chunks')).toBe(true);
    expect(isLinkActive(sidebarLinks(false)[0]!, '/files-old')).toBe(false);
  });
});

describe('creditsCardModel', () => {
  it.each([
    [0, true, 'Low balance', '0'],
    [99, true, 'Low balance', '99'],
    [100, true, 'Low balance', '100'],
    [101, false, 'Current balance', '101'],
    [12500, false, 'Current balance', '12,500'],
    [-5, true, 'Low balance', '-5'],
  ])('%p credits → low=%p "%s"', (balance, low, label, display) => {
    expect(creditsCardModel(balance)).toEqual({ low, label, display });
  });

  it('is neither low nor shown while unknown', () => {
    expect(creditsCardModel(undefined)).toEqual({ low: false, label: 'Current balance', display: null });
    expect(creditsCardModel(Number.NaN).display).toBeNull();
  });
});

describe('breadcrumbItems', () => {
  const match = (pathname: string, handle?: unknown, params: Record<string, string> = {}) =>
    ({ id: pathname, pathname, params, data: undefined, loaderData: undefined, handle }) as unknown as UIMatch<unknown, unknown>;

  it('takes fixed and computed crumbs in order and skips routes without one', () => {
    const items = breadcrumbItems([
      match('/', undefined),
      match('/', undefined),
      match('/jobs', { crumb: 'Jobs' }),
      match('/jobs/ocr', { crumb: 'OCR Jobs' }),
      match('/jobs/ocr/42', { crumb: ({ params }: { params: Record<string, string> }) => `Job ${params.jobId}` }, { jobId: '42' }),
    ]);
    expect(items).toEqual([
      { label: 'Jobs', href: '/jobs' },
      { label: 'OCR Jobs', href: '/jobs/ocr' },
      { label: 'Job 42', href: '/jobs/ocr/42' },
    ]);
  });

  it('shows a label repeated by a nested route once', () => {
    expect(breadcrumbItems([match('/files', { crumb: 'Files & Datasets' }), match('/files/', { crumb: 'Files & Datasets' })])).toEqual([
      { label: 'Files & Datasets', href: '/files/' },
    ]);
  });

  it('is empty without crumbs', () => {
    expect(breadcrumbItems([match('/', {})])).toEqual([]);
  });
});
