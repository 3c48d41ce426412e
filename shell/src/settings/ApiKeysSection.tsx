// Settings → API keys: create (name, scope, expiry), the secret shown once, list, revoke.
// The secret lives only in this component's state until dismissed: never in the query
// cache, local storage or the URL.
import { Box, Code, Field, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, formatDate, formatDateTime, LoadingState, SelectField, useCurrentUser, type SelectOption, DataTable, ApiKeyStatusCells, RevokeApiKeyDialog } from '@quarry/shared';
import { API_KEY_NAME_MAX, type ApiKey, type ApiKeyCreated, type ApiKeyScope } from '@quarry/shared/schemas';
import { useState, type FormEvent } from 'react';
import { CreateFormFooter, errorText, SettingsCard } from './common';
import { SecretOnce } from './SecretOnce';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './queries';

const EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
];
const SCOPE_LABELS: Record<ApiKeyScope, string> = { read: 'Read only', 'read+write': 'Read and write', admin: 'Admin' };
const SCOPE_OPTIONS: readonly SelectOption<ApiKeyScope>[] = [
  { value: 'read', label: 'Read only (GET)' },
  { value: 'read+write', label: 'Read and write' },
];
/** offered to superusers only */
const ADMIN_SCOPE_OPTION: SelectOption<ApiKeyScope> = { value: 'admin', label: 'Admin (admin routes too)' };
function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKeyCreated) => void }) {
  const user = useCurrentUser();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState('90');
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Please give the key a name.');
      return;
    }
    create.mutate(
      { name: name.trim(), scope, expires_in_days: expiry === 'never' ? null : Number(expiry) },
      {
        onSuccess: (key) => {
          setName('');
          onCreated(key);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Create an API key" noValidate>
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Field.Root required invalid={Boolean(nameError)}>
            <Field.Label>
              Name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="name"
              value={name}
              maxLength={API_KEY_NAME_MAX}
              placeholder="e.g. ERP import"
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
              }}
            />
            <Field.ErrorText>{nameError}</Field.ErrorText>
          </Field.Root>
          <SelectField label="Scope" name="scope" value={scope} onChange={setScope} options={user?.is_superuser ? [...SCOPE_OPTIONS, ADMIN_SCOPE_OPTION] : SCOPE_OPTIONS} />
          <SelectField label="Expires after" name="expiry" value={expiry} onChange={setExpiry} options={EXPIRIES} />
        </SimpleGrid>
        <CreateFormFooter error={create.error} failed="Could not create the key" submitLabel="Create key" loadingText="Creating..." pending={create.isPending} />
      </Stack>
    </form>
  );
}

/** The secret, once. */
function NewKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  return (
    <SecretOnce
      title={`Key "${created.name}" created. Copy it now: it will not be shown again.`}
      secret={created.key}
      hint={
        <>
          Send it as <Code>Authorization: Bearer &lt;key&gt;</Code>.
        </>
      }
      copyLabel="Copy key"
      copiedMessage="API key copied to clipboard"
      testId="new-api-key"
      secretTestId="new-api-key-secret"
      onDone={onDone}
    />
  );
}

function KeyTable({ keys }: { keys: ApiKey[] }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  return (
    <>
      <DataTable label="API keys" columns={['Name', 'Key', 'Scope', 'Created', 'Last used', 'Expires', 'Status', { label: 'Actions', textAlign: 'end' }]}>
        {keys.map((k) => (
          <Table.Row key={k.id} data-testid="api-key-row">
            <Table.Cell fontWeight="medium">{k.name}</Table.Cell>
            <Table.Cell>
              <Code>{k.prefix}…</Code>
            </Table.Cell>
            <Table.Cell>{SCOPE_LABELS[k.scope]}</Table.Cell>
            {/* the day only, the time on hover: eight columns fit the card at 1280 px */}
            <Table.Cell whiteSpace="nowrap" title={formatDateTime(k.created_at)}>
              {formatDate(k.created_at)}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'}</Table.Cell>
            <Table.Cell whiteSpace="nowrap" title={k.expires_at ? formatDateTime(k.expires_at) : undefined}>
              {k.expires_at ? formatDate(k.expires_at) : 'Never'}
            </Table.Cell>
            <ApiKeyStatusCells apiKey={k} onRevoke={setConfirming} />
          </Table.Row>
        ))}
      </DataTable>
      <RevokeApiKeyDialog
        apiKey={confirming}
        onClose={() => setConfirming(null)}
        message={(key) => `Revoke "${key.name}" (${key.prefix}…)? Programs using it stop working at once. This cannot be undone.`}
        onConfirm={(key) => revoke.mutateAsync(key.id)}
      />
      {revoke.isError ? (
        <Text color="fg.error" textStyle="sm" mt="2" role="alert">
          Could not revoke the key: {errorText(revoke.error)}
        </Text>
      ) : null}
    </>
  );
}

export function ApiKeysSection() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <SettingsCard id="api-keys" title="API keys" description="Keys let your scripts and systems call the Quarry API as you. Treat them like passwords.">
      <Stack gap="5">
        <CreateKeyForm onCreated={setCreated} />
        {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
        <Box>
          {keys.isPending ? (
            <LoadingState text="Loading API keys..." />
          ) : keys.isError ? (
            <ErrorState title="Failed to load API keys" message={errorText(keys.error)} onRetry={() => void keys.refetch()} />
          ) : keys.data.api_keys.length === 0 ? (
            <EmptyState title="No API keys yet" description="Create one above to call the API from a script." />
          ) : (
            <KeyTable keys={keys.data.api_keys} />
          )}
        </Box>
      </Stack>
    </SettingsCard>
  );
}
