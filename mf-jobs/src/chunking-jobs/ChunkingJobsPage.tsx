// /jobs/chunking: pick a file, a strategy and a window size (llm_analysis only); recent
// chunking jobs.
import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { ErrorState, LoadingState, SelectField, classifyChunkingCreateError, paths, toast, SelectInput } from '@quarry/shared';
import { WINDOW_SIZE } from '@quarry/shared/schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMyFiles } from '../common/queries';
import { StartJobLayout } from '../common/StartJobLayout';
import { RecentJobsCard } from '../common/RecentJobs';
import { CHUNKING_PAGE_STRATEGIES, chunkingRequest, type ChunkingPageStrategy } from './form';
import { CHUNKING_NAME_TRUNCATE, InvalidChunkingResponse, RECENT_CHUNKING_JOBS_SHOWN, useCreateChunkingJob, useRecentChunkingJobs } from './queries';

export default function ChunkingJobsPage() {
  const [fileId, setFileId] = useState('');
  const [strategy, setStrategy] = useState<ChunkingPageStrategy>('llm_analysis');
  const [windowSize, setWindowSize] = useState(String(WINDOW_SIZE.default));
  const files = useMyFiles({ includeFailed: false });
  const recent = useRecentChunkingJobs(RECENT_CHUNKING_JOBS_SHOWN);
  const create = useCreateChunkingJob();
  const navigate = useNavigate();

  const onSubmit = async () => {
    if (!fileId) {
      toast.error('No File Selected', 'Please select a file to chunk.');
      return;
    }
    let jobId: string;
    try {
      jobId = await create.mutateAsync(chunkingRequest(fileId, strategy, windowSize));
    } catch (e) {
      if (e instanceof InvalidChunkingResponse) {
        toast.error('Invalid Response', e.message);
        return;
      }
      const c = classifyChunkingCreateError(e);
      toast.error(c.title, c.description);
      return;
    }
    try {
      await navigate(paths.jobs.chunkingMonitor(jobId));
    } catch (e) {
      toast.error('Navigation failed', `The job was created (${jobId}) but its page could not be opened: ${(e as Error).message}`);
    }
  };

  return (
    <StartJobLayout
      title="Chunking Jobs"
      description="Split a file's recognised text into text and table chunks."
      formTitle="Run chunking"
      recent={<RecentJobsCard title="Recent chunking jobs" recent={recent} truncateAt={CHUNKING_NAME_TRUNCATE} monitorPath={paths.jobs.chunkingMonitor} emptyText="No chunking jobs yet" />}
    >
      {files.isPending ? (
        <LoadingState text="Loading files..." />
      ) : files.isError ? (
        <ErrorState title="Error loading files" message={files.error.message} onRetry={() => void files.refetch()} />
      ) : (
        <Field.Root required>
          <Field.Label>File</Field.Label>
          <SelectInput value={fileId} onChange={setFileId} placeholder="Select a file" options={files.data.files.map((f) => ({ value: f.id, label: f.filename }))} />
          <Field.HelperText>The file needs an OCR result first.</Field.HelperText>
        </Field.Root>
      )}
      <SelectField label="Strategy" value={strategy} onChange={setStrategy} options={CHUNKING_PAGE_STRATEGIES} />
      {strategy === 'llm_analysis' ? (
        <Field.Root>
          <Field.Label>Window size (lines)</Field.Label>
          <Input type="number" min={WINDOW_SIZE.min} max={WINDOW_SIZE.max} value={windowSize} onChange={(e) => setWindowSize(e.target.value)} />
          <Field.HelperText>
            {WINDOW_SIZE.min}–{WINDOW_SIZE.max}; anything else means {WINDOW_SIZE.default}.
          </Field.HelperText>
        </Field.Root>
      ) : null}
      <HStack>
        <Button colorPalette="brand" onClick={() => void onSubmit()} loading={create.isPending} loadingText="Starting...">
          Start Chunking
        </Button>
      </HStack>
    </StartJobLayout>
  );
}
