// /jobs/pipeline: the create form (with its cost before it starts) and the 10 most recent
// pipelines. A link may preselect files (`?files=<id>,<id>`, from the file list) or a dataset
// (`?dataset=<id>`); a run on chosen files gets a dataset of its own named after them.
// Validation messages wait until a field was touched.
import { Alert, Box, Button, Checkbox, Field, Fieldset, HStack, Input, List, SimpleGrid, Text } from '@chakra-ui/react';
import { JOB_CREATION_FAILED_TITLE, jobCreationErrorDetail, paths, toast, SelectField } from '@quarry/shared';
import { PIPELINE_CHUNK_SIZE, PIPELINE_STAGES, type PipelineStage } from '@quarry/shared/schemas';
import { FileText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CreateJobScreen, useCreateAndMonitor } from '../common/CreateJobScreen';
import { DatasetSelectField, ExampleSelectField, JobNameFields, PromptSelectField, ProviderField } from '../common/fields';
import { useDatasets, useExamples, useJobEstimate, usePrompts } from '../common/queries';
import { PIPELINE_STRATEGIES, pipelineBody, pipelineEstimate, pipelineFormFromLink, runDatasetName, toggleStage, validatePipeline, type PipelineForm } from './form';
import { useChosenFiles, useCreatePipelineJob, useCreateRunDataset } from './queries';
import { useRecentJobsOfType } from '../common/live';

const STAGE_LABELS: Record<PipelineStage, string> = { ocr: 'OCR', chunking: 'Chunking', extraction: 'Extraction' };

export default function PipelineJobsPage() {
  const [sp, setSp] = useSearchParams();
  const [f, setF] = useState<PipelineForm>(() => pipelineFormFromLink(sp));
  // messages wait for the user: a field changed or left, or a submit
  const [touched, setTouched] = useState(false);
  const set = (p: Partial<PipelineForm>) => {
    setF((v) => ({ ...v, ...p }));
    setTouched(true);
  };
  const chosen = useChosenFiles(f.fileIds);
  const chosenFiles = chosen.flatMap((q) => (q.data ? [q.data] : []));
  const missingFiles = chosen.filter((q) => q.isError).length;
  const filesLoading = chosen.some((q) => q.isPending);
  const createDataset = useCreateRunDataset();
  // the files that exist (a chosen id that is not found is left out)
  const usable = { ...f, fileIds: chosenFiles.map((x) => x.id) };
  const datasets = useDatasets();
  const prompts = usePrompts();
  const examples = useExamples(f.stages.includes('extraction') ? f.promptId : '');
  const estimate = useJobEstimate(pipelineEstimate(usable));
  const recent = useRecentJobsOfType('full_pipeline');
  const create = useCreatePipelineJob();
  const createAndMonitor = useCreateAndMonitor(create, paths.jobs.pipelineMonitor);
  const problems = validatePipeline(usable);
  const extraction = f.stages.includes('extraction');
  const chunking = f.stages.includes('chunking');
  const busy = create.isPending || createDataset.isPending;

  const chooseDatasetInstead = () => {
    set({ fileIds: [] });
    const next = new URLSearchParams(sp);
    next.delete('files');
    setSp(next, { replace: true });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problems.length > 0 || busy || filesLoading) return;
    if (usable.fileIds.length === 0) {
      await createAndMonitor(pipelineBody(usable));
      return;
    }
    let datasetId: string;
    try {
      const ds = await createDataset.mutateAsync({
        name: runDatasetName(chosenFiles.map((x) => x.filename)),
        description: `Files of the pipeline run "${f.name.trim()}"`,
        file_ids: usable.fileIds,
      });
      datasetId = ds.id;
    } catch (err) {
      toast.error(JOB_CREATION_FAILED_TITLE, jobCreationErrorDetail(err));
      return;
    }
    await createAndMonitor(pipelineBody({ ...usable, fileIds: [], datasetId }));
  };

  return (
    <CreateJobScreen
      title="Pipeline Jobs"
      description="OCR → Chunking → Extraction over every file of a dataset, or over files you chose."
      form={{ title: 'Create pipeline job', submitLabel: 'Create Pipeline Job', onSubmit, submitting: busy, invalid: problems.length > 0 || filesLoading }}
      pickers={{ loadingText: 'Loading datasets and prompts...', queries: [datasets, prompts] }}
      estimate={{ query: estimate, waitingFor: estimateWaitingFor(usable) }}
      recent={{ title: 'Recent pipeline jobs', query: recent, monitorPath: paths.jobs.pipelineMonitor, emptyText: 'No pipeline jobs yet' }}
    >
      <JobNameFields nameLabel="Job name" namePlaceholder="October invoices" name={f.name} description={f.description} onChange={set} onBlur={() => setTouched(true)} />
      {f.fileIds.length > 0 ? (
        <Field.Root>
          <Field.Label>Files</Field.Label>
          <Box borderWidth="1px" borderRadius="md" p="3" w="full" data-testid="pipeline-files">
            {filesLoading ? (
              <Text color="fg.muted">Loading the chosen files...</Text>
            ) : (
              <List.Root gap="1" variant="plain">
                {chosenFiles.map((x) => (
                  <List.Item key={x.id} alignItems="flex-start" wordBreak="break-word">
                    <List.Indicator asChild color="fg.muted" mt="1">
                      <FileText size={14} aria-hidden />
                    </List.Indicator>
                    {x.filename}
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Box>
          <Field.HelperText>The run gets a dataset of its own with these files, named after them.</Field.HelperText>
          <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={chooseDatasetInstead}>
            Choose a dataset instead
          </Button>
        </Field.Root>
      ) : (
        <DatasetSelectField value={f.datasetId} onChange={(v) => set({ datasetId: v })} datasets={datasets.data?.datasets} />
      )}
      {missingFiles > 0 ? (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>
            {missingFiles === 1 ? 'One chosen file was not found and is left out.' : `${missingFiles} chosen files were not found and are left out.`}
          </Alert.Title>
        </Alert.Root>
      ) : null}
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
      {(touched ? problems : []).map((p) => (
        <Alert.Root key={p} status="warning" size="sm" data-testid="pipeline-validation">
          <Alert.Indicator />
          <Alert.Title>{p}</Alert.Title>
        </Alert.Root>
      ))}
    </CreateJobScreen>
  );
}

function estimateWaitingFor(f: PipelineForm): string | null {
  if (pipelineEstimate(f)) return null;
  return 'Choose a dataset and at least one stage to see what the job will cost.';
}
