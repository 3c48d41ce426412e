import { Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { formatMB } from '@quarry/shared';
import { FILE_STATUS_LABELS, type FileUploadStatus, type UploadBatch, type UploadItem } from './store';

const STATUS_PALETTE: Record<FileUploadStatus, string> = {
  pending: 'gray',
  uploading: 'blue',
  completed: 'teal',
  validating: 'purple',
  validated: 'green',
  invalid: 'red',
  failed: 'red',
};

export function FileStatusBadge({ status }: { status: FileUploadStatus }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="subtle" data-status={status}>
      {FILE_STATUS_LABELS[status]}
    </Badge>
  );
}

export interface UploadListProps {
  items: UploadItem[];
  batches: UploadBatch[];
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onRemove?: (key: string) => void;
  title?: string;
}

/** The upload progress list: per file its status, progress, the server's reason when it failed. */
export function UploadList({ items, batches, onCancel, onRetry, onRemove, title = 'Uploads' }: UploadListProps) {
  if (items.length === 0) return null;
  const batchStatus = new Map(batches.map((b) => [b.id, b.overall_status]));
  return (
    <Stack as="section" aria-label={title} gap="0" borderWidth="1px" borderRadius="l2" divideY="1px">
      {items.map((item) => {
        const preparing = batchStatus.get(item.batchId) === 'preparing' && item.upload_status === 'pending';
        const sending = item.upload_status === 'uploading' || (item.upload_status === 'pending' && !preparing);
        return (
          <Box key={item.key} px="4" py="3" data-testid="upload-item" data-filename={item.filename} data-status={item.upload_status} aria-label={item.filename} role="group">
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Stack gap="0" minW="0" flex="1">
                <Text fontWeight="medium" truncate title={item.filename}>
                  {item.filename}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {formatMB(item.size)}
                  {item.actual_pages !== null
                    ? ` · ${item.actual_pages} page${item.actual_pages === 1 ? '' : 's'}`
                    : ` · ~${item.estimated_pages} page${item.estimated_pages === 1 ? '' : 's'}`}
                </Text>
              </Stack>
              <HStack gap="2">
                <FileStatusBadge status={item.upload_status} />
                {sending ? (
                  <Button size="xs" variant="ghost" onClick={() => onCancel(item.key)} aria-label={`Cancel upload of ${item.filename}`}>
                    Cancel
                  </Button>
                ) : null}
                {item.upload_status === 'failed' ? (
                  <Button size="xs" variant="outline" onClick={() => onRetry(item.key)} aria-label={`Retry upload of ${item.filename}`}>
                    Retry
                  </Button>
                ) : null}
                {preparing && onRemove ? (
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onRemove(item.key)} aria-label={`Remove ${item.filename}`}>
                    Remove
                  </Button>
                ) : null}
              </HStack>
            </HStack>
            {item.upload_status === 'uploading' ? (
              <Progress.Root value={item.upload_progress} size="xs" mt="2" colorPalette="brand" aria-label={`Upload progress of ${item.filename}`}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
            {item.error_message && (item.upload_status === 'failed' || item.upload_status === 'invalid') ? (
              <Text textStyle="sm" color="fg.error" mt="1">
                {item.error_message}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
