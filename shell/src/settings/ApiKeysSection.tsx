// Settings → API keys: create (name, scope, expiry), the secret shown once, list, revoke.
// The secret lives only in this component's state until dismissed: never in the query
// cache, local storage or the URL.
import { Code, Field, Input, SimpleGrid, Table, Text } from '@chakra-ui/react';
import { formatDate, formatDateTime, SelectField, useCurrentUser, type SelectOption, ApiKeyTable } from '@quarry/shared';
import { API_KEY_NAME_MAX, type ApiKey, type ApiKeyCreated, type ApiKeyScope } from '@quarry/shared/schemas';
import { useState } from 'react';
import { CreatedListSection, CreateForm, errorText } from './common';
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

  const body = () => {
    if (!name.trim()) {
      setNameError('Please give the key a name.');
      return null;
    }
    return { name: name.trim(), scope, expires_in_days: expiry === 'never' ? null : Number(expiry) };
  };

  return (
    <CreateForm label="Create an API key" create={create} body={body} clear={() => setName('')} onCreated={onCreated} failed="Could not create the key" submitLabel="Create key" loadingText="Creating...">
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
    </CreateForm>
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
  return (
    <>
      <ApiKeyTable
        label="API keys"
        columns={['Name', 'Key', 'Scope', 'Created', 'Last used', 'Expires', 'Status', { label: 'Actions', textAlign: 'end' }]}
        keys={keys}
        rowTestId="api-key-row"
        cells={(k) => (
          <>
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
          </>
        )}
        revokeMessage={(key) => `Revoke "${key.name}" (${key.prefix}…)? Programs using it stop working at once. This cannot be undone.`}
        revoke={(key) => revoke.mutateAsync(key.id)}
      />
      {revoke.isError ? (
        <Text color="fg.error" textStyle="sm" mt="2" role="alert">
          Could not revoke the key: {errorText(revoke.error)}
        </Text>
      ) : null}
    </>
  );
}

const EMPTY = { title: 'No API keys yet', description: 'Create one above to call the API from a script.' };

export function ApiKeysSection() {
  return (
    <CreatedListSection id="api-keys" title="API keys" description="Keys let your scripts and systems call the Quarry API as you. Treat them like passwords." Form={CreateKeyForm} Created={NewKey} list={useApiKeys()} what="API keys" empty={EMPTY}>
      {(data) => (data.api_keys.length ? <KeyTable keys={data.api_keys} /> : null)}
    </CreatedListSection>
  );
}
