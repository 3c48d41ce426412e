// The export menu: each format asks the scope's export endpoint with the chosen options and saves
// the answer under a readable name; a failed export says why.
import { toaster } from '@quarry/shared';
import { quietActWarnings, renderRoute, setupFakeApiRoutes, type FakeCall, type FakeRoutes } from '@quarry/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportMenu } from './ExportMenu';

const ID = '7d0c9a4e-5d0f-4a53-9c4a-333333333333';
const EXPORT = `GET /datasets/${ID}/export`;
const fakeApi = setupFakeApiRoutes();
let clicked: string[];
let saved: Blob[];

beforeEach(() => {
  quietActWarnings();
  clicked = [];
  saved = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:x';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => toaster.remove());
});

const open = async (routes: FakeRoutes = { [EXPORT]: () => ({ raw: 'item,qty\nBolt,2\n', headers: { 'Content-Type': 'text/csv' } }) }) => {
  const calls = fakeApi.serve(routes);
  renderRoute(<ExportMenu kind="dataset" id={ID} name="Invoices March" />);
  await userEvent.click(screen.getByRole('button', { name: 'Export reviewed records' }));
  return calls;
};
const exports = (calls: FakeCall[]) => calls.filter((c) => `${c.method} ${c.path}` === EXPORT);

describe('ExportMenu', () => {
  jest.setTimeout(20_000);
  it('offers JSON, CSV records, CSV rows and XLSX', async () => {
    await open();
    for (const name of ['JSON', 'CSV: records (one line per file)', 'CSV: table rows', 'XLSX (records and rows sheets)']) {
      expect(await screen.findByRole('menuitem', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('menuitemcheckbox', { name: /Sources/ })).toHaveAttribute('aria-checked', 'false');
  });

  it('downloads CSV rows with the source column when asked', async () => {
    const calls = await open();
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Sources/ }));
    expect(screen.getByRole('menuitemcheckbox', { name: /Sources/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV: table rows' }));
    await waitFor(() => expect(clicked).toEqual(['invoices-march-review-rows.csv']));
    expect(exports(calls).map((c) => Object.fromEntries(c.query))).toEqual([{ format: 'csv', part: 'rows', provenance: 'true', checks: 'false' }]);
    // the answer is saved as the file's bytes (read as a Blob, not as text or JSON)
    expect(saved).toHaveLength(1);
    expect(await saved[0]!.text()).toBe('item,qty\nBolt,2\n');
    expect(await screen.findByText('Export downloaded')).toBeInTheDocument();
  });

  it('says why an export failed', async () => {
    const calls = await open({ [EXPORT]: () => ({ status: 404, body: { detail: 'Dataset not found' } }) });
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Checks/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'XLSX (records and rows sheets)' }));
    await waitFor(() => expect(exports(calls)).toHaveLength(1));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(await screen.findByText('Dataset not found')).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});
