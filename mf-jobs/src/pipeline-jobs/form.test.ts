import { PIPELINE_MESSAGES } from '@quarry/shared/schemas';
import { EMPTY_PIPELINE, pipelineBody, pipelineFormFromLink, runDatasetName, toggleStage, validatePipeline } from './form';

describe('pipeline form validation', () => {
  it('uses the spec messages', () => {
    expect(PIPELINE_MESSAGES.missingFields).toBe('Missing required fields: fill in job name, dataset, and select at least one pipeline stage');
    expect(PIPELINE_MESSAGES.missingPrompt).toBe('Missing extraction requirements: Extraction stage requires a prompt template');
  });

  it('needs a name, a dataset, a stage, and a prompt when extraction is chosen', () => {
    expect(validatePipeline(EMPTY_PIPELINE)).toEqual([PIPELINE_MESSAGES.missingFields, PIPELINE_MESSAGES.missingPrompt]);
    const named = { ...EMPTY_PIPELINE, name: 'x', datasetId: 'd' };
    expect(validatePipeline(named)).toEqual([PIPELINE_MESSAGES.missingPrompt]);
    expect(validatePipeline({ ...named, promptId: 'p' })).toEqual([]);
    expect(validatePipeline({ ...named, stages: ['ocr', 'chunking'] })).toEqual([]);
    expect(validatePipeline({ ...named, stages: [] })).toEqual([PIPELINE_MESSAGES.missingFields]);
    expect(validatePipeline({ ...named, name: '   ', promptId: 'p' })).toEqual([PIPELINE_MESSAGES.missingFields]);
  });

  it('keeps the stages in order; all three by default', () => {
    expect(EMPTY_PIPELINE.stages).toEqual(['ocr', 'chunking', 'extraction']);
    expect(toggleStage(['extraction'], 'ocr', true)).toEqual(['ocr', 'extraction']);
    expect(toggleStage(['ocr', 'chunking', 'extraction'], 'chunking', false)).toEqual(['ocr', 'extraction']);
  });

  it('sends strategy and chunk size only with chunking (invalid size -> 250), the prompt only with extraction', () => {
    const f = { ...EMPTY_PIPELINE, name: ' N ', datasetId: 'd', promptId: 'p', chunkSize: '9000', strategy: 'page_based' };
    expect(pipelineBody(f)).toMatchObject({ name: 'N', prompt_id: 'p', processing_config: { chunking_strategy: 'page_based', chunk_size: 250 } });
    expect(pipelineBody({ ...f, chunkSize: '300' }).processing_config).toMatchObject({ chunk_size: 300 });
    const ocrOnly = pipelineBody({ ...f, stages: ['ocr'] });
    expect(ocrOnly.processing_config).toEqual({});
    expect(ocrOnly).not.toHaveProperty('prompt_id');
  });
});

describe('the pipeline form opened from a link', () => {
  const A = '3d0c9a4e-5d0f-4a53-9c4a-000000000001';
  const B = '3d0c9a4e-5d0f-4a53-9c4a-000000000002';
  it('reads ?files= (ids only, once each) before ?dataset=', () => {
    expect(pipelineFormFromLink(new URLSearchParams(`files=${A},${B},${A},nope`)).fileIds).toEqual([A, B]);
    expect(pipelineFormFromLink(new URLSearchParams(`files=${A}&dataset=${B}`)).datasetId).toBe('');
    expect(pipelineFormFromLink(new URLSearchParams(`dataset=${B}`))).toMatchObject({ datasetId: B, fileIds: [] });
    expect(pipelineFormFromLink(new URLSearchParams('dataset=../x'))).toEqual(EMPTY_PIPELINE);
  });
  it('counts chosen files as the dataset when validating', () => {
    expect(validatePipeline({ ...EMPTY_PIPELINE, name: 'x', fileIds: [A], stages: ['ocr'] })).toEqual([]);
  });
  it('names a run dataset after its files, within 200 characters', () => {
    expect(runDatasetName(['a.pdf', 'b.pdf'])).toBe('a.pdf, b.pdf');
    const long = Array.from({ length: 30 }, (_, i) => `invoice-number-${i}.pdf`);
    const name = runDatasetName(long);
    expect(name.length).toBeLessThanOrEqual(200);
    expect(name).toMatch(/^invoice-number-0\.pdf, .* and \d+ more$/);
  });
});
