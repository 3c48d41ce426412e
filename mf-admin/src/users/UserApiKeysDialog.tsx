// A user's API keys as an administrator sees them (GET /admin/users/{id}/api-keys): name,
// prefix, scope, created, last used, expiry, status; revoke any of them (it stops at once).
import { CloseButton, Code, Dialog, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, formatDateTime, toast, DataTable, ApiKeyStatusCells, RevokeApiKeyDialog } from '@quarry/shared';
import type { AdminUser, ApiKey } from '@quarry/shared/schemas';
import { useState } from 'react';
import { serverDetailOr } from '../common/errors';
import { useAdminRevokeApiKey, useUserApiKeys } from './queries';

function KeyList({ user }: { user: AdminUser }) {
  const keys = useUserApiKeys(user.id);
  const revoke = useAdminRevokeApiKey(user.id);
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  if (keys.isPending) return <LoadingState text="Loading API keys..." />;
  if (keys.isError) return <ErrorState title="Failed to load API keys" message={serverDetailOr(keys.error, 'Failed to load API keys')} onRetry={() => void keys.refetch()} />;
  if (keys.data.api_keys.length === 0) return <EmptyState title="No API keys" description={`${user.email} has not created any.`} />;
  return (
    <>
      <DataTable
        label={`API keys of ${user.email}`}
        columns={['Name', 'Scope', 'Created', 'Last used', 'Status', { label: <Text srOnly>Actions</Text>, key: 'actions', textAlign: 'end' }]}
      >
        {keys.data.api_keys.map((k) => (
          <Table.Row key={k.id} data-testid="admin-api-key">
            <Table.Cell>
              <Text fontWeight="medium">{k.name}</Text>
              <Code textStyle="xs">{k.prefix}…</Code>
            </Table.Cell>
            <Table.Cell>{k.scope}</Table.Cell>
            <Table.Cell textStyle="xs">{formatDateTime(k.created_at)}</Table.Cell>
            <Table.Cell textStyle="xs">{k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'}</Table.Cell>
            <ApiKeyStatusCells apiKey={k} onRevoke={setConfirming} />
          </Table.Row>
        ))}
      </DataTable>
      <RevokeApiKeyDialog
        apiKey={confirming}
        onClose={() => setConfirming(null)}
        message={(key) => `Revoke "${key.name}" of ${user.email}? Programs using it stop working at once.`}
        onConfirm={(key) =>
          revoke
            .mutateAsync(key.id)
            .then(() => toast.success('API Key Revoked', key.name))
            .catch((err: unknown) => toast.error('Revoke Failed', serverDetailOr(err, 'Failed to revoke the key')))
        }
      />
    </>
  );
}

export function UserApiKeysDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog.Root open={user !== null} onOpenChange={(d) => !d.open && onClose()} placement="center" size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>API keys</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {user ? (
                  <>
                    <Text textStyle="sm" color="fg.muted">
                      Keys of {user.email}. Secrets are never shown; revoking one stops it at once.
                    </Text>
                    <KeyList user={user} />
                  </>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
