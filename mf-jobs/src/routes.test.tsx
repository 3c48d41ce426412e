import { crumbsFor } from '@quarry/shared';
import { createMemoryRouter } from 'react-router';
import remote from './routes';

const crumbs = (path: string) => crumbsFor(remote.routes, path);
const JOB = '3f9c2a10-aaaa-4bbb-8ccc-1234567890ab';

describe('mf-jobs route tree', () => {
  it.each([
    ['/jobs', ['Jobs']],
    ['/jobs/create', ['Jobs']],
    // named crumbs show their placeholder until the name is read (see the shell's Breadcrumbs)
    [`/jobs/${JOB}`, ['Jobs', 'Job']],
    [`/jobs/${JOB}/file`, ['Jobs', 'Job']],
    [`/jobs/${JOB}/file/2`, ['Jobs', 'Job']],
    ['/jobs/pipeline', ['Jobs', 'Pipeline Jobs']],
    [`/jobs/pipeline/${JOB}`, ['Jobs', 'Pipeline Jobs', 'Pipeline Job Monitor']],
    ['/jobs/ocr', ['Jobs', 'OCR Jobs']],
    [`/jobs/ocr/${JOB}`, ['Jobs', 'OCR Jobs', 'OCR Job Monitor']],
    ['/jobs/extraction', ['Jobs', 'Extraction Jobs']],
    [`/jobs/extraction/${JOB}`, ['Jobs', 'Extraction Jobs', 'Job']],
    ['/jobs/chunking', ['Jobs', 'Chunking Jobs']],
    [`/jobs/chunking/${JOB}`, ['Jobs', 'Chunking Jobs', 'Chunking Job']],
    ['/jobs/evaluation', ['Evaluation']],
    [`/jobs/evaluation/datasets/${JOB}`, ['Evaluation', 'Dataset']],
    [`/jobs/evaluation/runs/${JOB}`, ['Evaluation', 'Job']],
    [`/files/${JOB}`, ['Files & Datasets', 'File']],
    [`/files/${JOB}/edit-chunks`, ['Files & Datasets', 'File', 'Chunk Editor']],
  ])('%s has the crumbs %j', (path, expected) => {
    expect(crumbs(path)).toEqual(expected);
  });

  it.each([
    ['/ocr', '/jobs/ocr'],
    ['/chunking-test', '/jobs/chunking'],
  ])('%s redirects to %s', async (from, to) => {
    const router = createMemoryRouter(remote.routes, { initialEntries: [from] });
    await router.initialize();
    await new Promise((r) => setTimeout(r, 0));
    expect(router.state.location.pathname).toBe(to);
    router.dispose();
  });

  it('leaves /files itself to the files remote', () => {
    expect(crumbs('/files')).toBeNull();
  });
});
