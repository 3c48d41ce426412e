import { Badge, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { PageHeader, ErrorAlert } from '@quarry/shared';
import { UPLOAD_MAX_FILES_PER_BATCH } from '@quarry/shared/constants';
import { RotateCcw, Upload } from 'lucide-react';
import { useCallback, useState } from 'react';
import { DropZone } from '../common/upload/DropZone';
import { pageUploads } from '../common/upload/instances';
import { OVERALL_STATUS_LABELS, type OverallStatus } from '../common/upload/store';
import { UploadList } from '../common/upload/UploadList';
import { useUploads } from '../common/upload/useUploads';
import { QuotaCard } from './QuotaCard';

const STATUS_PALETTE: Record<OverallStatus, string> = {
  preparing: 'gray',
  uploading: 'blue',
  validating: 'purple',
  completed: 'green',
  failed: 'red',
};

export const UPLOADS_TEXTS = {
  dropTitle: 'Drag and drop files here, or click to browse',
  dropHint: `Maximum ${UPLOAD_MAX_FILES_PER_BATCH} files per batch · PDF, JPEG, PNG, GIF, BMP, TIFF`,
  upload: (n: number) => `Upload ${n} file${n === 1 ? '' : 's'}`,
  reset: 'Reset',
} as const;

/** /uploads (File Upload): choose files, send them as one batch, watch each one. */
export default function UploadsPage() {
  const uploads = useUploads(pageUploads);
  const [error, setError] = useState<string | null>(null);
  const batch = uploads.state.batches.at(-1) ?? null;
  const items = batch ? uploads.state.items.filter((i) => i.batchId === batch.id) : [];
  const status = batch?.overall_status ?? 'preparing';
  const running = status === 'uploading' || status === 'validating' || (batch !== null && items.some((i) => i.upload_status === 'uploading' || i.upload_status === 'validating'));
  const pending = status === 'preparing' ? items.filter((i) => i.upload_status === 'pending').length : 0;

  // stable while the batch that takes new files stays the same, so the drop zone does not redraw at every progress notice
  const openBatchId = batch?.overall_status === 'preparing' ? batch.id : undefined;
  const add = uploads.add;
  const onFiles = useCallback(
    (files: File[]) => {
      const added = add(files, openBatchId);
      setError(added.error);
    },
    [add, openBatchId],
  );

  return (
    <>
      <PageHeader title="File Upload" description="Upload PDFs and images; each file is checked after it arrives." />
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
        <Stack gap="4">
          <DropZone
            onFiles={onFiles}
            accept=".pdf,.jpg,.jpeg,.png,.gif,.bmp,.tif,.tiff,application/pdf,image/*"
            title={UPLOADS_TEXTS.dropTitle}
            hint={UPLOADS_TEXTS.dropHint}
            disabled={running}
          />
          <ErrorAlert message={error} size="sm" role="alert" />
          <HStack justify="space-between" wrap="wrap" gap="3">
            <HStack gap="2" role="status" aria-live="polite">
              <Text fontWeight="medium">Session status:</Text>
              <Badge colorPalette={STATUS_PALETTE[status]} data-testid="session-status" data-status={status}>
                {OVERALL_STATUS_LABELS[status]}
              </Badge>
              {items.length ? (
                <Text textStyle="sm" color="fg.muted">
                  {items.length} file{items.length === 1 ? '' : 's'}
                </Text>
              ) : null}
            </HStack>
            <HStack gap="2">
              <Button variant="outline" onClick={() => { uploads.reset(); setError(null); }} disabled={items.length === 0}>
                <RotateCcw /> {UPLOADS_TEXTS.reset}
              </Button>
              {status === 'preparing' ? (
                <Button colorPalette="brand" disabled={pending === 0 || !batch} onClick={() => batch && void uploads.start(batch.id)}>
                  <Upload /> {UPLOADS_TEXTS.upload(pending)}
                </Button>
              ) : null}
            </HStack>
          </HStack>
          <ErrorAlert message={batch?.error_message} role="alert" />
          <UploadList
            items={items}
            batches={uploads.state.batches}
            onCancel={uploads.cancel}
            onRetry={uploads.retry}
            onRemove={uploads.remove}
            title="Files in this batch"
          />
        </Stack>
        <QuotaCard />
      </Grid>
    </>
  );
}
