import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  Flex,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react';
import { PageHeader, useCurrentUser, DataTable } from '@quarry/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiKeysSection } from './ApiKeysSection';
import { SecuritySection } from './SecuritySection';
import { WebhooksSection } from './WebhooksSection';
import { SettingsCard } from './common';

/** A simulated 1-second save, then a success banner for 3 seconds. */
export const SIMULATED_SAVE_MS = 1000;
export const SAVED_BANNER_MS = 3000;

/** The fixed sample values of the billing section (not real data). */
export const SAMPLE_PLAN = { name: 'Pro', price: '$29.00', period: 'month', renews: 'on the 1st of each month', card: 'Visa ending in 4242' };
export const SAMPLE_INVOICES = [
  { id: 'INV-0003', date: 'Dec 1, 2025', amount: '$29.00', status: 'Paid' },
  { id: 'INV-0002', date: 'Nov 1, 2025', amount: '$29.00', status: 'Paid' },
  { id: 'INV-0001', date: 'Oct 1, 2025', amount: '$29.00', status: 'Paid' },
];

type Section = 'general' | 'profile' | 'notifications';

/** Nothing is sent: saving waits a second, then shows the banner for three. */
export function useSimulatedSave() {
  const [saving, setSaving] = useState<Section | null>(null);
  const [saved, setSaved] = useState<Section | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const save = (section: Section) => {
    if (saving) return;
    setSaving(section);
    setSaved(null);
    timers.current.forEach(clearTimeout);
    timers.current = [
      setTimeout(() => {
        setSaving(null);
        setSaved(section);
        timers.current.push(setTimeout(() => setSaved(null), SAVED_BANNER_MS));
      }, SIMULATED_SAVE_MS),
    ];
  };
  return { saving, saved, save };
}

function Toggle({ label, description, defaultChecked }: { label: string; description: string; defaultChecked?: boolean }) {
  return (
    <Switch.Root defaultChecked={defaultChecked} colorPalette="brand" alignItems="flex-start" justifyContent="space-between" w="full">
      <Stack gap="0">
        <Switch.Label>{label}</Switch.Label>
        <Text textStyle="sm" color="fg.muted">
          {description}
        </Text>
      </Stack>
      <Switch.HiddenInput />
      <Switch.Control mt="0.5">
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

/** /settings: real security, API keys and webhooks; general, profile, notifications and billing are marked Demo and send nothing. */
export default function SettingsPage() {
  const user = useCurrentUser();
  const { saving, saved, save } = useSimulatedSave();
  const onSubmit = (section: Section) => (event: FormEvent) => {
    event.preventDefault();
    save(section);
  };
  const saveButton = (section: Section, label = 'Save changes') => (
    <Flex w="full" justify="flex-end" align="center" gap="3" wrap="wrap">
      {saved === section ? (
        <Alert.Root status="success" size="sm" flex="1" minW="56" data-testid="settings-saved" role="status">
          <Alert.Indicator />
          <Alert.Title>Settings saved successfully</Alert.Title>
        </Alert.Root>
      ) : null}
      <Button type="submit" colorPalette="brand" size="sm" loading={saving === section} loadingText="Saving..." disabled={saving !== null && saving !== section}>
        {label}
      </Button>
    </Flex>
  );

  return (
    <Box maxW="4xl">
      <PageHeader title="Settings" description="Workspace, profile, notification, security, API key, webhook and billing settings." />
      <Stack gap="6">
        <Alert.Root status="info" variant="subtle" size="sm">
          <Alert.Indicator />
          <Alert.Description>Sections marked Demo are a preview with sample values: their changes are not stored and the plan and invoices are not yours. Security, API keys and webhooks are real.</Alert.Description>
        </Alert.Root>

        <form onSubmit={onSubmit('general')}>
          <SettingsCard demo title="General" description="How your workspace is named and who receives system email." footer={saveButton('general')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root>
                <Field.Label>Site name</Field.Label>
                <Input name="siteName" defaultValue="Quarry" />
              </Field.Root>
              <Field.Root>
                <Field.Label>Admin email</Field.Label>
                <Input name="adminEmail" type="email" defaultValue="admin@example.com" />
              </Field.Root>
            </SimpleGrid>
          </SettingsCard>
        </form>

        <form onSubmit={onSubmit('profile')}>
          <SettingsCard demo title="Profile" description="Your name and contact address." footer={saveButton('profile')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root>
                <Field.Label>Full name</Field.Label>
                <Input name="fullName" defaultValue={user?.full_name ?? ''} placeholder="Your name" />
              </Field.Root>
              <Field.Root>
                <Field.Label>Contact email</Field.Label>
                <Input name="email" type="email" defaultValue={user?.email ?? ''} />
              </Field.Root>
            </SimpleGrid>
          </SettingsCard>
        </form>

        <form onSubmit={onSubmit('notifications')}>
          <SettingsCard demo title="Notifications" description="Which updates reach you." footer={saveButton('notifications', 'Save preferences')}>
            <Stack gap="4">
              <Toggle label="Job completion alerts" description="When an OCR, chunking or extraction job finishes." defaultChecked />
              <Toggle label="Upload results" description="When uploaded files pass or fail validation." defaultChecked />
              <Toggle label="Weekly summary" description="A digest of your usage every Monday." />
              <Toggle label="Product updates" description="News about features and improvements." />
            </Stack>
          </SettingsCard>
        </form>

        <SecuritySection />

        <ApiKeysSection />

        <WebhooksSection />

        <SettingsCard demo title="Billing" description="A sample plan and invoices, not your account's: Quarry has no paid plans yet.">
          <Stack gap="5">
            <Flex justify="space-between" align="center" wrap="wrap" gap="3" p="4" rounded="l2" bg="bg.muted">
              <Stack gap="0">
                <HStack>
                  <Text fontWeight="semibold">{SAMPLE_PLAN.name} plan</Text>
                  <Badge colorPalette="gray">Sample</Badge>
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  {`${SAMPLE_PLAN.price} per ${SAMPLE_PLAN.period} · renews ${SAMPLE_PLAN.renews} · ${SAMPLE_PLAN.card}`}
                </Text>
              </Stack>
              <Button variant="outline" size="sm" type="button" disabled title="Demo: there is no plan to manage">
                Manage plan
              </Button>
            </Flex>
            <DataTable
              caption={
                <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
                  Billing history
                </Table.Caption>
              }
              columns={['Invoice', 'Date', { label: 'Amount', textAlign: 'end' }, 'Status']}
            >
              {SAMPLE_INVOICES.map((inv) => (
                <Table.Row key={inv.id}>
                  <Table.Cell>{inv.id}</Table.Cell>
                  <Table.Cell>{inv.date}</Table.Cell>
                  <Table.Cell textAlign="end">{inv.amount}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette="green" size="sm">
                      {inv.status}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          </Stack>
        </SettingsCard>
      </Stack>
    </Box>
  );
}
