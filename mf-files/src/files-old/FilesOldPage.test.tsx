import { toaster } from '@quarry/shared';
import { renderRoute, signInForTests, signOutForTests, startFakeApi, type FakeApi } from '@quarry/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fileInfo } from '../test/factories';
import FilesOldPage from './FilesOldPage';

let api: FakeApi;
const all = Array.from({ length: 52 }, (_, i) => fileInfo({ filename: `doc-${String(i).padStart(2, '0')}.pdf`, actual_pages: 2, page_count: 2 }));

beforeAll(async () => {
  api = await startFakeApi((req) => {
    if (req.path.endsWith('files/my-files')) {
      const offset = Number(req.query.get('offset'));
      const limit = Number(req.query.get('limit'));
      return { body: { files: all.slice(offset, offset + limit), total_count: all.length, total_pages: 104, offset, limit } };
    }
    return { status: 404, body: { detail: 'Not Found' } };
  });
});
afterAll(() => api.close());
beforeEach(() => signInForTests(api));
afterEach(() => {
  act(() => toaster.remove());
  signOutForTests();
});

describe('/files-old', () => {
  it("shows the summary cards and loads pages of 50 with 'Load More Files'", async () => {
    const user = userEvent.setup();
    renderRoute(<FilesOldPage />, { path: '/files-old' });
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(50));
    expect(screen.getByLabelText('Total Files')).toHaveTextContent('52');
    expect(screen.getByLabelText('Total Pages')).toHaveTextContent('104');
    expect(screen.getByLabelText('Selected')).toHaveTextContent('0');
    expect(api.requests[0]!.query.get('limit')).toBe('50');
    await user.click(screen.getByLabelText('Select doc-00.pdf'));
    expect(screen.getByLabelText('Selected')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Load More Files' }));
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(52));
    expect(api.requests.at(-1)!.query.get('offset')).toBe('50');
    expect(screen.queryByRole('button', { name: 'Load More Files' })).not.toBeInTheDocument();
  }, 90_000); // fifty table rows of Chakra checkboxes are slow to render in jsdom
});
