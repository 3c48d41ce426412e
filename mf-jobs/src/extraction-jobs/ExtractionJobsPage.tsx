// /jobs/extraction: the create form (with its cost before it starts) and recent jobs
// (spec 3 §2.3, §5, §8; issue 12 item 6).
import { Alert, Field, HStack, RadioGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import { JOB_CREATION_FAILED_TITLE, PageHeader, jobCreationErrorDetail, paths, toast } from '@quarry/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { EstimateCard } from '../common/Estimate';
import { CreateJobFormCard, DatasetSelectField, ExampleSelectField, JobNameFields, PromptSelectField, ProviderField, SelectField } from '../common/fields';
import { useListRefreshOnUpdates } from '../common/live';
import { useDatasets, useExamples, useJobEstimate, useMyFiles, usePrompts, useUserId } from '../common/queries';
import { RecentJobsCard } from '../common/ui';
import { EMPTY_EXTRACTION, extractionBody, extractionEstimate, validateExtraction, type ExtractionForm } from './form';
import { extractionKeys, useCreateExtractionJob, useRecentExtractionJobs } from './queries';

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
  const recent = useRecentExtractionJobs();
  const create = useCreateExtractionJob();
  const navigate = useNavigate();
  const userId = useUserId();
  useListRefreshOnUpdates(extractionKeys.list(userId), (m) => m.job_type === 'extraction');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const message = validateExtraction(f);
    if (message) {
      setProblem(message);
      return;
    }
    try {
      const job = await create.mutateAsync(extractionBody(f));
      navigate(paths.jobs.extractionMonitor(job.id));
    } catch (err) {
      // the form keeps everything the user entered
      toast.error(JOB_CREATION_FAILED_TITLE, jobCreationErrorDetail(err));
    }
  };

  const loading = prompts.isPending || datasets.isPending || files.isPending;
  const loadError = prompts.error ?? datasets.error ?? files.error;

  return (
    <Stack gap="6">
      <PageHeader title="Extraction Jobs" description="Extract structured data from chunked files with a prompt." />
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
        <Stack gap="6">
          <CreateJobFormCard
            title="Create extraction job"
            submitLabel="Create Extraction Job"
            onSubmit={onSubmit}
            loadingText="Loading prompts, datasets and files..."
            loading={loading}
            loadError={loadError}
            onRetry={() => void Promise.all([prompts.refetch(), datasets.refetch(), files.refetch()])}
            submitting={create.isPending}
            submitDisabled={loading}
          >
            <JobNameFields nameLabel="Name" namePlaceholder="Invoices, October" name={f.name} description={f.description} onChange={set} />
            <PromptSelectField label="Prompt" value={f.promptId} onChange={(v) => set({ promptId: v, exampleId: '' })} prompts={prompts.data?.prompts} />
            <Field.Root>
              <Field.Label>Process</Field.Label>
              <RadioGroup.Root value={f.source} onValueChange={(d) => set({ source: (d.value as ExtractionForm['source']) ?? 'dataset' })} orientation="horizontal">
                <HStack gap="4">
                  {(['dataset', 'file'] as const).map((v) => (
                    <RadioGroup.Item key={v} value={v}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{v === 'dataset' ? 'A dataset' : 'A single file'}</RadioGroup.ItemText>
                    </RadioGroup.Item>
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
            {problem ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{problem}</Alert.Title>
              </Alert.Root>
            ) : null}
          </CreateJobFormCard>
          <EstimateCard estimate={estimate.data} loading={estimate.isFetching} error={estimate.error} waitingFor={extractionEstimate(f) ? null : 'Choose a prompt and a dataset or a file to see what the job will cost.'} />
        </Stack>
        <RecentJobsCard title="Recent extraction jobs" recent={recent} truncateAt={40} monitorPath={paths.jobs.extractionMonitor} emptyText="No extraction jobs yet" />
      </SimpleGrid>
    </Stack>
  );
}
