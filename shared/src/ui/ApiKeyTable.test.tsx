import { Table } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from '../schemas';
import { renderUi } from '../testing/render';
import { ApiKeyStatusCells, ApiKeyTable, RevokeApiKeyDialog } from './ApiKeyTable';

const key = (status: ApiKey['status']): ApiKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-000000000002',
  name: 'ERP import',
  prefix: 'qk_12345678',
  scope: 'read',
  created_at: '2026-01-01T00:00:00Z',
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  status,
});

const row = (k: ApiKey, onRevoke: (k: ApiKey) => void) => (
  <Table.Root>
    <Table.Body>
      <Table.Row>
        <ApiKeyStatusCells apiKey={k} onRevoke={onRevoke} />
      </Table.Row>
    </Table.Body>
  </Table.Root>
);

describe('ApiKeyStatusCells', () => {
  it('asks to revoke an active key', async () => {
    const onRevoke = jest.fn();
    const k = key('active');
    renderUi(row(k, onRevoke));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke ERP import' }));
    expect(onRevoke).toHaveBeenCalledWith(k);
  });

  it('has no button for a revoked key', () => {
    renderUi(row(key('revoked'), jest.fn()));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('RevokeApiKeyDialog', () => {
  it('names the key and revokes it on confirm', async () => {
    const onConfirm = jest.fn(() => Promise.resolve());
    const onClose = jest.fn();
    const k = key('active');
    renderUi(<RevokeApiKeyDialog apiKey={k} onClose={onClose} message={(x) => `Revoke "${x.name}"?`} onConfirm={onConfirm} />);
    expect(await screen.findByText('Revoke "ERP import"?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(onConfirm).toHaveBeenCalledWith(k);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ApiKeyTable', () => {
  it('lists the keys with their own cells and revokes one after the confirmation', async () => {
    const revoke = jest.fn(() => Promise.resolve());
    const k = key('active');
    renderUi(
      <ApiKeyTable
        label="API keys"
        columns={['Name', 'Status', 'Actions']}
        keys={[k]}
        rowTestId="key-row"
        cells={(x) => <Table.Cell>{x.name}</Table.Cell>}
        revokeMessage={(x) => `Revoke "${x.name}"?`}
        revoke={revoke}
      />,
    );
    expect(screen.getByTestId('key-row')).toHaveTextContent('ERP import');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke ERP import' }));
    expect(await screen.findByText('Revoke "ERP import"?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(revoke).toHaveBeenCalledWith(k);
  });
});
