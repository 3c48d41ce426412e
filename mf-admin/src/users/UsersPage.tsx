// /admin/users: every account, sorted and paged by the server (by email, name, created or
// balance; newest first), searched by email or name. Wide screens get a table sorted by its
// headers; below 600 px each user is a card with every column labelled and a sort select.
// Disable / enable, promote / demote, balance adjustments and API keys from each row's menu;
// each email opens the user's page.
import { Badge, Box, Button, Card, DataList, HStack, Input, InputGroup, Link as ChakraLink, Menu, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { DataListItem, EmptyState, ErrorState, LoadingState, PageHeader, formatDate, formatDateTime, useCurrentUser, LIST_PAGE_SIZE, Pager, SortableHeader, SortSelect, plural, useListParams, useWideLayout, type ListParams, DataTable } from '@quarry/shared';
import { ADMIN_USER_SORTS, type AdminUser, type AdminUserSort } from '@quarry/shared/schemas';
import { EllipsisVertical, Search, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { serverDetailOr } from '../common/errors';
import { AdjustBalanceDialog } from './AdjustBalanceDialog';
import { UserApiKeysDialog } from './UserApiKeysDialog';
import { UserChangeDialog, changeFor, type PendingChange } from './UserChange';
import { useUsers } from './queries';
import { adminUserPath } from './userQuery';

/** chosen: the list is asked again once typing has paused this long, not per key */
const SEARCH_PAUSE_MS = 250;
const firstOrder = (column: AdminUserSort) => (column === 'email' || column === 'full_name' ? 'asc' : 'desc');
const SORT_OPTIONS = [
  { sort: 'created_at', order: 'desc', label: 'Newest first' },
  { sort: 'created_at', order: 'asc', label: 'Oldest first' },
  { sort: 'email', order: 'asc', label: 'Email (A–Z)' },
  { sort: 'full_name', order: 'asc', label: 'Name (A–Z)' },
  { sort: 'credit_balance', order: 'desc', label: 'Highest balance' },
  { sort: 'credit_balance', order: 'asc', label: 'Lowest balance' },
] as const;

interface RowActions {
  me: string | undefined;
  onAdjust: (u: AdminUser) => void;
  onKeys: (u: AdminUser) => void;
  onChange: (c: PendingChange) => void;
}

function UserMenu({ user: u, me, onAdjust, onKeys, onChange }: RowActions & { user: AdminUser }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="xs" variant="ghost" aria-label={`Actions for ${u.email}`}>
          <EllipsisVertical />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="adjust" onSelect={() => onAdjust(u)}>
              Adjust balance
            </Menu.Item>
            <Menu.Item value="api-keys" onSelect={() => onKeys(u)}>
              API keys
            </Menu.Item>
            <Menu.Item value="active" onSelect={() => onChange(changeFor(u, 'active'))} disabled={u.id === me && u.is_active}>
              {u.is_active ? 'Disable' : 'Enable'}
            </Menu.Item>
            <Menu.Item value="superuser" onSelect={() => onChange(changeFor(u, 'superuser'))}>
              {u.is_superuser ? 'Remove superuser' : 'Make superuser'}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

const access = (u: AdminUser) => (
  <HStack gap="1" wrap="wrap">
    {u.is_active ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="red">Disabled</Badge>}
    {u.is_superuser ? <Badge colorPalette="purple">Superuser</Badge> : null}
  </HStack>
);
const lastLogin = (u: AdminUser) => (u.last_login_at ? formatDateTime(u.last_login_at) : 'Never');
const balance = (u: AdminUser) => plural(u.credit_balance, 'credit');
const noName = (
  <Text as="span" color="fg.subtle">
    No name
  </Text>
);

function UsersTable({ rows, params, actions }: { rows: readonly AdminUser[]; params: ListParams<AdminUserSort>; actions: RowActions }) {
  return (
    <DataTable
      label="Users"
      columns={[
        <SortableHeader key="email" column="email" params={params}>
          Email
        </SortableHeader>,
        <SortableHeader key="full_name" column="full_name" params={params}>
          Name
        </SortableHeader>,
        <SortableHeader key="created_at" column="created_at" params={params}>
          Created
        </SortableHeader>,
        { label: 'Last login', whiteSpace: 'nowrap' },
        <SortableHeader key="credit_balance" column="credit_balance" params={params} textAlign="end">
          Balance
        </SortableHeader>,
        'Access',
        { label: <Text srOnly>Actions</Text>, key: 'actions' },
      ]}
    >
      {rows.map((u) => (
        <Table.Row key={u.id} data-testid="user-row" aria-label={u.email}>
          <Table.Cell>
            <ChakraLink asChild fontWeight="medium" maxW={{ base: '52', xl: '72' }} title={u.email} colorPalette="brand" display="block">
              <Link to={adminUserPath(u.id)}>
                <Text as="span" truncate display="block">
                  {u.email}
                </Text>
              </Link>
            </ChakraLink>
          </Table.Cell>
          <Table.Cell>
            <Text maxW="48" truncate title={u.full_name ?? undefined}>
              {u.full_name || noName}
            </Text>
          </Table.Cell>
          <Table.Cell textStyle="xs" whiteSpace="nowrap">
            {formatDate(u.created_at)}
          </Table.Cell>
          <Table.Cell textStyle="xs" minW="28">
            {lastLogin(u)}
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="user-balance">
            {u.credit_balance.toLocaleString('en-US')}
          </Table.Cell>
          <Table.Cell>{access(u)}</Table.Cell>
          <Table.Cell textAlign="end">
            <UserMenu user={u} {...actions} />
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}

function UserCards({ rows, actions }: { rows: readonly AdminUser[]; actions: RowActions }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Users">
      {rows.map((u) => (
        <Card.Root as="li" key={u.id} size="sm" data-testid="user-row" aria-label={u.email}>
          <Card.Body gap="3">
            <HStack justify="space-between" align="flex-start" gap="2">
              <ChakraLink asChild fontWeight="medium" minW="0" wordBreak="break-all" colorPalette="brand">
                <Link to={adminUserPath(u.id)}>{u.email}</Link>
              </ChakraLink>
              <UserMenu user={u} {...actions} />
            </HStack>
            <DataList.Root orientation="horizontal" size="sm" gap="1.5">
              {(
                [
                  ['Name', u.full_name || noName],
                  ['Created', formatDate(u.created_at)],
                  ['Last login', lastLogin(u)],
                  ['Balance', balance(u)],
                  ['Access', access(u)],
                ] as const
              ).map(([label, value]) => (
                <DataListItem key={label} label={label} labelMinW="24" minW="0">
                  {value}
                </DataListItem>
              ))}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

export default function UsersPage() {
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const params = useListParams(ADMIN_USER_SORTS, { sort: 'created_at', order: 'desc' }, firstOrder);
  const { offset, setOffset } = params;
  useEffect(() => {
    const t = setTimeout(() => {
      const next = search.trim();
      if (next === term) return;
      setTerm(next);
      // a new search starts at the first page
      if (offset > 0) setOffset(0, { replace: true });
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(t);
  }, [search, term, offset, setOffset]);
  const users = useUsers({ search: term, sort: params.sort, order: params.order, offset });
  const wide = useWideLayout();
  const [change, setChange] = useState<PendingChange | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const [keysOf, setKeysOf] = useState<AdminUser | null>(null);
  const actions: RowActions = { me: me?.id, onAdjust: setAdjusting, onKeys: setKeysOf, onChange: setChange };

  // while the next page loads the rows shown are still the last page's: so is the pager's count
  const shownOffset = useRef(offset);
  if (users.data && !users.isPlaceholderData) shownOffset.current = offset;
  const rows = users.data?.users;
  const total = users.data?.total_count ?? 0;
  // a page past the end (an old link, the last user of the last page filtered away): the last page
  const pastTheEnd = Boolean(rows && rows.length === 0 && total > 0 && offset > 0 && !users.isPlaceholderData);
  const lastPage = Math.floor((total - 1) / LIST_PAGE_SIZE) * LIST_PAGE_SIZE;
  useEffect(() => {
    if (pastTheEnd) setOffset(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setOffset]);

  let body;
  if (users.isPending) body = <LoadingState text="Loading users..." />;
  else if (users.isError) body = <ErrorState title="Failed to load users" message={serverDetailOr(users.error, 'Failed to load users')} onRetry={() => void users.refetch()} />;
  else if (users.data.users.length === 0)
    body = term ? (
      <EmptyState icon={<Users />} title={`No users match "${term}"`} description="Try another email or name." />
    ) : (
      <EmptyState icon={<Users />} title="No users found" description="Nobody has signed up yet." />
    );
  else
    body = (
      <Box>
        <Box opacity={users.isPlaceholderData ? 0.6 : 1} aria-busy={users.isPlaceholderData}>
          {wide ? <UsersTable rows={users.data.users} params={params} actions={actions} /> : <UserCards rows={users.data.users} actions={actions} />}
        </Box>
        <Pager offset={shownOffset.current} count={users.data.users.length} total={total} noun={['user', 'users']} onOffset={(o) => setOffset(o)} />
      </Box>
    );

  return (
    <Stack gap="6">
      <PageHeader title="Users" description={users.data && !term ? plural(users.data.total_count, 'account') : 'Accounts of this installation'} />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <InputGroup flex="1" maxW={{ sm: 'md' }} startElement={<Search size={16} />}>
          <Input type="search" aria-label="Search users" placeholder="Search by email or name" value={search} onChange={(e) => setSearch(e.target.value)} />
        </InputGroup>
        {!wide ? <SortSelect params={params} options={SORT_OPTIONS} /> : null}
      </Stack>
      {body}
      <AdjustBalanceDialog user={adjusting} onClose={() => setAdjusting(null)} />
      <UserApiKeysDialog user={keysOf} onClose={() => setKeysOf(null)} />
      <UserChangeDialog change={change} onClose={() => setChange(null)} />
    </Stack>
  );
}
