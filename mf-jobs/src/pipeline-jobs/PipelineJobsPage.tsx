// /jobs/pipeline: the create form (with its cost before it starts) and the 10 most recent
// pipelines (spec 3 §2.1, §5, §8; issue 12 item 6).
import { Alert, Checkbox, Field, Fieldset, HStack, Input, SimpleGrid } from '@chakra-ui/react';
import { paths } from '@quarry/shared';
import { PIPELINE_CHUNK_SIZE, PIPELINE_STAGES, type PipelineStage } from '@quarry/shared/schemas';
import { useState, type FormEvent } from 'react';
import { CreateJobScreen, useCreateAndMonitor } from '../common/CreateJobScreen';
import { DatasetSelectField, ExampleSelectField, JobNameFields, PromptSelectField, ProviderField, SelectField } from '../common/fields';
import { useListRefreshOnUpdates } from '../common/live';
import { useDatasets, useExamples, useJobEstimate, usePrompts, useUserId } from '../common/queries';
import { EMPTY_PIPELINE, PIPELINE_STRATEGIES, pipelineBody, pipelineEstimate, toggleStage, validatePipeline, type PipelineForm } from './form';
import { pipelineKeys, useCreatePipelineJob, useRecentPipelineJobs } from './queries';

const STAGE_LABELS: Record<PipelineStage, string> = { ocr: 'OCR', chunking: 'Chunking', extraction: 'Extraction' };

export default function PipelineJobsPage() {
  const [f, setF] = useState<PipelineForm>(EMPTY_PIPELINE);
  const set = (p: Partial<PipelineForm>) => setF((v) => ({ ...v, ...p }));
  const datasets = useDatasets();
  const prompts = usePrompts();
  const examples = useExamples(f.stages.includes('extraction') ? f.promptId : '');
  const estimate = useJobEstimate(pipelineEstimate(f));
  const recent = useRecentPipelineJobs();
  const create = useCreatePipelineJob();
  const createAndMonitor = useCreateAndMonitor(create, paths.jobs.pipelineMonitor);
  const userId = useUserId();
  useListRefreshOnUpdates(pipelineKeys.list(userId), (m) => m.job_type === 'full_pipeline');
  const problems = validatePipeline(f);
  const extraction = f.stages.includes('extraction');
  const chunking = f.stages.includes('chunking');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (problems.length > 0 || create.isPending) return;
    await createAndMonitor(pipelineBody(f));
  };

  return (
    <CreateJobScreen
      title="Pipeline Jobs"
      description="OCR → Chunking → Extraction over every file of a dataset."
      form={{ title: 'Create pipeline job', submitLabel: 'Create Pipeline Job', onSubmit, submitting: create.isPending, invalid: problems.length > 0 }}
      pickers={{ loadingText: 'Loading datasets and prompts...', queries: [datasets, prompts] }}
      estimate={{ query: estimate, waitingFor: pipelineEstimate(f) ? null : 'Choose a dataset and at least one stage to see what the job will cost.' }}
      recent={{ title: 'Recent pipeline jobs', query: recent, monitorPath: paths.jobs.pipelineMonitor, emptyText: 'No pipeline jobs yet' }}
    >
      <JobNameFields nameLabel="Job name" namePlaceholder="October invoices" name={f.name} description={f.description} onChange={set} />
      <DatasetSelectField value={f.datasetId} onChange={(v) => set({ datasetId: v })} datasets={datasets.data?.datasets} />
      <Fieldset.Root>
        <Fieldset.Legend>Pipeline stages</Fieldset.Legend>
        <HStack gap="4" wrap="wrap">
          {PIPELINE_STAGES.map((s) => (
            <Checkbox.Root key={s} checked={f.stages.includes(s)} onCheckedChange={(d) => set({ stages: toggleStage(f.stages, s, d.checked === true) })}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{STAGE_LABELS[s]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
      </Fieldset.Root>
      {extraction ? (
        <>
          <PromptSelectField label="Prompt template" value={f.promptId} onChange={(v) => set({ promptId: v, exampleId: '' })} prompts={prompts.data?.prompts} />
          <ExampleSelectField label="Examples (optional)" value={f.exampleId} onChange={(v) => set({ exampleId: v })} promptId={f.promptId} examples={examples.data?.examples} />
          <ProviderField value={f.provider} onChange={(v) => set({ provider: v })} available={estimate.data?.available_providers} />
        </>
      ) : null}
      {chunking ? (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <SelectField label="Chunking strategy" value={f.strategy} onChange={(v) => set({ strategy: v })} options={PIPELINE_STRATEGIES} />
          <Field.Root>
            <Field.Label>Chunk size</Field.Label>
            <Input type="number" min={PIPELINE_CHUNK_SIZE.min} max={PIPELINE_CHUNK_SIZE.max} value={f.chunkSize} onChange={(e) => set({ chunkSize: e.target.value })} />
            <Field.HelperText>
              {PIPELINE_CHUNK_SIZE.min}–{PIPELINE_CHUNK_SIZE.max}; anything else means {PIPELINE_CHUNK_SIZE.default}.
            </Field.HelperText>
          </Field.Root>
        </SimpleGrid>
      ) : null}
      {problems.map((p) => (
        <Alert.Root key={p} status="warning" size="sm" data-testid="pipeline-validation">
          <Alert.Indicator />
          <Alert.Title>{p}</Alert.Title>
        </Alert.Root>
      ))}
    </CreateJobScreen>
  );
}
