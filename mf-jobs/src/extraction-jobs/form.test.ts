import { EMPTY_EXTRACTION, EXTRACTION_REQUIRED_MESSAGE, extractionBody, extractionEstimate, validateExtraction } from './form';

describe('extraction form', () => {
  it('needs name, prompt and a dataset or a file, with the spec message', () => {
    expect(EXTRACTION_REQUIRED_MESSAGE).toBe('Please fill in all required fields (name, prompt, and dataset/file)');
    expect(validateExtraction(EMPTY_EXTRACTION)).toBe(EXTRACTION_REQUIRED_MESSAGE);
    const f = { ...EMPTY_EXTRACTION, name: 'n', promptId: 'p' };
    expect(validateExtraction(f)).toBe(EXTRACTION_REQUIRED_MESSAGE);
    expect(validateExtraction({ ...f, datasetId: 'd' })).toBeNull();
    expect(validateExtraction({ ...f, source: 'file', datasetId: 'd' })).toBe(EXTRACTION_REQUIRED_MESSAGE);
    expect(validateExtraction({ ...f, source: 'file', fileId: 'x' })).toBeNull();
  });

  it('sends the dataset or the file, at most one example', () => {
    const f = { ...EMPTY_EXTRACTION, name: 'n', promptId: 'p', source: 'file' as const, fileId: 'x', datasetId: 'd', exampleId: 'e' };
    expect(extractionBody(f)).toEqual({ name: 'n', description: null, prompt_id: 'p', file_id: 'x', examples: ['e'] });
    expect(extractionEstimate({ ...f, promptId: '' })).toBeNull();
    expect(extractionEstimate(f)).toMatchObject({ job_type: 'extraction', file_id: 'x', examples: ['e'] });
  });
});
