// /admin/users/{id}: one account as administrators see it — email, name, when it was created
// and last signed in, balance and access — with the actions of the users list's row menu as
// buttons: adjust the balance, the API keys, disable / enable, make / remove superuser.
import { Badge, Button, Card, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { DataListItem, LoadingState, PageHeader, formatDate, formatDateTime, paths, useCurrentUser, plural, LoadErrorState } from '@quarry/shared';
import type { AdminUser } from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { AdjustBalanceDialog } from './AdjustBalanceDialog';
import { UserApiKeysDialog } from './UserApiKeysDialog';
import { UserChangeDialog, changeFor, type PendingChange } from './UserChange';
import { adminUserQueryOptions } from './userQuery';

export default function UserPage() {
  const { userId = '' } = useParams();
  const me = useCurrentUser()?.id;
  const query = useQuery(adminUserQueryOptions(me, userId));
  if (query.isPending) return <LoadingState text="Loading user..." />;
  if (query.isError) {
    return <LoadErrorState error={query.error} notFound="User not found" failed="Failed to load the user" onRetry={() => void query.refetch()} back={{ to: paths.admin.users, label: 'Back to users' }} />;
  }
  return <UserView user={query.data} me={me} />;
}

function UserView({ user: u, me }: { user: AdminUser; me: string | undefined }) {
  const [change, setChange] = useState<PendingChange | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [keys, setKeys] = useState(false);
  return (
    <Stack gap="6">
      <PageHeader title={u.email} description={u.full_name || 'No name'} />
      <Card.Root size="sm">
        <Card.Body>
          <DataList.Root orientation="horizontal" gap="3" data-testid="admin-user-details">
            <DataListItem label="Created" labelMinW="28" minW="0">
              {formatDate(u.created_at)}
            </DataListItem>
            <DataListItem label="Last login" labelMinW="28" minW="0">
              {u.last_login_at ? formatDateTime(u.last_login_at) : 'Never'}
            </DataListItem>
            <DataListItem label="Balance" labelMinW="28" minW="0">
              {plural(u.credit_balance, 'credit')}
            </DataListItem>
            <DataListItem label="Access" labelMinW="28" minW="0">
              <HStack gap="1" wrap="wrap">
                {u.is_active ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="red">Disabled</Badge>}
                {u.is_superuser ? <Badge colorPalette="purple">Superuser</Badge> : null}
                {u.is_verified ? null : <Badge colorPalette="gray">Email not verified</Badge>}
              </HStack>
            </DataListItem>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => setAdjusting(true)}>
          Adjust balance
        </Button>
        <Button size="sm" variant="outline" onClick={() => setKeys(true)}>
          API keys
        </Button>
        <Button size="sm" variant="outline" colorPalette={u.is_active ? 'red' : undefined} onClick={() => setChange(changeFor(u, 'active'))} disabled={u.id === me && u.is_active}>
          {u.is_active ? 'Disable' : 'Enable'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setChange(changeFor(u, 'superuser'))}>
          {u.is_superuser ? 'Remove superuser' : 'Make superuser'}
        </Button>
      </HStack>
      {u.id === me ? (
        <Text textStyle="sm" color="fg.muted">
          This is your own account: you cannot disable it here.
        </Text>
      ) : null}
      <AdjustBalanceDialog user={adjusting ? u : null} onClose={() => setAdjusting(false)} />
      <UserApiKeysDialog user={keys ? u : null} onClose={() => setKeys(false)} />
      <UserChangeDialog change={change} onClose={() => setChange(null)} />
    </Stack>
  );
}
