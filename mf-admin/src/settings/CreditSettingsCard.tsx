import { Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { toast } from '@quarry/shared';
import { CreditSettingsUpdateSchema, LOW_BALANCE_THRESHOLD_MESSAGE, type CreditSettings } from '@quarry/shared/schemas';
import { SettingsCard } from './SettingsCard';
import { useEffect, useState, type FormEvent } from 'react';
import { serverDetailOr } from '../common/errors';
import { useCreditSettings, useSaveCreditSettings } from './queries';

function CreditSettingsForm({ stored }: { stored: CreditSettings }) {
  const save = useSaveCreditSettings();
  const [value, setValue] = useState(String(stored.low_balance_threshold));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(String(stored.low_balance_threshold)), [stored]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreditSettingsUpdateSchema.safeParse({ low_balance_threshold: value.trim() === '' ? Number.NaN : Number(value) });
    if (!parsed.success) {
      setError(LOW_BALANCE_THRESHOLD_MESSAGE);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => toast.success('Settings Saved', `Users are warned below ${saved.low_balance_threshold.toLocaleString('en-US')} credits`),
      onError: (err) => toast.error('Save Failed', serverDetailOr(err, 'Failed to save the credit settings')),
    });
  };
  const changed = value !== String(stored.low_balance_threshold);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Credit settings">
      <Card.Body>
        <Stack gap="3">
          <Field.Root invalid={Boolean(error)} maxW="xs">
            <Field.Label>Low-balance warning below</Field.Label>
            <Input
              name="low_balance_threshold"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
            />
            <Field.HelperText>credits</Field.HelperText>
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <Text textStyle="sm" color="fg.muted">
            {`A user whose balance is below this sees "Low balance" and a prominent request button. New accounts start with ${stored.initial_credit_balance.toLocaleString('en-US')} credits; the default is 10 % of that (${stored.default_low_balance_threshold.toLocaleString('en-US')}).`}
          </Text>
        </Stack>
      </Card.Body>
      <Card.Footer justifyContent="flex-end">
        <HStack gap="2">
          <Button
            variant="outline"
            type="button"
            disabled={save.isPending || value === String(stored.default_low_balance_threshold)}
            onClick={() => {
              setValue(String(stored.default_low_balance_threshold));
              setError(null);
            }}
          >
            Use default
          </Button>
          <Button type="submit" colorPalette="brand" disabled={!changed} loading={save.isPending} loadingText="Saving...">
            Save
          </Button>
        </HStack>
      </Card.Footer>
    </form>
  );
}

/** When users are warned that their credits run low. */
export function CreditSettingsCard() {
  return (
    <SettingsCard id="credit-settings-heading" title="Credits" description="When users are told their credits run low." query={useCreditSettings()} what="credit settings">
      {(stored) => <CreditSettingsForm stored={stored} />}
    </SettingsCard>
  );
}
