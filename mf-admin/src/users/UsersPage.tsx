import { Badge, Button, HStack, Input, InputGroup, Menu, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, formatDate, formatDateTime, toast, useCurrentUser } from '@quarry/shared';
import type { AdminUser, AdminUserUpdate } from '@quarry/shared/schemas';
import { EllipsisVertical, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { serverDetailOr } from '../common/errors';
import { AdjustBalanceDialog } from './AdjustBalanceDialog';
import { UserApiKeysDialog } from './UserApiKeysDialog';
import { useUpdateUser, useUsers } from './queries';

interface PendingChange {
  user: AdminUser;
  patch: AdminUserUpdate;
  title: string;
  message: string;
  confirmLabel: string;
  done: string;
  destructive: boolean;
}

function changeFor(user: AdminUser, kind: 'active' | 'superuser'): PendingChange {
  if (kind === 'active') {
    return user.is_active
      ? { user, patch: { is_active: false }, title: 'Disable user', message: `${user.email} will be signed out and cannot sign in until enabled again.`, confirmLabel: 'Disable', done: 'User Disabled', destructive: true }
      : { user, patch: { is_active: true }, title: 'Enable user', message: `${user.email} can sign in again.`, confirmLabel: 'Enable', done: 'User Enabled', destructive: false };
  }
  return user.is_superuser
    ? { user, patch: { is_superuser: false }, title: 'Remove superuser', message: `${user.email} loses access to the admin area.`, confirmLabel: 'Remove superuser', done: 'Superuser Removed', destructive: true }
    : { user, patch: { is_superuser: true }, title: 'Make superuser', message: `${user.email} gets full access to the admin area.`, confirmLabel: 'Make superuser', done: 'Superuser Added', destructive: false };
}

/** /admin/users: email, created, last login, balance, superuser, disabled; disable / enable and balance adjustments. */
export default function UsersPage() {
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const users = useUsers(search);
  const update = useUpdateUser();
  const [change, setChange] = useState<PendingChange | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [keysOf, setKeysOf] = useState<AdminUser | null>(null);

  let body;
  if (users.isPending) body = <LoadingState text="Loading users..." />;
  else if (users.isError) body = <ErrorState title="Failed to load users" message={serverDetailOr(users.error, 'Failed to load users')} onRetry={() => void users.refetch()} />;
  else if (users.data.users.length === 0) body = <EmptyState icon={<Users />} title="No users found" description={search ? 'Try another search.' : 'Nobody has signed up yet.'} />;
  else
    body = (
      <Table.ScrollArea borderWidth="1px" rounded="l2">
        <Table.Root size="sm" aria-label="Users" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>User</Table.ColumnHeader>
              <Table.ColumnHeader>Last login</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
              <Table.ColumnHeader>Access</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {users.data.users.map((u) => (
              <Table.Row key={u.id} data-testid="user-row" aria-label={u.email}>
                <Table.Cell>
                  <Text fontWeight="medium" maxW={{ base: '52', xl: '72' }} truncate title={u.email}>
                    {u.email}
                  </Text>
                  <Text textStyle="xs" color="fg.muted">
                    {u.full_name ? `${u.full_name} · ` : ''}created {formatDate(u.created_at)}
                  </Text>
                </Table.Cell>
                <Table.Cell textStyle="xs" minW="28">
                  {u.last_login_at ? formatDateTime(u.last_login_at) : 'Never'}
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="user-balance">
                  {u.credit_balance.toLocaleString('en-US')}
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1" wrap="wrap">
                    {u.is_active ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="red">Disabled</Badge>}
                    {u.is_superuser ? <Badge colorPalette="purple">Superuser</Badge> : null}
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Menu.Root positioning={{ placement: 'bottom-end' }}>
                    <Menu.Trigger asChild>
                      <Button size="xs" variant="ghost" aria-label={`Actions for ${u.email}`}>
                        <EllipsisVertical />
                      </Button>
                    </Menu.Trigger>
                    <Portal>
                      <Menu.Positioner>
                        <Menu.Content>
                          <Menu.Item value="adjust" onSelect={() => setAdjusting(u)}>
                            Adjust balance
                          </Menu.Item>
                          <Menu.Item value="api-keys" onSelect={() => setKeysOf(u)}>
                            API keys
                          </Menu.Item>
                          <Menu.Item value="active" onSelect={() => setChange(changeFor(u, 'active'))} disabled={u.id === me?.id && u.is_active}>
                            {u.is_active ? 'Disable' : 'Enable'}
                          </Menu.Item>
                          <Menu.Item value="superuser" onSelect={() => setChange(changeFor(u, 'superuser'))}>
                            {u.is_superuser ? 'Remove superuser' : 'Make superuser'}
                          </Menu.Item>
                        </Menu.Content>
                      </Menu.Positioner>
                    </Portal>
                  </Menu.Root>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );

  return (
    <Stack gap="6">
      <PageHeader title="Users" description={users.data ? `${users.data.total_count.toLocaleString('en-US')} accounts` : 'Accounts of this installation'} />
      <HStack>
        <InputGroup flex="1" maxW="md" startElement={<Search size={16} />}>
          <Input type="search" aria-label="Search users" placeholder="Search by email or name" value={search} onChange={(e) => setSearch(e.target.value)} />
        </InputGroup>
      </HStack>
      {body}
      <AdjustBalanceDialog user={adjusting} onClose={() => setAdjusting(null)} />
      <UserApiKeysDialog user={keysOf} onClose={() => setKeysOf(null)} />
      <ConfirmDialog
        open={change !== null}
        onOpenChange={(open) => {
          if (!open) setChange(null);
        }}
        title={change?.title ?? ''}
        message={change?.message}
        confirmLabel={change?.confirmLabel}
        destructive={change?.destructive}
        onConfirm={() =>
          change
            ? update
                .mutateAsync({ id: change.user.id, patch: change.patch })
                .then(() => toast.success(change.done, change.user.email))
                .catch((err: unknown) => toast.error('Update Failed', serverDetailOr(err, 'Failed to update the user')))
            : undefined
        }
      />
    </Stack>
  );
}
