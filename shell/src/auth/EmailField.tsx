import { Field, Input } from '@chakra-ui/react';

/** The required email field of the login and sign-up forms. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string | undefined }) {
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>Email</Field.Label>
      <Input
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
