import { Card, Field, Input, Stack } from '@chakra-ui/react';
import { ErrorState, LoadingState, PageHeader, toast } from '@quarry/shared';
import { SiteSettingsUpdateSchema, type SiteSettings } from '@quarry/shared/schemas';
import { useEffect, useState, type FormEvent } from 'react';
import { serverDetailOr } from '../common/errors';
import { CreditSettingsCard } from './CreditSettingsCard';
import { LastSaved } from './LastSaved';
import { ModelCallsCard } from './ModelCallsCard';
import { ModelCallUsageCard } from './ModelCallUsageCard';
import { useSaveSiteSettings, useSiteSettings } from './queries';
import { SaveResetFooter } from './SettingsCard';
import { WebhookSettingsCard } from './WebhookSettingsCard';

interface Values {
  site_name: string;
  admin_email: string;
}
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (s: SiteSettings): Values => ({ site_name: s.site_name, admin_email: s.admin_email ?? '' });

/** The messages the server would give, from the same schema, keyed by field. */
export function validateSettings(values: Values): Errors {
  const parsed = SiteSettingsUpdateSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Values;
    errors[key] ??= issue.message;
  }
  return errors;
}

function SettingsForm({ stored }: { stored: SiteSettings }) {
  const save = useSaveSiteSettings();
  const [values, setValues] = useState<Values>(() => valuesOf(stored));
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => setValues(valuesOf(stored)), [stored]);

  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateSettings(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(values, {
      onSuccess: () => toast.success('Settings Saved', 'The new site name is shown everywhere'),
      onError: (err) => toast.error('Save Failed', serverDetailOr(err, 'Failed to save settings')),
    });
  };

  const changed = values.site_name !== stored.site_name || values.admin_email !== (stored.admin_email ?? '');

  return (
    <Card.Root maxW="2xl" asChild>
      <form onSubmit={onSubmit} noValidate aria-label="Site settings">
      <Card.Body>
        <Stack gap="5">
          <Field.Root required invalid={Boolean(errors.site_name)}>
            <Field.Label>
              Site name <Field.RequiredIndicator />
            </Field.Label>
            <Input name="site_name" value={values.site_name} onChange={(e) => set('site_name', e.target.value)} maxLength={120} />
            {errors.site_name ? <Field.ErrorText>{errors.site_name}</Field.ErrorText> : <Field.HelperText>Shown in the sidebar and the public pages.</Field.HelperText>}
          </Field.Root>
          <Field.Root required invalid={Boolean(errors.admin_email)}>
            <Field.Label>
              Admin email <Field.RequiredIndicator />
            </Field.Label>
            <Input name="admin_email" type="email" value={values.admin_email} onChange={(e) => set('admin_email', e.target.value)} />
            {errors.admin_email ? <Field.ErrorText>{errors.admin_email}</Field.ErrorText> : <Field.HelperText>Where administrators can be reached.</Field.HelperText>}
          </Field.Root>
          <LastSaved updatedAt={stored.updated_at} />
        </Stack>
      </Card.Body>
      <SaveResetFooter changed={changed} saving={save.isPending} onReset={() => {
              setValues(valuesOf(stored));
              setErrors({});
            }} />
      </form>
    </Card.Root>
  );
}

/** /admin/settings: site name and admin email with Reset and Save, stored for real; the low-balance threshold; the model-call rules and their use; where webhooks may deliver. */
export default function SettingsPage() {
  const settings = useSiteSettings();
  let body;
  if (settings.isPending) body = <LoadingState text="Loading settings..." />;
  else if (settings.isError)
    body = <ErrorState title="Failed to load settings" message={serverDetailOr(settings.error, 'Failed to load settings')} onRetry={() => void settings.refetch()} />;
  else body = <SettingsForm stored={settings.data} />;
  return (
    <Stack gap="6">
      <PageHeader title="Settings" description="How this installation names itself, who runs it, who may call a language model, and where webhooks may deliver." />
      {body}
      <CreditSettingsCard />
      <ModelCallsCard />
      <ModelCallUsageCard />
      <WebhookSettingsCard />
    </Stack>
  );
}
