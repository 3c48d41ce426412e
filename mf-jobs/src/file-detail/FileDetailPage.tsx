// /files/{fileId}: back link to /files, Edit Chunks, three tabs. A foreign or
// unknown id reads 'File not found' (the API answers 404 for another user's file too).
import { Box, Flex, HStack, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { ErrorState, LoadingState, StatusBadge, formatDateTime, formatMB, paths, toAppError, validityStatus, ButtonLink } from '@quarry/shared';
import { ArrowLeft, Pencil } from 'lucide-react';
import { useParams } from 'react-router';
import { useFile } from '../common/fileQueries';
import { useFileLiveUpdates } from '../common/useFileLiveUpdates';
import { ChunkingVersionsTab } from './ChunkingVersionsTab';
import { ExtractionTab } from './ExtractionTab';
import { OcrTab } from './OcrTab';
import { ExportMenu } from '../common/review-export/ExportMenu';
import { useFilePageState, type FileTab } from './review/selection';

export const FILE_NOT_FOUND = 'File not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function BackToFiles() {
  return (
    <ButtonLink to={paths.files.index} variant="ghost" size="sm">
      <ArrowLeft size={16} /> Back to Files
    </ButtonLink>
  );
}

export default function FileDetailPage() {
  const fileId = useParams().fileId ?? '';
  // a malformed id cannot name a file: no call needed
  if (!UUID.test(fileId)) return <NotFound />;
  return <FileDetail fileId={fileId} />;
}

function NotFound({ message }: { message?: string }) {
  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <Box>
        <BackToFiles />
      </Box>
      <ErrorState title={FILE_NOT_FOUND} message={message ?? 'The file does not exist or you do not have access to it.'} />
    </Stack>
  );
}

function FileDetail({ fileId }: { fileId: string }) {
  const file = useFile(fileId);
  useFileLiveUpdates(fileId);
  // the open tab is in the URL: a value's source mark opens the OCR tab at its lines
  const { tab, setTab } = useFilePageState();
  if (file.isPending) return <LoadingState text="Loading file..." fill />;
  if (file.isError) {
    const error = toAppError(file.error);
    if (error.status === 404 || error.status === 422) return <NotFound />;
    return (
      <Stack gap="4" p={{ base: '3', md: '6' }}>
        <Box>
          <BackToFiles />
        </Box>
        <ErrorState title="Could not load the file" message={error.message} onRetry={() => void file.refetch()} />
      </Stack>
    );
  }
  const f = file.data;
  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <BackToFiles />
        <ExportMenu kind="file" id={fileId} name={f.filename} ms="auto" alignSelf="center" />
        <ButtonLink to={paths.files.editChunks(fileId)} colorPalette="brand" size="sm">
          <Pencil size={16} /> Edit Chunks
        </ButtonLink>
      </Flex>
      <Box>
        <Heading as="h1" size="xl" wordBreak="break-word">
          {f.filename}
        </Heading>
        <HStack gap="3" mt="1" wrap="wrap" fontSize="sm" color="fg.muted">
          <StatusBadge status={validityStatus(f.is_valid)} kind="validity" />
          <Text>{f.mime_type}</Text>
          <Text>{formatMB(f.file_size)}</Text>
          {f.actual_pages !== null ? <Text>{f.actual_pages} pages</Text> : null}
          <Text>Uploaded {formatDateTime(f.created_at)}</Text>
        </HStack>
      </Box>
      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as FileTab)} lazyMount variant="line">
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="ocr">OCR Results</Tabs.Trigger>
          <Tabs.Trigger value="versions">Chunking Versions</Tabs.Trigger>
          <Tabs.Trigger value="extraction">Extraction Results</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="ocr">
          <OcrTab file={f} />
        </Tabs.Content>
        <Tabs.Content value="versions">
          <ChunkingVersionsTab fileId={fileId} />
        </Tabs.Content>
        <Tabs.Content value="extraction">
          <ExtractionTab fileId={fileId} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
