// The extraction form's rules.
import type { JobEstimateRequest } from '@quarry/shared/schemas';
import type { ExtractionCreate } from './queries';

export const EXTRACTION_REQUIRED_MESSAGE = 'Please fill in all required fields (name, prompt, and dataset/file)';

export interface ExtractionForm {
  name: string;
  description: string;
  promptId: string;
  source: 'dataset' | 'file';
  datasetId: string;
  fileId: string;
  exampleId: string;
  provider: string;
}

export const EMPTY_EXTRACTION: ExtractionForm = { name: '', description: '', promptId: '', source: 'dataset', datasetId: '', fileId: '', exampleId: '', provider: '' };

const target = (f: ExtractionForm) => (f.source === 'dataset' ? f.datasetId : f.fileId);

/** The message when name, prompt or the dataset / file is missing; null when the form is complete. */
export function validateExtraction(f: ExtractionForm): string | null {
  return f.name.trim() && f.promptId && target(f) ? null : EXTRACTION_REQUIRED_MESSAGE;
}

export function extractionBody(f: ExtractionForm): ExtractionCreate {
  return {
    name: f.name.trim(),
    description: f.description.trim() || null,
    prompt_id: f.promptId,
    ...(f.source === 'dataset' ? { dataset_id: f.datasetId } : { file_id: f.fileId }),
    // at most one training example
    examples: f.exampleId ? [f.exampleId] : [],
    ...(f.provider ? { processing_config: { provider: f.provider } } : {}),
  };
}

/** The estimate's request once a prompt and a dataset / file are chosen. */
export function extractionEstimate(f: ExtractionForm): JobEstimateRequest | null {
  if (!f.promptId || !target(f)) return null;
  return {
    job_type: 'extraction',
    prompt_id: f.promptId,
    ...(f.source === 'dataset' ? { dataset_id: f.datasetId } : { file_id: f.fileId }),
    examples: f.exampleId ? [f.exampleId] : null,
    processing_config: f.provider ? { provider: f.provider } : null,
  };
}
