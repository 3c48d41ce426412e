// The pipeline form's rules (spec 3 §2.1, §5, §9).
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
  if (!f.name.trim() || !f.datasetId || f.stages.length === 0) out.push(PIPELINE_MESSAGES.missingFields);
  if (f.stages.includes('extraction') && !f.promptId) out.push(PIPELINE_MESSAGES.missingPrompt);
  return out;
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

export function pipelineEstimate(f: PipelineForm): JobEstimateRequest | null {
  if (!f.datasetId || f.stages.length === 0) return null;
  const extraction = f.stages.includes('extraction');
  return {
    job_type: 'full_pipeline',
    dataset_id: f.datasetId,
    pipeline_stages: f.stages,
    prompt_id: extraction && f.promptId ? f.promptId : null,
    examples: extraction && f.exampleId ? [f.exampleId] : null,
    processing_config: { chunk_size: normalizePipelineChunkSize(f.chunkSize), ...(f.provider ? { provider: f.provider } : {}) },
  };
}
