// /jobs/ocr: search and pick a valid PDF or image, start OCR (create, start, go to the
// monitor), and the 10 most recent OCR jobs.
import { Box, Button, Field, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, RadioItem, formatMB, paths, toast } from '@quarry/shared';
import type { FileInfo } from '@quarry/shared/schemas';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMyFiles } from '../common/queries';
import { StartJobLayout } from '../common/StartJobLayout';
import { RecentJobsCard } from '../common/RecentJobs';
import { OCR_NAME_TRUNCATE, useRecentOcrJobs, useStartOcr } from './queries';

/** Valid files that are PDFs or images. */
export function isOcrCandidate(f: Pick<FileInfo, 'is_valid' | 'mime_type'>): boolean {
  return f.is_valid === true && (f.mime_type === 'application/pdf' || f.mime_type.startsWith('image/'));
}

export default function OcrJobsPage() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const [selected, setSelected] = useState<string>('');
  const files = useMyFiles({ includeFailed: false });
  const recent = useRecentOcrJobs();
  const start = useStartOcr();
  const navigate = useNavigate();

  const candidates = useMemo(() => {
    const all = (files.data?.files ?? []).filter(isOcrCandidate);
    const q = deferred.toLowerCase();
    return q ? all.filter((f) => f.filename.toLowerCase().includes(q)) : all;
  }, [files.data, deferred]);

  const onStart = async () => {
    const file = files.data?.files.find((f) => f.id === selected);
    if (!file) {
      toast.error('No file selected', 'Please select a file to process.');
      return;
    }
    try {
      const job = await start.mutateAsync({ fileId: file.id, name: `OCR: ${file.filename}` });
      navigate(paths.jobs.ocrMonitor(job.id));
    } catch {
      toast.error('Error creating OCR job', 'Failed to create OCR job. Please try again.');
    }
  };

  return (
    <StartJobLayout
      title="OCR Jobs"
      description="Recognise the text of an uploaded PDF or image."
      formTitle="Start OCR"
      recent={<RecentJobsCard title="Recent OCR jobs" recent={recent} truncateAt={OCR_NAME_TRUNCATE} monitorPath={paths.jobs.ocrMonitor} emptyText="No OCR jobs yet" />}
    >
      <Field.Root>
        <Field.Label>Search files</Field.Label>
        <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Filter by filename" type="search" />
      </Field.Root>
      {files.isPending ? (
        <LoadingState text="Loading files..." />
      ) : files.isError ? (
        <ErrorState title="Error loading files" message={files.error.message} onRetry={() => void files.refetch()} />
      ) : candidates.length === 0 ? (
        <EmptyState title="No files found" description={deferred ? 'No valid PDF or image matches the search.' : 'Upload a PDF or an image first.'} />
      ) : (
        <RadioGroup.Root value={selected} onValueChange={(d) => setSelected(d.value ?? '')} aria-label="File to process">
          <Box maxH="20rem" overflowY="auto">
            <Stack gap="2">
              {candidates.map((f) => (
                <RadioItem key={f.id} value={f.id} borderWidth="1px" borderRadius="md" p="2" alignItems="flex-start">
                  <Text as="span" fontWeight="medium" wordBreak="break-all">
                    {f.filename}
                  </Text>
                  <Text as="span" display="block" fontSize="xs" color="fg.muted">
                    {formatMB(f.file_size)} · {f.page_count} page(s)
                  </Text>
                </RadioItem>
              ))}
            </Stack>
          </Box>
        </RadioGroup.Root>
      )}
      <HStack>
        <Button colorPalette="brand" onClick={() => void onStart()} loading={start.isPending} loadingText="Starting...">
          Start OCR
        </Button>
      </HStack>
    </StartJobLayout>
  );
}
