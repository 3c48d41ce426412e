// /jobs/create: the five-step demo wizard. Next is disabled until the step is valid; the
// final button goes back to /jobs after 500 ms. Nothing is sent.
import { Badge, Button, Card, Checkbox, Field, HStack, Input, RadioGroup, Stack, Steps, Text, Textarea } from '@chakra-ui/react';
import { PageHeader, paths, RadioItem, SelectInput } from '@quarry/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DOCUMENT_TYPE_LABELS,
  INITIAL_WIZARD,
  SAMPLE_DATASETS,
  SAMPLE_PROMPTS,
  SAMPLE_SCHEMAS,
  WIZARD_REDIRECT_DELAY_MS,
  WIZARD_STEPS,
  isStepValid,
  type DocumentType,
  type WizardState,
} from './wizard';

export default function WizardPage() {
  const [s, setS] = useState<WizardState>(INITIAL_WIZARD);
  const [finishing, setFinishing] = useState(false);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const patch = (p: Partial<WizardState>) => setS((v) => ({ ...v, ...p }));
  const toggleType = (t: DocumentType, on: boolean) =>
    setS((v) => {
      const documentTypes = on ? [...new Set([...v.documentTypes, t])] : v.documentTypes.filter((x) => x !== t);
      const selectedPrompts = { ...v.selectedPrompts };
      if (!on) delete selectedPrompts[t];
      return { ...v, documentTypes, selectedPrompts };
    });
  const finish = () => {
    setFinishing(true);
    timer.current = setTimeout(() => navigate(paths.jobs.index), WIZARD_REDIRECT_DELAY_MS);
  };

  return (
    <Stack gap="6" maxW="3xl">
      <PageHeader title="Create a job" description="A demo wizard on sample data: nothing is sent." />
      <Steps.Root step={s.step - 1} count={WIZARD_STEPS.length} size="sm">
        <Steps.List>
          {WIZARD_STEPS.map((label, i) => (
            <Steps.Item key={label} index={i} title={label}>
              <Steps.Indicator />
              <Steps.Title hideBelow="md">{label}</Steps.Title>
              <Steps.Separator />
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Text fontWeight="semibold">
              Step {s.step} of {WIZARD_STEPS.length}: {WIZARD_STEPS[s.step - 1]}
            </Text>
            {s.step === 1 ? (
              <>
                <Field.Root required>
                  <Field.Label>Job name</Field.Label>
                  <Input value={s.jobName} onChange={(e) => patch({ jobName: e.target.value })} placeholder="Quarterly invoices" />
                </Field.Root>
                <Field.Root required>
                  <Field.Label>Dataset</Field.Label>
                  <SelectInput
                    value={s.selectedDataset}
                    onChange={(selectedDataset) => patch({ selectedDataset })}
                    placeholder="Select a dataset"
                    options={SAMPLE_DATASETS.map((d) => ({ value: d.id, label: `${d.name} (${d.files} files)` }))}
                  />
                </Field.Root>
              </>
            ) : null}
            {s.step === 2 ? (
              <Stack gap="2" role="group" aria-label="Document types">
                {(['table', 'document'] as DocumentType[]).map((t) => (
                  <Checkbox.Root key={t} checked={s.documentTypes.includes(t)} onCheckedChange={(d) => toggleType(t, d.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{DOCUMENT_TYPE_LABELS[t]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            ) : null}
            {s.step === 3
              ? s.documentTypes.map((t) => (
                  <Field.Root key={t} required>
                    <Field.Label>Prompt for {DOCUMENT_TYPE_LABELS[t]}</Field.Label>
                    <SelectInput
                      value={s.selectedPrompts[t] ?? ''}
                      onChange={(prompt) => patch({ selectedPrompts: { ...s.selectedPrompts, [t]: prompt } })}
                      placeholder="Select a prompt"
                      options={SAMPLE_PROMPTS[t].map((p) => ({ value: p.id, label: p.name }))}
                    />
                  </Field.Root>
                ))
              : null}
            {s.step === 4 ? (
              <RadioGroup.Root value={s.selectedSchema} onValueChange={(d) => patch({ selectedSchema: d.value ?? '' })} aria-label="Output schema">
                <Stack gap="2">
                  {SAMPLE_SCHEMAS.map((o) => (
                    <RadioItem key={o.id} value={o.id}>
                      {o.name}
                    </RadioItem>
                  ))}
                </Stack>
              </RadioGroup.Root>
            ) : null}
            {s.step === 5 ? (
              <Stack gap="3">
                <Text>
                  <b>Job name:</b> {s.jobName}
                </Text>
                <Text>
                  <b>Dataset:</b> {SAMPLE_DATASETS.find((d) => d.id === s.selectedDataset)?.name}
                </Text>
                <HStack wrap="wrap">
                  <b>Document types:</b>
                  {s.documentTypes.map((t) => (
                    <Badge key={t}>{DOCUMENT_TYPE_LABELS[t]}</Badge>
                  ))}
                </HStack>
                <Text>
                  <b>Schema:</b> {SAMPLE_SCHEMAS.find((o) => o.id === s.selectedSchema)?.name}
                </Text>
                <Field.Root>
                  <Field.Label>Custom instructions (optional)</Field.Label>
                  <Textarea value={s.customInstructions} onChange={(e) => patch({ customInstructions: e.target.value })} rows={3} />
                </Field.Root>
              </Stack>
            ) : null}
          </Stack>
        </Card.Body>
        <Card.Footer justifyContent="space-between">
          <Button variant="outline" onClick={() => patch({ step: s.step - 1 })} disabled={s.step === 1 || finishing}>
            Previous
          </Button>
          {s.step < WIZARD_STEPS.length ? (
            <Button colorPalette="brand" onClick={() => patch({ step: s.step + 1 })} disabled={!isStepValid(s)}>
              Next
            </Button>
          ) : (
            <Button colorPalette="brand" onClick={finish} loading={finishing} loadingText="Creating...">
              Create Job
            </Button>
          )}
        </Card.Footer>
      </Card.Root>
    </Stack>
  );
}
