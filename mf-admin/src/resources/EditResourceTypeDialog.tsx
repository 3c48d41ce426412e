import { Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { SelectField, toast, type SelectOption } from '@quarry/shared';
import type { ResourceType } from '@quarry/shared/schemas';
import { AGGREGATION_TYPES, RESET_PERIODS } from '@quarry/shared/constants';
import { useEffect, useState, type FormEvent } from 'react';
import { serverDetailOr } from '../common/errors';
import { FormDialog } from '../common/FormDialog';
import {
  formValuesOf,
  toResourceTypeUpdate,
  validateResourceTypeForm,
  type NumericField,
  type ResourceTypeFormErrors,
  type ResourceTypeFormValues,
} from './form';
import { useUpdateResourceType } from './queries';

/** each value shown as it is sent */
const asIs = <V extends string>(values: readonly V[]): SelectOption<V>[] => values.map((v) => ({ value: v, label: v }));

const NUMERIC: { name: NumericField; label: string; helper: string }[] = [
  { name: 'default_limit', label: 'Default limit', helper: 'Whole number; leave empty to keep it' },
  { name: 'default_alert_threshold', label: 'Alert threshold (%)', helper: 'Whole percentage 0–100' },
  { name: 'credit_cost', label: 'Credit cost', helper: 'Credits taken per use; whole number' },
];

/** The edit form: 'Resource Updated' / 'Update Failed'. */
export function EditResourceTypeDialog({ resourceType, onClose }: { resourceType: ResourceType | null; onClose: () => void }) {
  const update = useUpdateResourceType();
  const [values, setValues] = useState<ResourceTypeFormValues | null>(null);
  const [errors, setErrors] = useState<ResourceTypeFormErrors>({});

  useEffect(() => {
    setValues(resourceType ? formValuesOf(resourceType) : null);
    setErrors({});
  }, [resourceType]);

  const set = <K extends keyof ResourceTypeFormValues>(key: K, value: ResourceTypeFormValues[K]) => {
    setValues((v) => (v ? { ...v, [key]: value } : v));
    // editing a field clears its message
    setErrors((e) => {
      const next = { ...e };
      delete next[key as NumericField];
      return next;
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!values || !resourceType) return;
    const found = validateResourceTypeForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { id: resourceType.id, patch: toResourceTypeUpdate(values) },
      {
        onSuccess: (saved) => {
          toast.success('Resource Updated', `${saved.name} was saved`);
          onClose();
        },
        // the form keeps what was typed
        onError: (err) => toast.error('Update Failed', serverDetailOr(err, 'Failed to update resource type')),
      },
    );
  };

  return (
    <FormDialog
      open={resourceType !== null}
      onClose={onClose}
      pending={update.isPending}
      size={{ base: 'full', sm: 'lg' }}
      title={`Edit ${resourceType?.name ?? ''}`}
      formLabel={`Edit ${resourceType?.name ?? ''}`}
      submitLabel="Save changes"
      onSubmit={onSubmit}
    >
      {values && resourceType ? (
        <Stack gap="4">
          <Field.Root>
            <Field.Label>Description</Field.Label>
            <Textarea name="description" rows={2} value={values.description} onChange={(e) => set('description', e.target.value)} />
          </Field.Root>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <SelectField label="Reset period" name="reset_period" value={values.reset_period} options={asIs(RESET_PERIODS)} onChange={(v) => set('reset_period', v)} />
            <SelectField label="Aggregation type" name="aggregation_type" value={values.aggregation_type} options={asIs(AGGREGATION_TYPES)} onChange={(v) => set('aggregation_type', v)} />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            {NUMERIC.map((f) => (
              <Field.Root key={f.name} invalid={Boolean(errors[f.name])}>
                <Field.Label>{f.label}</Field.Label>
                <Input name={f.name} inputMode="numeric" value={values[f.name]} onChange={(e) => set(f.name, e.target.value)} />
                {errors[f.name] ? <Field.ErrorText>{errors[f.name]}</Field.ErrorText> : <Field.HelperText>{f.helper}</Field.HelperText>}
              </Field.Root>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </FormDialog>
  );
}
