// A drop-down (Chakra v3 NativeSelect) from a list of options, with the optional first "none
// chosen" entry: on its own (named by an aria-label, as the list filters and sorts are), or
// labelled in a Field with helper and error text, the one form control the apps' forms repeat most.
import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/** What both the bare select and the labelled field choose from. */
interface SelectChoice<V extends string> {
  value: V;
  onChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  /** a first entry with the value '' (the value type must allow '') */
  placeholder?: string;
  name?: string;
}

export interface SelectInputProps<V extends string = string> extends SelectChoice<V>, Omit<NativeSelect.RootProps, 'onChange' | 'children' | 'id'> {
  /** the select's accessible name, where no label names it */
  label?: string;
  id?: string;
}

/** The select alone; the root's props (size, width, disabled) go to NativeSelect.Root. */
export function SelectInput<V extends string = string>({ value, onChange, options, placeholder, label, id, name, ...root }: SelectInputProps<V>) {
  return (
    <NativeSelect.Root {...root}>
      {/* the options offer only values of V (and '' when there is a placeholder, which V then includes) */}
      <NativeSelect.Field id={id} name={name} aria-label={label} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export interface SelectFieldProps<V extends string = string> extends SelectChoice<V> {
  label: string;
  /** marks the field required and shows the required indicator */
  required?: boolean;
  helper?: ReactNode;
  error?: string | null;
  disabled?: boolean;
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
      <SelectInput name={name} value={value} onChange={onChange} options={options} placeholder={placeholder} />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
