// A table of API keys looks the same wherever keys are listed (the user's settings, an
// administrator's view of one user): the key's status and a Revoke button as the last two
// cells of its row, and a destructive confirmation naming the key.
import { Button, Table } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { ApiKey } from '../schemas';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable, type DataTableColumn } from './DataTable';
import { StatusBadge } from './StatusBadge';

export interface ApiKeyStatusCellsProps {
  apiKey: ApiKey;
  /** asks to revoke the key; a revoked key has no button */
  onRevoke: (key: ApiKey) => void;
}

/** The status and action cells of a key's row. */
export function ApiKeyStatusCells({ apiKey, onRevoke }: ApiKeyStatusCellsProps) {
  return (
    <>
      <Table.Cell>
        <StatusBadge status={apiKey.status} kind="apiKey" />
      </Table.Cell>
      <Table.Cell textAlign="end">
        {apiKey.status === 'revoked' ? null : (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        )}
      </Table.Cell>
    </>
  );
}

export interface RevokeApiKeyDialogProps {
  /** the key to revoke; null keeps the dialog closed */
  apiKey: ApiKey | null;
  onClose: () => void;
  /** the question, naming the key */
  message: (key: ApiKey) => string;
  /** revokes the key; the dialog closes when it resolves and stays open when it rejects */
  onConfirm: (key: ApiKey) => Promise<unknown>;
}

export function RevokeApiKeyDialog({ apiKey, onClose, message, onConfirm }: RevokeApiKeyDialogProps) {
  return (
    <ConfirmDialog
      open={apiKey !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Revoke API key"
      message={apiKey ? message(apiKey) : null}
      confirmLabel="Revoke"
      destructive
      onConfirm={() => (apiKey ? onConfirm(apiKey) : undefined)}
    />
  );
}

export interface ApiKeyTableProps {
  /** the table's accessible name */
  label: string;
  /** every column's header, the status and actions columns last */
  columns: readonly DataTableColumn[];
  keys: readonly ApiKey[];
  rowTestId: string;
  /** a key's cells before its status and action cells */
  cells: (key: ApiKey) => ReactNode;
  /** the revoke question, naming the key */
  revokeMessage: (key: ApiKey) => string;
  /** revokes the key; the confirmation closes when it resolves and stays open when it rejects */
  revoke: (key: ApiKey) => Promise<unknown>;
}

/** The keys, one row each ending in its status and Revoke, and the confirmation Revoke asks for. */
export function ApiKeyTable({ label, columns, keys, rowTestId, cells, revokeMessage, revoke }: ApiKeyTableProps) {
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  return (
    <>
      <DataTable label={label} columns={columns}>
        {keys.map((k) => (
          <Table.Row key={k.id} data-testid={rowTestId}>
            {cells(k)}
            <ApiKeyStatusCells apiKey={k} onRevoke={setConfirming} />
          </Table.Row>
        ))}
      </DataTable>
      <RevokeApiKeyDialog apiKey={confirming} onClose={() => setConfirming(null)} message={revokeMessage} onConfirm={revoke} />
    </>
  );
}
