// Settings → Webhooks: register endpoints (URL, events; the signing secret shown once),
// list them, send a test event, see each endpoint's delivery log (status, response code,
// time taken, attempts) and redeliver, delete with confirmation.
import { Badge, Box, Button, Checkbox, Code, Field, Fieldset, Flex, Input, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, formatDateTime, LoadingState, DataTable } from '@quarry/shared';
import { WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointCreated, type WebhookEventType } from '@quarry/shared/schemas';
import { useState } from 'react';
import { CreatedListSection, CreateForm, errorText } from './common';
import { SecretOnce } from './SecretOnce';
import { useCreateWebhookEndpoint, useDeleteWebhookEndpoint, useRedeliver, useSendTestEvent, useWebhookDeliveries, useWebhookEndpoints } from './queries';

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'job.completed': 'Job completed',
  'job.failed': 'Job failed',
  'file.validated': 'File validated',
  'file.reviewed': 'File reviewed',
};
const DELIVERY_COLORS = { pending: 'blue', succeeded: 'green', failed: 'red' } as const;

function CreateEndpointForm({ onCreated }: { onCreated: (e: WebhookEndpointCreated) => void }) {
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['job.completed', 'job.failed']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});

  const body = () => {
    const next: typeof errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) next.url = 'The URL must be a valid http:// or https:// address';
    if (events.length === 0) next.events = 'Choose at least one event';
    setErrors(next);
    return next.url || next.events ? null : { url: url.trim(), events };
  };

  return (
    <CreateForm label="Add a webhook endpoint" create={create} body={body} clear={() => setUrl('')} onCreated={onCreated} failed="Could not add the endpoint" submitLabel="Add endpoint" loadingText="Adding...">
      <Field.Root required invalid={Boolean(errors.url)}>
        <Field.Label>
          Endpoint URL <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="url"
          type="url"
          value={url}
          placeholder="https://example.com/quarry-events"
          onChange={(e) => {
            setUrl(e.target.value);
            setErrors((x) => ({ ...x, url: undefined }));
          }}
        />
        <Field.ErrorText>{errors.url}</Field.ErrorText>
      </Field.Root>
      <Fieldset.Root invalid={Boolean(errors.events)}>
        <Fieldset.Legend textStyle="sm" fontWeight="medium">
          Events
        </Fieldset.Legend>
        <Wrap gap="4">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox.Root
              key={type}
              checked={events.includes(type)}
              onCheckedChange={(c) => {
                setEvents((list) => (c.checked ? [...list, type] : list.filter((x) => x !== type)));
                setErrors((x) => ({ ...x, events: undefined }));
              }}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{EVENT_LABELS[type]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
        {errors.events ? <Fieldset.ErrorText>{errors.events}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
    </CreateForm>
  );
}

function NewSecret({ created, onDone }: { created: WebhookEndpointCreated; onDone: () => void }) {
  return (
    <SecretOnce
      title="Endpoint added. Copy its signing secret now: it will not be shown again."
      secret={created.secret}
      hint="Verify the webhook-signature header with any Standard Webhooks library."
      copyLabel="Copy secret"
      copiedMessage="Signing secret copied to clipboard"
      testId="new-webhook-secret"
      secretTestId="new-webhook-secret-value"
      onDone={onDone}
    />
  );
}

function lastAttempt(d: WebhookDelivery) {
  return d.attempt_log.at(-1) ?? null;
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const redeliver = useRedeliver(endpoint.id);
  if (deliveries.isPending) return <LoadingState text="Loading deliveries..." />;
  if (deliveries.isError) return <ErrorState title="Failed to load deliveries" message={errorText(deliveries.error)} onRetry={() => void deliveries.refetch()} />;
  const list = deliveries.data.deliveries;
  if (list.length === 0) return <EmptyState title="No deliveries yet" description="Send a test event, or wait for the next event." />;
  return (
    <DataTable
      label={`Deliveries to ${endpoint.url}`}
      columns={['Event', 'Status', { label: 'Attempts', textAlign: 'end' }, { label: 'Response', textAlign: 'end' }, { label: 'Time', textAlign: 'end' }, 'Last attempt', { label: 'Actions', textAlign: 'end' }]}
    >
      {list.map((d) => {
        const last = lastAttempt(d);
        return (
          <Table.Row key={d.id} data-testid="webhook-delivery">
            <Table.Cell>
              <Code>{d.event_type}</Code>
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={DELIVERY_COLORS[d.status]}>{d.status}</Badge>
              {last?.error ? (
                <Text textStyle="xs" color="fg.muted" maxW="72" truncate title={last.error}>
                  {last.error}
                </Text>
              ) : null}
            </Table.Cell>
            <Table.Cell textAlign="end">{d.attempts}</Table.Cell>
            <Table.Cell textAlign="end">{last?.response_status ?? '—'}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {last ? `${last.duration_ms} ms` : '—'}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{d.last_attempt_at ? formatDateTime(d.last_attempt_at) : 'Not yet'}</Table.Cell>
            <Table.Cell textAlign="end">
              <Button size="xs" variant="outline" disabled={d.status === 'pending'} loading={redeliver.isPending && redeliver.variables === d.id} onClick={() => redeliver.mutate(d.id)}>
                Redeliver
              </Button>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </DataTable>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const test = useSendTestEvent(endpoint.id);
  const remove = useDeleteWebhookEndpoint();
  return (
    <Box borderWidth="1px" rounded="l2" p="4" data-testid="webhook-endpoint">
      <Stack gap="3">
        <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Stack gap="1" minW="0" flex="1">
            <Text fontWeight="medium" wordBreak="break-all">
              {endpoint.url}
            </Text>
            <Wrap gap="1">
              {endpoint.events.map((e) => (
                <Badge key={e} variant="surface">
                  {e}
                </Badge>
              ))}
              {endpoint.enabled ? null : <Badge colorPalette="gray">disabled</Badge>}
            </Wrap>
          </Stack>
          <Wrap gap="2">
            <Button
              size="xs"
              variant="outline"
              loading={test.isPending}
              onClick={() =>
                test.mutate(undefined, {
                  onSuccess: () => setShowLog(true),
                })
              }
            >
              Send test event
            </Button>
            <Button size="xs" variant="outline" aria-expanded={showLog} onClick={() => setShowLog((s) => !s)}>
              {showLog ? 'Hide deliveries' : 'Show deliveries'}
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} aria-label={`Delete endpoint ${endpoint.url}`}>
              Delete
            </Button>
          </Wrap>
        </Flex>
        {test.isError ? (
          <Text color="fg.error" textStyle="sm" role="alert">
            Could not send the test event: {errorText(test.error)}
          </Text>
        ) : null}
        {showLog ? <DeliveryLog endpoint={endpoint} /> : null}
      </Stack>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete webhook endpoint"
        message={`Delete ${endpoint.url}? Its delivery log goes with it and pending retries stop. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => remove.mutateAsync(endpoint.id)}
      />
    </Box>
  );
}

const EMPTY = { title: 'No webhook endpoints yet', description: 'Add one above to hear about finished jobs without polling.' };

export function WebhooksSection() {
  return (
    <CreatedListSection id="webhooks" title="Webhooks" description="Quarry calls your endpoints when jobs finish and files are validated or reviewed, signed per Standard Webhooks." Form={CreateEndpointForm} Created={NewSecret} list={useWebhookEndpoints()} what="webhook endpoints" empty={EMPTY}>
      {(data) =>
        data.endpoints.length ? (
          <Stack gap="3">
            {data.endpoints.map((e) => (
              <EndpointItem key={e.id} endpoint={e} />
            ))}
          </Stack>
        ) : null
      }
    </CreatedListSection>
  );
}
