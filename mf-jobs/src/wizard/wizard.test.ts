import { INITIAL_WIZARD, isStepValid } from './wizard';

describe('job wizard steps', () => {
  it('1: a dataset and a non-empty job name', () => {
    expect(isStepValid(INITIAL_WIZARD)).toBe(false);
    expect(isStepValid({ ...INITIAL_WIZARD, jobName: 'x' })).toBe(false);
    expect(isStepValid({ ...INITIAL_WIZARD, jobName: '  ', selectedDataset: 'd' })).toBe(false);
    expect(isStepValid({ ...INITIAL_WIZARD, jobName: 'x', selectedDataset: 'd' })).toBe(true);
  });
  it('2: at least one document type; 3: a prompt for every chosen type; 4: a schema; 5: always', () => {
    expect(isStepValid({ ...INITIAL_WIZARD, step: 2 })).toBe(false);
    expect(isStepValid({ ...INITIAL_WIZARD, step: 2, documentTypes: ['table'] })).toBe(true);
    const s3 = { ...INITIAL_WIZARD, step: 3, documentTypes: ['table', 'document'] as ('table' | 'document')[] };
    expect(isStepValid({ ...s3, selectedPrompts: { table: 'p' } })).toBe(false);
    expect(isStepValid({ ...s3, selectedPrompts: { table: 'p', document: 'q' } })).toBe(true);
    expect(isStepValid({ ...INITIAL_WIZARD, step: 4 })).toBe(false);
    expect(isStepValid({ ...INITIAL_WIZARD, step: 4, selectedSchema: 's' })).toBe(true);
    expect(isStepValid({ ...INITIAL_WIZARD, step: 5 })).toBe(true);
  });
});
