// The pipeline form's rules.
import { PIPELINE_CHUNK_SIZE, PIPELINE_MESSAGES, PIPELINE_STAGES, normalizePipelineChunkSize, type JobEstimateRequest, type PipelineCreate, type PipelineStage } from '@quarry/shared/schemas';

export const PIPELINE_STRATEGIES = [
  { value: 'llm_analysis', label: 'LLM analysis (default)' },
  { value: 'character_based', label: 'Character based' },
  { value: 'paragraph_based', label: 'Paragraph based' },
  { value: 'page_based', label: 'Page based' },
] as const;

export interface PipelineForm {
  name: string;
  description: string;
  datasetId: string;
  /** files chosen on the file list (`?files=`): the run gets a dataset of its own made of them */
  fileIds: string[];
  stages: PipelineStage[];
  promptId: string;
  exampleId: string;
  strategy: string;
  chunkSize: string;
  provider: string;
}

export const EMPTY_PIPELINE: PipelineForm = {
  name: '',
  description: '',
  datasetId: '',
  fileIds: [],
  stages: [...PIPELINE_STAGES],
  promptId: '',
  exampleId: '',
  strategy: 'llm_analysis',
  chunkSize: String(PIPELINE_CHUNK_SIZE.default),
  provider: '',
};

/** The stages in their fixed order (ocr, chunking, extraction). */
export function toggleStage(stages: readonly PipelineStage[], stage: PipelineStage, on: boolean): PipelineStage[] {
  const set = new Set(stages);
  if (on) set.add(stage);
  else set.delete(stage);
  return PIPELINE_STAGES.filter((s) => set.has(s));
}

/** The validation messages that apply (empty: the form may be sent). */
export function validatePipeline(f: PipelineForm): string[] {
  const out: string[] = [];
  if (!f.name.trim() || (!f.datasetId && f.fileIds.length === 0) || f.stages.length === 0) out.push(PIPELINE_MESSAGES.missingFields);
  if (f.stages.includes('extraction') && !f.promptId) out.push(PIPELINE_MESSAGES.missingPrompt);
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The form as a link opens it: `?files=<id>,<id>` preselects those files, `?dataset=<id>` that
 * dataset (anything that is not an id is ignored).
 */
export function pipelineFormFromLink(sp: URLSearchParams): PipelineForm {
  const fileIds = [...new Set((sp.get('files') ?? '').split(',').map((s) => s.trim()).filter((s) => UUID.test(s)))];
  const dataset = sp.get('dataset') ?? '';
  return { ...EMPTY_PIPELINE, fileIds, datasetId: fileIds.length === 0 && UUID.test(dataset) ? dataset : '' };
}

/** chosen: a run's own dataset is named after its files, cut to stay within the 200 characters a dataset name may have */
const RUN_DATASET_NAME_MAX = 200;

/** The name of the dataset a run on chosen files gets: its file names ("a.pdf, b.pdf", or "a.pdf and 3 more"). */
export function runDatasetName(filenames: readonly string[]): string {
  const all = filenames.join(', ');
  if (all.length <= RUN_DATASET_NAME_MAX) return all;
  for (let n = filenames.length - 1; n >= 1; n--) {
    const name = `${filenames.slice(0, n).join(', ')} and ${filenames.length - n} more`;
    if (name.length <= RUN_DATASET_NAME_MAX) return name;
  }
  return `${filenames.length} files`;
}

export function pipelineBody(f: PipelineForm): PipelineCreate {
  const chunking = f.stages.includes('chunking');
  const extraction = f.stages.includes('extraction');
  return {
    name: f.name.trim(),
    description: f.description.trim() || null,
    dataset_id: f.datasetId,
    pipeline_stages: f.stages,
    ...(extraction ? { prompt_id: f.promptId } : {}),
    examples: extraction && f.exampleId ? [f.exampleId] : [],
    processing_config: {
      ...(chunking ? { chunking_strategy: f.strategy, chunk_size: normalizePipelineChunkSize(f.chunkSize) } : {}),
      ...(extraction && f.provider ? { provider: f.provider } : {}),
    },
  };
}

/** The estimate of a run on a dataset or on one chosen file (several files are estimated once their dataset exists). */
export function pipelineEstimate(f: PipelineForm): JobEstimateRequest | null {
  if (f.stages.length === 0) return null;
  // chosen files are estimated as the dataset of them the run creates
  const target = f.fileIds.length > 0 ? { file_ids: f.fileIds } : f.datasetId ? { dataset_id: f.datasetId } : null;
  if (!target) return null;
  const extraction = f.stages.includes('extraction');
  return {
    job_type: 'full_pipeline',
    ...target,
    pipeline_stages: f.stages,
    prompt_id: extraction && f.promptId ? f.promptId : null,
    examples: extraction && f.exampleId ? [f.exampleId] : null,
    processing_config: { chunk_size: normalizePipelineChunkSize(f.chunkSize), ...(f.provider ? { provider: f.provider } : {}) },
  };
}
