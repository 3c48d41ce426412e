// The export menu: each format asks the scope's export endpoint with the chosen options and saves
// the answer under a readable name; a failed export says why.
import { api, auth, toaster } from '@quarry/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { httpError, quietActWarnings, renderRoute, signInForTest } from '../common/testing';
import { ExportMenu } from './ExportMenu';

const ID = '7d0c9a4e-5d0f-4a53-9c4a-333333333333';
let get: jest.SpyInstance;
let clicked: string[];

beforeEach(async () => {
  quietActWarnings();
  await signInForTest();
  clicked = [];
  get = jest.spyOn(api, 'get').mockResolvedValue(new Blob(['x']));
  URL.createObjectURL = jest.fn(() => 'blob:x');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  auth.clear();
  toaster.remove();
});

const open = async () => {
  renderRoute(<ExportMenu kind="dataset" id={ID} name="Invoices March" />);
  await userEvent.click(screen.getByRole('button', { name: 'Export reviewed records' }));
};

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
    await open();
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Sources/ }));
    expect(screen.getByRole('menuitemcheckbox', { name: /Sources/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV: table rows' }));
    await waitFor(() => expect(clicked).toEqual(['invoices-march-review-rows.csv']));
    expect(get).toHaveBeenCalledWith(`datasets/${ID}/export`, expect.objectContaining({ query: { format: 'csv', part: 'rows', provenance: true, checks: false }, responseType: 'blob' }));
    expect(await screen.findByText('Export downloaded')).toBeInTheDocument();
  });

  it('says why an export failed', async () => {
    get.mockRejectedValue(httpError(404, 'Dataset not found'));
    await open();
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: /Checks/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'XLSX (records and rows sheets)' }));
    await waitFor(() => expect(get).toHaveBeenCalled());
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(await screen.findByText('Dataset not found')).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});
