// Labelled form controls of the job forms (on the shared SelectField), and the card a
// create-job form sits in.
import { Button, Card, Field, Heading, Input, Stack, Textarea, chakra } from '@chakra-ui/react';
import { ErrorState, LoadingState, SelectField } from '@quarry/shared';
import type { FormEvent, ReactNode } from 'react';

/** Provider choice: the server's default or one it has configured. */
export function ProviderField({ value, onChange, available }: { value: string; onChange: (v: string) => void; available: readonly string[] | undefined }) {
  const options = (available ?? ['offline']).map((p) => ({ value: p, label: p === 'offline' ? 'offline (no language model)' : p }));
  return <SelectField label="Provider" value={value} onChange={onChange} options={options} placeholder="Server default" helper="The language-model provider the extraction uses." />;
}

/** The required name and the optional description of a new job; the label and placeholder of the name are each form's own. */
export function JobNameFields({
  nameLabel,
  namePlaceholder,
  name,
  description,
  onChange,
  onBlur,
}: {
  nameLabel: string;
  namePlaceholder: string;
  name: string;
  description: string;
  onChange: (p: { name?: string; description?: string }) => void;
  /** leaving the name field (a form marks it touched) */
  onBlur?: () => void;
}) {
  return (
    <>
      <Field.Root required>
        <Field.Label>
          {nameLabel} <Field.RequiredIndicator />
        </Field.Label>
        <Input name="name" value={name} onChange={(e) => onChange({ name: e.target.value })} onBlur={onBlur} placeholder={namePlaceholder} />
      </Field.Root>
      <Field.Root>
        <Field.Label>Description</Field.Label>
        <Textarea name="description" value={description} onChange={(e) => onChange({ description: e.target.value })} rows={2} />
      </Field.Root>
    </>
  );
}

export function DatasetSelectField({ value, onChange, datasets }: { value: string; onChange: (v: string) => void; datasets: readonly { id: string; name: string; file_count: number }[] | undefined }) {
  return <SelectField label="Dataset" required value={value} onChange={onChange} placeholder="Select a dataset" options={(datasets ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.file_count} files)` }))} />;
}

export function PromptSelectField({ label, value, onChange, prompts }: { label: string; value: string; onChange: (v: string) => void; prompts: readonly { id: string; name: string; type: string }[] | undefined }) {
  return <SelectField label={label} required value={value} onChange={onChange} placeholder="Select a prompt" options={(prompts ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.type})` }))} />;
}

/** The optional training example of the chosen prompt (disabled until a prompt is chosen). */
export function ExampleSelectField({ label, value, onChange, promptId, examples }: { label: string; value: string; onChange: (v: string) => void; promptId: string; examples: readonly { id: string; name: string }[] | undefined }) {
  return <SelectField label={label} value={value} onChange={onChange} placeholder="No example" disabled={!promptId} options={(examples ?? []).map((x) => ({ value: x.id, label: x.name }))} />;
}

/**
 * A create-job form: its title (also the form's accessible name), the fields once what they
 * list has loaded (else the loading or error state), and the submit button.
 */
export function CreateJobFormCard({
  title,
  submitLabel,
  onSubmit,
  loadingText,
  loading,
  loadError,
  onRetry,
  submitting,
  submitDisabled,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: (e: FormEvent) => Promise<void>;
  loadingText: string;
  loading: boolean;
  loadError: Error | null;
  onRetry: () => void;
  submitting: boolean;
  submitDisabled: boolean;
  children: ReactNode;
}) {
  return (
    <chakra.form onSubmit={(e: FormEvent) => void onSubmit(e)} noValidate aria-label={title}>
      <Card.Root>
        <Card.Header>
          <Heading size="md" as="h2">
            {title}
          </Heading>
        </Card.Header>
        <Card.Body>
          {loading ? (
            <LoadingState text={loadingText} />
          ) : loadError ? (
            <ErrorState title="Error loading the form" message={loadError.message} onRetry={onRetry} />
          ) : (
            <Stack gap="4">{children}</Stack>
          )}
        </Card.Body>
        <Card.Footer>
          <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Creating..." disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </Card.Footer>
      </Card.Root>
    </chakra.form>
  );
}
