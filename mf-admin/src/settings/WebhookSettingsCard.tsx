import { Card, Stack, Switch, Text } from '@chakra-ui/react';
import { toast } from '@quarry/shared';
import type { WebhookSettings } from '@quarry/shared/schemas';
import { SaveResetFooter, SettingsCard } from './SettingsCard';
import { useEffect, useState, type FormEvent } from 'react';
import { serverDetailOr } from '../common/errors';
import { useSaveWebhookSettings, useWebhookSettings } from './queries';

function WebhookSettingsForm({ stored }: { stored: WebhookSettings }) {
  const save = useSaveWebhookSettings();
  const [allow, setAllow] = useState(stored.allow_private_targets);

  useEffect(() => setAllow(stored.allow_private_targets), [stored]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { allow_private_targets: allow },
      {
        onSuccess: (saved) =>
          toast.success(
            'Settings Saved',
            saved.allow_private_targets ? 'Webhooks may now be delivered to private network addresses' : 'Webhooks to private network addresses are refused',
          ),
        onError: (err) => toast.error('Save Failed', serverDetailOr(err, 'Failed to save the webhook settings')),
      },
    );
  };

  const changed = allow !== stored.allow_private_targets;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Webhook settings">
      <Card.Body>
        <Stack gap="4">
          <Switch.Root checked={allow} onCheckedChange={(d) => setAllow(d.checked)} disabled={save.isPending} colorPalette="brand" alignItems="flex-start">
            <Switch.HiddenInput />
            <Switch.Control mt="0.5">
              <Switch.Thumb />
            </Switch.Control>
            <Stack gap="0">
              <Switch.Label>Allow webhook targets in private networks</Switch.Label>
              <Text textStyle="sm" color="fg.muted">
                Lets webhooks be delivered to private, loopback and link-local addresses (10.0.0.0/8, 127.0.0.1, 169.254.0.0/16, …).
              </Text>
            </Stack>
          </Switch.Root>
          <Text textStyle="sm" color="fg.muted">
            Leave this off unless the receivers run inside your own network. When it is on, any user who may create a webhook can make this server send requests to
            internal services it can reach (server-side request forgery), such as databases, admin panels or cloud metadata endpoints.
          </Text>
        </Stack>
      </Card.Body>
      <SaveResetFooter changed={changed} saving={save.isPending} onReset={() => setAllow(stored.allow_private_targets)} />
    </form>
  );
}

/** Whether webhook deliveries may go to private, loopback and link-local addresses (refused by default). */
export function WebhookSettingsCard() {
  return (
    <SettingsCard id="webhook-settings-heading" title="Webhooks" description="Where users' webhooks may deliver their events." query={useWebhookSettings()} what="webhook settings">
      {(stored) => <WebhookSettingsForm stored={stored} />}
    </SettingsCard>
  );
}
