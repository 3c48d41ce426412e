// Labelled form controls of the job forms (Chakra v3 Field + NativeSelect).
import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  required?: boolean;
  helper?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  name?: string;
}

export function SelectField({ label, value, onChange, options, placeholder, required, helper, error, disabled, name }: SelectFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>
        {label} {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
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

/** Provider choice: the server's default or one it has configured. */
export function ProviderField({ value, onChange, available }: { value: string; onChange: (v: string) => void; available: readonly string[] | undefined }) {
  const options = (available ?? ['offline']).map((p) => ({ value: p, label: p === 'offline' ? 'offline (no language model)' : p }));
  return <SelectField label="Provider" value={value} onChange={onChange} options={options} placeholder="Server default" helper="The language-model provider the extraction uses." />;
}
