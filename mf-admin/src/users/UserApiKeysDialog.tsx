// A user's API keys as an administrator sees them (GET /admin/users/{id}/api-keys): name,
// prefix, scope, created, last used, expiry, status; revoke any of them (it stops at once).
import { Code, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, formatDateTime, toast, ApiKeyTable, DialogFrame } from '@quarry/shared';
import type { AdminUser } from '@quarry/shared/schemas';
import { serverDetailOr } from '../common/errors';
import { useAdminRevokeApiKey, useUserApiKeys } from './queries';

function KeyList({ user }: { user: AdminUser }) {
  const keys = useUserApiKeys(user.id);
  const revoke = useAdminRevokeApiKey(user.id);
  if (keys.isPending) return <LoadingState text="Loading API keys..." />;
  if (keys.isError) return <ErrorState title="Failed to load API keys" message={serverDetailOr(keys.error, 'Failed to load API keys')} onRetry={() => void keys.refetch()} />;
  if (keys.data.api_keys.length === 0) return <EmptyState title="No API keys" description={`${user.email} has not created any.`} />;
  return (
    <ApiKeyTable
      label={`API keys of ${user.email}`}
      columns={['Name', 'Scope', 'Created', 'Last used', 'Status', { label: <Text srOnly>Actions</Text>, key: 'actions', textAlign: 'end' }]}
      keys={keys.data.api_keys}
      rowTestId="admin-api-key"
      cells={(k) => (
        <>
          <Table.Cell>
            <Text fontWeight="medium">{k.name}</Text>
            <Code textStyle="xs">{k.prefix}…</Code>
          </Table.Cell>
          <Table.Cell>{k.scope}</Table.Cell>
          <Table.Cell textStyle="xs">{formatDateTime(k.created_at)}</Table.Cell>
          <Table.Cell textStyle="xs">{k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'}</Table.Cell>
        </>
      )}
      revokeMessage={(key) => `Revoke "${key.name}" of ${user.email}? Programs using it stop working at once.`}
      revoke={(key) =>
        revoke
          .mutateAsync(key.id)
          .then(() => toast.success('API Key Revoked', key.name))
          .catch((err: unknown) => toast.error('Revoke Failed', serverDetailOr(err, 'Failed to revoke the key')))
      }
    />
  );
}

export function UserApiKeysDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <DialogFrame open={user !== null} onClose={onClose} size="xl" title="API keys">
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
    </DialogFrame>
  );
}
