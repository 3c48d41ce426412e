import { Box } from '@chakra-ui/react';
import { formatMB } from '@quarry/shared';
import { memo } from 'react';
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

// The rows are plain elements styled once by the list (Chakra tokens, light and dark): a
// batch of 50 renders and re-renders without 50 × a dozen styled components, which kept the
// page's main thread busy for hundreds of milliseconds at each status change.
const badgeStyles = Object.fromEntries(
  Object.entries(STATUS_PALETTE).map(([status, palette]) => [`& .badge[data-status="${status}"]`, { bg: `${palette}.subtle`, color: `${palette}.fg` }]),
);

const listCss = {
  '& .row': { px: '4', py: '3', borderTopWidth: '1px', borderColor: 'border' },
  '& .row:first-of-type': { borderTopWidth: '0' },
  '& .head': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' },
  '& .who': { minWidth: '0', flex: '1' },
  '& .name': { fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .meta': { textStyle: 'xs', color: 'fg.muted' },
  '& .side': { display: 'flex', alignItems: 'center', gap: '2' },
  '& .badge': { display: 'inline-flex', alignItems: 'center', px: '1.5', minH: '5', borderRadius: 'l1', textStyle: 'xs', fontWeight: 'medium', whiteSpace: 'nowrap' },
  ...badgeStyles,
  '& .act': {
    textStyle: 'xs',
    fontWeight: 'medium',
    px: '2',
    h: '6',
    borderRadius: 'l1',
    cursor: 'pointer',
    color: 'fg',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
  },
  '& .act.outline': { borderWidth: '1px', borderColor: 'border.emphasized' },
  '& .act.danger': { color: 'fg.error' },
  '& .bar': { mt: '2', h: '1', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' },
  // no transition on the width: progress is drawn every 200 ms, so a 0.2 s transition kept the
  // bars animating (style, layout and paint at frame rate) for as long as files were sent
  '& .bar > div': { h: 'full', bg: 'brand.solid', borderRadius: 'full' },
  '& .why': { textStyle: 'sm', color: 'fg.error', mt: '1' },
} as const;

export interface UploadListProps {
  items: UploadItem[];
  batches: UploadBatch[];
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onRemove?: (key: string) => void;
  title?: string;
}

interface UploadRowProps {
  item: UploadItem;
  /** Its batch has not been sent yet: the file may still be removed. */
  preparing: boolean;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onRemove?: (key: string) => void;
}

/** One file; memoised, so progress ticks re-render only the rows that moved. */
const UploadRow = memo(function UploadRow({ item, preparing, onCancel, onRetry, onRemove }: UploadRowProps) {
  const sending = item.upload_status === 'uploading' || (item.upload_status === 'pending' && !preparing);
  const pages = item.actual_pages ?? item.estimated_pages;
  return (
    <div className="row" role="group" aria-label={item.filename} data-testid="upload-item" data-filename={item.filename} data-status={item.upload_status}>
      <div className="head">
        <div className="who">
          <div className="name" title={item.filename}>
            {item.filename}
          </div>
          <div className="meta">
            {formatMB(item.size)} · {item.actual_pages === null ? '~' : ''}
            {pages} page{pages === 1 ? '' : 's'}
          </div>
        </div>
        <div className="side">
          <span className="badge" data-status={item.upload_status}>
            {FILE_STATUS_LABELS[item.upload_status]}
          </span>
          {sending ? (
            <button type="button" className="act" onClick={() => onCancel(item.key)} aria-label={`Cancel upload of ${item.filename}`}>
              Cancel
            </button>
          ) : null}
          {item.upload_status === 'failed' ? (
            <button type="button" className="act outline" onClick={() => onRetry(item.key)} aria-label={`Retry upload of ${item.filename}`}>
              Retry
            </button>
          ) : null}
          {preparing && onRemove ? (
            <button type="button" className="act danger" onClick={() => onRemove(item.key)} aria-label={`Remove ${item.filename}`}>
              Remove
            </button>
          ) : null}
        </div>
      </div>
      {item.upload_status === 'uploading' ? (
        <div className="bar" role="progressbar" aria-label={`Upload progress of ${item.filename}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={item.upload_progress}>
          <div style={{ width: `${item.upload_progress}%` }} />
        </div>
      ) : null}
      {item.error_message && (item.upload_status === 'failed' || item.upload_status === 'invalid') ? <div className="why">{item.error_message}</div> : null}
    </div>
  );
});

/** The upload progress list: per file its status, progress, the server's reason when it failed. */
export function UploadList({ items, batches, onCancel, onRetry, onRemove, title = 'Uploads' }: UploadListProps) {
  if (items.length === 0) return null;
  const preparingBatches = new Set(batches.filter((b) => b.overall_status === 'preparing').map((b) => b.id));
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="l2" css={listCss}>
      {items.map((item) => (
        <UploadRow
          key={item.key}
          item={item}
          preparing={preparingBatches.has(item.batchId) && item.upload_status === 'pending'}
          onCancel={onCancel}
          onRetry={onRetry}
          onRemove={onRemove}
        />
      ))}
    </Box>
  );
}
