// A labelled drop-down (Chakra v3 Field + NativeSelect): the one form control the apps' forms
// repeat most, with the optional first "none chosen" entry, helper and error text.
import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string = string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  /** a first entry with the value '' (the field's value type must allow '') */
  placeholder?: string;
  /** marks the field required and shows the required indicator */
  required?: boolean;
  helper?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  name?: string;
}

export function SelectField<V extends string = string>({ label, value, onChange, options, placeholder, required, helper, error, disabled, name }: SelectFieldProps<V>) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? (
          <>
            {' '}
            <Field.RequiredIndicator />
          </>
        ) : null}
      </Field.Label>
      <NativeSelect.Root>
        {/* the options offer only values of V (and '' when there is a placeholder, which V then includes) */}
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value as V)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
