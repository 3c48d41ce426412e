import { renderRoute } from '@quarry/shared/testing';
import { screen, within } from '@testing-library/react';
import { UploadList } from './UploadList';
import type { FileUploadStatus, UploadItem } from './store';

const item = (n: number, upload_status: FileUploadStatus, upload_progress = 0): UploadItem => ({
  key: `k${n}`,
  batchId: 'b1',
  file: new File(['x'], `f${n}.pdf`, { type: 'application/pdf' }),
  filename: `f${n}.pdf`,
  size: 1_048_576,
  mime_type: 'application/pdf',
  estimated_pages: 11,
  upload_id: `u${n}`,
  signed_url: `http://storage.test/u${n}`,
  upload_session_id: 's1',
  upload_progress,
  upload_status,
  error_message: null,
  file_id: null,
  actual_pages: null,
});

it('draws progress without animating: no transition or animation anywhere in the list while files are sent', () => {
  // progress is redrawn every 200 ms; a transition on the bars kept them animating (style,
  // layout and paint at frame rate) for the whole batch (bench/upload-ui)
  const items = [item(1, 'uploading', 40), item(2, 'uploading', 75), item(3, 'completed', 100), item(4, 'pending'), item(5, 'validating')];
  renderRoute(<UploadList items={items} batches={[]} onCancel={() => {}} onRetry={() => {}} title="Files in this batch" />);
  const list = screen.getByRole('region', { name: 'Files in this batch' });
  const bars = within(list).getAllByRole('progressbar');
  expect(bars.map((b) => (b.firstElementChild as HTMLElement).style.width)).toEqual(['40%', '75%']);
  for (const el of [list, ...list.querySelectorAll<HTMLElement>('*')]) {
    const style = getComputedStyle(el);
    expect({ el: el.className, transition: style.transition || 'none', animation: style.animation || 'none' }).toEqual({
      el: el.className,
      transition: 'none',
      animation: 'none',
    });
  }
});
