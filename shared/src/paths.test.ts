import { jobMonitorPath, paths } from './paths';

it('builds every area link from data and encodes ids', () => {
  expect(paths.files.detail('a/b')).toBe('/files/a%2Fb');
  expect(paths.files.editChunks('f1')).toBe('/files/f1/edit-chunks');
  expect(paths.jobs.jobFile('j1', 'f1')).toBe('/jobs/j1/file/f1');
  expect(paths.prompts.detail('p1')).toBe('/prompts/p1');
  expect(paths.files.dataset('d1')).toBe('/datasets/d1');
  expect(paths.jobs.pipelineFor({ files: ['f1', 'f2'] })).toBe('/jobs/pipeline?files=f1,f2');
  expect(paths.jobs.pipelineFor({ dataset: 'd 1' })).toBe('/jobs/pipeline?dataset=d%201');
});

it('sends each job type to its own monitor', () => {
  expect(jobMonitorPath('ocr', 'x')).toBe('/jobs/ocr/x');
  expect(jobMonitorPath('chunking', 'x')).toBe('/jobs/chunking/x');
  expect(jobMonitorPath('extraction', 'x')).toBe('/jobs/extraction/x');
  expect(jobMonitorPath('full_pipeline', 'x')).toBe('/jobs/pipeline/x');
  expect(jobMonitorPath('something', 'x')).toBe('/jobs/x');
});
