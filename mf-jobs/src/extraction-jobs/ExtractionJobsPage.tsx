// /jobs/extraction: the create form (with its cost before it starts) and recent jobs.
import { Field, HStack, RadioGroup } from '@chakra-ui/react';
import { paths, RadioItem, SelectField, ErrorAlert } from '@quarry/shared';
import { useState, type FormEvent } from 'react';
import { CreateJobScreen, useCreateAndMonitor } from '../common/CreateJobScreen';
import { DatasetSelectField, ExampleSelectField, JobNameFields, PromptSelectField, ProviderField } from '../common/fields';
import { useDatasets, useExamples, useJobEstimate, useMyFiles, usePrompts } from '../common/queries';
import { EMPTY_EXTRACTION, extractionBody, extractionEstimate, validateExtraction, type ExtractionForm } from './form';
import { useCreateExtractionJob } from './queries';
import { useRecentJobsOfType } from '../common/live';

export default function ExtractionJobsPage() {
  const [f, setF] = useState<ExtractionForm>(EMPTY_EXTRACTION);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (p: Partial<ExtractionForm>) => {
    setF((v) => ({ ...v, ...p }));
    setProblem(null);
  };
  const prompts = usePrompts();
  const datasets = useDatasets();
  const files = useMyFiles({ includeFailed: false });
  const examples = useExamples(f.promptId);
  const estimate = useJobEstimate(extractionEstimate(f));
  const recent = useRecentJobsOfType('extraction');
  const create = useCreateExtractionJob();
  const createAndMonitor = useCreateAndMonitor(create, paths.jobs.extractionMonitor);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const message = validateExtraction(f);
    if (message) {
      setProblem(message);
      return;
    }
    await createAndMonitor(extractionBody(f));
  };

  return (
    <CreateJobScreen
      title="Extraction Jobs"
      description="Extract structured data from chunked files with a prompt."
      form={{ title: 'Create extraction job', submitLabel: 'Create Extraction Job', onSubmit, submitting: create.isPending }}
      pickers={{ loadingText: 'Loading prompts, datasets and files...', queries: [prompts, datasets, files] }}
      estimate={{ query: estimate, waitingFor: extractionEstimate(f) ? null : 'Choose a prompt and a dataset or a file to see what the job will cost.' }}
      recent={{ title: 'Recent extraction jobs', query: recent, monitorPath: paths.jobs.extractionMonitor, emptyText: 'No extraction jobs yet' }}
    >
      <JobNameFields nameLabel="Name" namePlaceholder="Invoices, October" name={f.name} description={f.description} onChange={set} />
      <PromptSelectField label="Prompt" value={f.promptId} onChange={(v) => set({ promptId: v, exampleId: '' })} prompts={prompts.data?.prompts} />
      <Field.Root>
        <Field.Label>Process</Field.Label>
        <RadioGroup.Root value={f.source} onValueChange={(d) => set({ source: (d.value as ExtractionForm['source']) ?? 'dataset' })} orientation="horizontal">
          <HStack gap="4">
            {(['dataset', 'file'] as const).map((v) => (
              <RadioItem key={v} value={v}>
                {v === 'dataset' ? 'A dataset' : 'A single file'}
              </RadioItem>
            ))}
          </HStack>
        </RadioGroup.Root>
      </Field.Root>
      {f.source === 'dataset' ? (
        <DatasetSelectField value={f.datasetId} onChange={(v) => set({ datasetId: v })} datasets={datasets.data?.datasets} />
      ) : (
        <SelectField label="File" required value={f.fileId} onChange={(v) => set({ fileId: v })} placeholder="Select a file" options={(files.data?.files ?? []).map((x) => ({ value: x.id, label: x.filename }))} />
      )}
      <ExampleSelectField label="Training example (optional, at most one)" value={f.exampleId} onChange={(v) => set({ exampleId: v })} promptId={f.promptId} examples={examples.data?.examples} />
      <ProviderField value={f.provider} onChange={(v) => set({ provider: v })} available={estimate.data?.available_providers} />
      <ErrorAlert message={problem} role="alert" />
    </CreateJobScreen>
  );
}
