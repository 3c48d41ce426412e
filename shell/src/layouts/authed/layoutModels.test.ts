import type { UIMatch } from 'react-router';
import { breadcrumbItems } from './breadcrumbs';
import { creditsCardModel } from './credits';
import type { NavEntry } from '@quarry/shared';
import { SHELL_NAV, isLinkActive, navRemotesFor, navSections } from './navModel';

const entry = (to: string, label: string, group: NavEntry['group'], order: number, extra: Partial<NavEntry> = {}): NavEntry => ({ to, label, group, order, ...extra });

describe('navSections', () => {
  const files = [entry('/files', 'Files & Datasets', 'work', 100), entry('/datasets', 'Datasets', 'work', 110)];
  const jobs = [
    entry('/jobs', 'Jobs', 'work', 300, { end: true }),
    entry('/jobs/ocr', '1. OCR', 'work', 310, { nested: true }),
    entry('/chunking-test', 'Chunking Test', 'tools', 200),
  ];
  const admin = [entry('/admin', 'Admin', 'admin', 100, { superuser: true })];

  it("orders the remotes' entries and the shell's own by group and position", () => {
    const sections = navSections([jobs, files], false);
    expect(sections.map((s) => [s.title ?? s.group, s.entries.map((e) => e.label)])).toEqual([
      ['work', ['Files & Datasets', 'Datasets', 'Jobs', '1. OCR']],
      ['Tools', ['Chunking Test', 'WebSocket Test']],
      ['account', ['Account', 'Settings']],
    ]);
  });

  it('shows superuser entries only to a superuser', () => {
    expect(navSections([admin], false).some((s) => s.group === 'admin')).toBe(false);
    expect(navSections([admin], true).at(-1)!.entries.map((e) => e.to)).toEqual(['/admin']);
  });

  it('marks Jobs active only on the hub, the stages on their own paths', () => {
    const [jobsEntry, ocr] = jobs;
    expect(isLinkActive(jobsEntry!, '/jobs')).toBe(true);
    expect(isLinkActive(jobsEntry!, '/jobs/ocr')).toBe(false);
    expect(isLinkActive(ocr!, '/jobs/ocr/123')).toBe(true);
    expect(isLinkActive(files[0]!, '/files/abc/edit-chunks')).toBe(true);
    expect(isLinkActive(files[0]!, '/files-old')).toBe(false);
  });

  it('keeps the shell pages for the remotes the user may load', () => {
    expect(navRemotesFor(false)).toEqual(['files', 'promptsSchemas', 'jobs']);
    expect(navRemotesFor(true)).toContain('admin');
    expect(SHELL_NAV.map((e) => e.label)).toEqual(['Account', 'Settings', 'WebSocket Test']);
  });
});

describe('creditsCardModel', () => {
  it.each([
    [0, true, 'Low balance', '0'],
    [9, true, 'Low balance', '9'],
    [10, false, 'Current balance', '10'],
    [100, false, 'Current balance', '100'],
    [12500, false, 'Current balance', '12,500'],
    [-5, true, 'Low balance', '-5'],
  ])('%p credits, default threshold 10 → low=%p "%s"', (balance, low, label, display) => {
    expect(creditsCardModel(balance)).toEqual({ low, label, display });
  });

  it('is low below the threshold the admin set', () => {
    expect(creditsCardModel(49, 50).low).toBe(true);
    expect(creditsCardModel(50, 50).low).toBe(false);
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
    expect(items.map(({ label, href }) => ({ label, href }))).toEqual([
      { label: 'Jobs', href: '/jobs' },
      { label: 'OCR Jobs', href: '/jobs/ocr' },
      { label: 'Job 42', href: '/jobs/ocr/42' },
    ]);
  });

  it('shows a label repeated by a nested route once', () => {
    expect(breadcrumbItems([match('/files', { crumb: 'Files & Datasets' }), match('/files/', { crumb: 'Files & Datasets' })])).toMatchObject([
      { label: 'Files & Datasets', href: '/files/' },
    ]);
  });

  it('is empty without crumbs', () => {
    expect(breadcrumbItems([match('/', {})])).toEqual([]);
  });

  it('restarts the trail at a crumb root and puts parent links from another area first', () => {
    const items = breadcrumbItems([
      match('/jobs', { crumb: 'Jobs' }),
      match('/jobs/evaluation', { crumb: 'Evaluation', crumbRoot: true }),
      match('/files/f1', { crumbParents: [{ label: 'Files & Datasets', to: '/files' }], crumb: 'report.pdf' }),
    ]);
    expect(items.map(({ label, href }) => [label, href])).toEqual([
      ['Evaluation', '/jobs/evaluation'],
      ['Files & Datasets', '/files'],
      ['report.pdf', '/files/f1'],
    ]);
  });
});
