// /admin/users/{id}: one account as administrators see it — email, name, when it was created
// and last signed in, balance and access — with the actions of the users list's row menu as
// buttons: adjust the balance, the API keys, disable / enable, make / remove superuser.
import { Badge, Button, Card, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorState, LoadingState, PageHeader, formatDate, formatDateTime, paths, toAppError, useCurrentUser, plural, ButtonLink } from '@quarry/shared';
import type { AdminUser } from '@quarry/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
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
    const e = toAppError(query.error);
    return (
      <ErrorState
        title={e.status === 404 ? 'User not found' : 'Failed to load the user'}
        message={e.message}
        onRetry={e.status === 404 ? undefined : () => void query.refetch()}
        actions={<ButtonLink to={paths.admin.users} size="sm" variant="outline">Back to users</ButtonLink>}
      />
    );
  }
  return <UserView user={query.data} me={me} />;
}

function UserView({ user: u, me }: { user: AdminUser; me: string | undefined }) {
  const [change, setChange] = useState<PendingChange | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [keys, setKeys] = useState(false);
  const item = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
      <DataList.ItemValue minW="0">{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="6">
      <PageHeader title={u.email} description={u.full_name || 'No name'} />
      <Card.Root size="sm">
        <Card.Body>
          <DataList.Root orientation="horizontal" gap="3" data-testid="admin-user-details">
            {item('Created', formatDate(u.created_at))}
            {item('Last login', u.last_login_at ? formatDateTime(u.last_login_at) : 'Never')}
            {item('Balance', plural(u.credit_balance, 'credit'))}
            {item(
              'Access',
              <HStack gap="1" wrap="wrap">
                {u.is_active ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="red">Disabled</Badge>}
                {u.is_superuser ? <Badge colorPalette="purple">Superuser</Badge> : null}
                {u.is_verified ? null : <Badge colorPalette="gray">Email not verified</Badge>}
              </HStack>,
            )}
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
