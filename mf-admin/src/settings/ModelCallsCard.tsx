import { Card, Field, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { toast } from '@quarry/shared';
import { ModelCallSettingsUpdateSchema, type ModelCallAccess, type ModelCallSettings } from '@quarry/shared/schemas';
import { LastSaved } from './LastSaved';
import { SaveResetFooter, SettingsCard } from './SettingsCard';
import { useEffect, useState, type FormEvent } from 'react';
import { serverDetailOr } from '../common/errors';
import { useModelCallSettings, useSaveModelCallSettings } from './queries';

interface Values {
  access: ModelCallAccess;
  calls_per_minute: string;
}

const valuesOf = (s: ModelCallSettings): Values => ({ access: s.access, calls_per_minute: String(s.calls_per_minute) });

const ACCESS_OPTIONS: { value: ModelCallAccess; label: string; help: string }[] = [
  { value: 'everyone', label: 'Everyone, limited and charged', help: 'Every signed-in user, up to the limit below, paying for each call.' },
  { value: 'superusers', label: 'Superusers only', help: 'Switched off for everyone else: their calls are refused.' },
];

/** The message the server would give for the limit, from the same schema. */
export function validatePerMinute(raw: string): string | null {
  const parsed = ModelCallSettingsUpdateSchema.shape.calls_per_minute.safeParse(raw.trim() === '' ? Number.NaN : Number(raw));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid value');
}

function ModelCallsForm({ stored }: { stored: ModelCallSettings }) {
  const save = useSaveModelCallSettings();
  const [values, setValues] = useState<Values>(() => valuesOf(stored));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setValues(valuesOf(stored)), [stored]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validatePerMinute(values.calls_per_minute);
    setError(found);
    if (found) return;
    save.mutate(
      { access: values.access, calls_per_minute: Number(values.calls_per_minute) },
      {
        onSuccess: () => toast.success('Settings Saved', 'Model calls follow the new rules from now on'),
        onError: (err) => toast.error('Save Failed', serverDetailOr(err, 'Failed to save the model call settings')),
      },
    );
  };

  const changed = values.access !== stored.access || values.calls_per_minute !== String(stored.calls_per_minute);
  const cost = stored.credit_cost;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Model call settings">
      <Card.Body>
        <Stack gap="5">
          <Field.Root>
            <Field.Label id="model-call-access-label">Who may call a model</Field.Label>
            <RadioGroup.Root
              value={values.access}
              onValueChange={(d) => setValues((v) => ({ ...v, access: (d.value as ModelCallAccess | null) ?? v.access }))}
              aria-labelledby="model-call-access-label"
            >
              <Stack gap="2">
                {ACCESS_OPTIONS.map((o) => (
                  <RadioGroup.Item key={o.value} value={o.value} alignItems="flex-start">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <Stack gap="0">
                      <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
                      <Text textStyle="xs" color="fg.muted">
                        {o.help}
                      </Text>
                    </Stack>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          </Field.Root>
          <Field.Root required invalid={Boolean(error)} maxW="xs">
            <Field.Label>
              Calls per minute, per user <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="calls_per_minute"
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              value={values.calls_per_minute}
              onChange={(e) => {
                setValues((v) => ({ ...v, calls_per_minute: e.target.value }));
                setError(null);
              }}
            />
            {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Further calls within the minute are refused until it has passed.</Field.HelperText>}
          </Field.Root>
          <Text textStyle="sm" color="fg.muted">
            Each call takes {cost} credit{cost === 1 ? '' : 's'} from the caller&apos;s balance, what a job costs (set on the weekly_jobs resource), whichever provider
            answers — the offline extractor included. Calls answered from the cache, or refused, cost nothing.
          </Text>
          <LastSaved updatedAt={stored.updated_at} />
        </Stack>
      </Card.Body>
      <SaveResetFooter changed={changed} saving={save.isPending} onReset={() => {
              setValues(valuesOf(stored));
              setError(null);
            }} />
    </form>
  );
}

/** The test pages' model calls (LLM test, prompt playground): who may make them, how often, and what they cost. */
export function ModelCallsCard() {
  return (
    <SettingsCard id="model-calls-heading" title="Model calls from the test pages" description="The LLM test page and the prompt playground call a language model, which may cost you money with a paid provider." query={useModelCallSettings()} what="model call settings">
      {(stored) => <ModelCallsForm stored={stored} />}
    </SettingsCard>
  );
}
