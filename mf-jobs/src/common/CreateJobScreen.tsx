// A create-job screen (pipeline, extraction): the create form with
// what the job will cost before it starts, beside the recent jobs of its type.
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { JOB_CREATION_FAILED_TITLE, PageHeader, jobCreationErrorDetail, toast } from '@quarry/shared';
import type { JobEstimate } from '@quarry/shared/schemas';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EstimateCard } from './Estimate';
import { CreateJobFormCard } from './fields';
import { RecentJobsCard, type RecentJob } from './RecentJobs';

/** chosen: the create screens cut recent job names at 40 characters */
const RECENT_NAME_LENGTH = 40;

/** A query the form lists from (prompts, datasets, files): the form waits for all of them. */
interface PickerQuery {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface CreateJobScreenProps {
  title: string;
  description: string;
  form: {
    title: string;
    submitLabel: string;
    onSubmit: (e: FormEvent) => Promise<void>;
    submitting: boolean;
    /** submit is disabled while the pickers load, and while this is true */
    invalid?: boolean;
  };
  pickers: { loadingText: string; queries: readonly PickerQuery[] };
  estimate: { query: { data: JobEstimate | undefined; isFetching: boolean; error: unknown }; waitingFor: string | null };
  recent: {
    title: string;
    query: { isPending: boolean; isError: boolean; error: Error | null; data: { jobs: readonly RecentJob[] } | undefined; refetch: () => unknown };
    monitorPath: (id: string) => string;
    emptyText: string;
  };
  /** the form's fields */
  children: ReactNode;
}

export function CreateJobScreen({ title, description, form, pickers, estimate, recent, children }: CreateJobScreenProps) {
  const loading = pickers.queries.some((q) => q.isPending);
  const loadError = pickers.queries.find((q) => q.error)?.error ?? null;
  return (
    <Stack gap="6">
      <PageHeader title={title} description={description} />
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
        <Stack gap="6">
          <CreateJobFormCard
            title={form.title}
            submitLabel={form.submitLabel}
            onSubmit={form.onSubmit}
            loadingText={pickers.loadingText}
            loading={loading}
            loadError={loadError}
            onRetry={() => void Promise.all(pickers.queries.map((q) => q.refetch()))}
            submitting={form.submitting}
            submitDisabled={loading || Boolean(form.invalid)}
          >
            {children}
          </CreateJobFormCard>
          <EstimateCard estimate={estimate.query.data} loading={estimate.query.isFetching} error={estimate.query.error} waitingFor={estimate.waitingFor} />
        </Stack>
        <RecentJobsCard title={recent.title} recent={recent.query} truncateAt={RECENT_NAME_LENGTH} monitorPath={recent.monitorPath} emptyText={recent.emptyText} />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Creates the job and opens its monitor. A refused creation toasts the server's reason and
 * the form keeps everything the user entered.
 */
export function useCreateAndMonitor<B>(create: { mutateAsync: (body: B) => Promise<{ id: string }> }, monitorPath: (id: string) => string): (body: B) => Promise<void> {
  const navigate = useNavigate();
  return async (body) => {
    try {
      const job = await create.mutateAsync(body);
      navigate(monitorPath(job.id));
    } catch (err) {
      toast.error(JOB_CREATION_FAILED_TITLE, jobCreationErrorDetail(err));
    }
  };
}
