// /jobs/extraction: the create form (with its cost before it starts) and recent jobs
// (spec 3 §2.3, §5, §8; issue 12 item 6).
import { Alert, Button, Card, Field, HStack, Heading, Input, RadioGroup, SimpleGrid, Stack, Textarea, chakra } from '@chakra-ui/react';
import { ErrorState, JOB_CREATION_FAILED_TITLE, LoadingState, PageHeader, jobCreationErrorDetail, paths, toast } from '@quarry/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { EstimateCard } from '../common/Estimate';
import { ProviderField, SelectField } from '../common/fields';
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
          <chakra.form onSubmit={(e: FormEvent) => void onSubmit(e)} noValidate aria-label="Create extraction job">
          <Card.Root>
            <Card.Header>
              <Heading size="md" as="h2">
                Create extraction job
              </Heading>
            </Card.Header>
            <Card.Body>
              {loading ? (
                <LoadingState text="Loading prompts, datasets and files..." />
              ) : loadError ? (
                <ErrorState title="Error loading the form" message={loadError.message} onRetry={() => void Promise.all([prompts.refetch(), datasets.refetch(), files.refetch()])} />
              ) : (
                <Stack gap="4">
                  <Field.Root required>
                    <Field.Label>
                      Name <Field.RequiredIndicator />
                    </Field.Label>
                    <Input name="name" value={f.name} onChange={(e) => set({ name: e.target.value })} placeholder="Invoices, October" />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Description</Field.Label>
                    <Textarea name="description" value={f.description} onChange={(e) => set({ description: e.target.value })} rows={2} />
                  </Field.Root>
                  <SelectField
                    label="Prompt"
                    required
                    value={f.promptId}
                    onChange={(v) => set({ promptId: v, exampleId: '' })}
                    placeholder="Select a prompt"
                    options={(prompts.data?.prompts ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.type})` }))}
                  />
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
                    <SelectField
                      label="Dataset"
                      required
                      value={f.datasetId}
                      onChange={(v) => set({ datasetId: v })}
                      placeholder="Select a dataset"
                      options={(datasets.data?.datasets ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.file_count} files)` }))}
                    />
                  ) : (
                    <SelectField label="File" required value={f.fileId} onChange={(v) => set({ fileId: v })} placeholder="Select a file" options={(files.data?.files ?? []).map((x) => ({ value: x.id, label: x.filename }))} />
                  )}
                  <SelectField
                    label="Training example (optional, at most one)"
                    value={f.exampleId}
                    onChange={(v) => set({ exampleId: v })}
                    placeholder="No example"
                    disabled={!f.promptId}
                    options={(examples.data?.examples ?? []).map((x) => ({ value: x.id, label: x.name }))}
                  />
                  <ProviderField value={f.provider} onChange={(v) => set({ provider: v })} available={estimate.data?.available_providers} />
                  {problem ? (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{problem}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                </Stack>
              )}
            </Card.Body>
            <Card.Footer>
              <Button type="submit" colorPalette="brand" loading={create.isPending} loadingText="Creating..." disabled={loading}>
                Create Extraction Job
              </Button>
            </Card.Footer>
          </Card.Root>
          </chakra.form>
          <EstimateCard estimate={estimate.data} loading={estimate.isFetching} error={estimate.error} waitingFor={extractionEstimate(f) ? null : 'Choose a prompt and a dataset or a file to see what the job will cost.'} />
        </Stack>
        <RecentJobsCard title="Recent extraction jobs" recent={recent} truncateAt={40} monitorPath={paths.jobs.extractionMonitor} emptyText="No extraction jobs yet" />
      </SimpleGrid>
    </Stack>
  );
}
