import { Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { toast, ErrorAlert } from '@quarry/shared';
import type { AdminUser } from '@quarry/shared/schemas';
import { useEffect, useState, type FormEvent } from 'react';
import { serverDetailOr } from '../common/errors';
import { FormDialog } from '../common/FormDialog';
import { validateAdjustment, type AdjustmentErrors, type AdjustmentValues } from './adjustment';
import { useAdjustBalance } from './queries';

/** Adds (or takes) credits; the ledger records who did it and why, like an approval. */
export function AdjustBalanceDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const adjust = useAdjustBalance();
  const [values, setValues] = useState<AdjustmentValues>({ amount: '', reason: '' });
  const [errors, setErrors] = useState<AdjustmentErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    setValues({ amount: '', reason: '' });
    setErrors({});
    setFailure(null);
  }, [user?.id]);

  const set = (key: keyof AdjustmentValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const found = validateAdjustment(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    adjust.mutate(
      { id: user.id, body: { amount: Number(values.amount.trim()), reason: values.reason.trim() } },
      {
        onSuccess: (r) => {
          toast.success('Balance Adjusted', `${user.email} now has ${r.balance_after.toLocaleString('en-US')} credits`);
          onClose();
        },
        onError: (err) => setFailure(serverDetailOr(err, 'Failed to adjust the balance')),
      },
    );
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      pending={adjust.isPending}
      size={{ base: 'full', sm: 'md' }}
      title="Adjust balance"
      formLabel="Adjust balance"
      submitLabel="Adjust balance"
      onSubmit={onSubmit}
    >
      {user ? (
        <Stack gap="4">
          <Text textStyle="sm" color="fg.muted">
            {user.email} has {user.credit_balance.toLocaleString('en-US')} credits.
          </Text>
          <Field.Root required invalid={Boolean(errors.amount)}>
            <Field.Label>
              Credits <Field.RequiredIndicator />
            </Field.Label>
            <Input name="amount" inputMode="numeric" value={values.amount} onChange={(e) => set('amount', e.target.value)} placeholder="e.g. 500, or -50 to take" />
            {errors.amount ? <Field.ErrorText>{errors.amount}</Field.ErrorText> : <Field.HelperText>A negative number takes credits away.</Field.HelperText>}
          </Field.Root>
          <Field.Root required invalid={Boolean(errors.reason)}>
            <Field.Label>
              Reason <Field.RequiredIndicator />
            </Field.Label>
            <Textarea name="reason" rows={2} value={values.reason} onChange={(e) => set('reason', e.target.value)} maxLength={500} />
            {errors.reason ? <Field.ErrorText>{errors.reason}</Field.ErrorText> : null}
          </Field.Root>
          <ErrorAlert message={failure} />
        </Stack>
      ) : null}
    </FormDialog>
  );
}
