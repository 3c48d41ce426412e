// /prompts/new: name, description, processing type, template (Preview/Edit,
// variables checked live against the type), examples, optional output schema. Create is
// disabled until a trimmed name and a template exist; after creation -> /prompts/{id}. A failed
// save keeps everything typed.
import { Box, Button, chakra, Card, Field, Grid, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { PageHeader, SelectField, handleError, paths, toast } from '@quarry/shared';
import type { PromptKind } from '@quarry/shared/schemas';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PROMPT_KIND_OPTIONS } from '../common/choices';
import { BackLink, SectionCard } from '../common/pageParts';
import { SchemaChoice, schemaChoiceBody, type SchemaChoiceValue } from '../common/SchemaChoice';
import { TemplateField } from '../common/TemplateField';
import { useCreatePrompt, type NewExample } from './queries';

const STARTERS: Record<PromptKind, string> = {
  text: 'Extract the following fields from the text.\n\n{{ schema_descriptions }}\n\nText:\n{{ text_chunk }}',
  table: 'Extract one entry per table row.\n\n{{ schema_descriptions }}\n\n{{ table_description }}\nHeader: {{ header }}\nRows:\n{{ row_chunk }}',
};

export default function NewPromptPage() {
  const navigate = useNavigate();
  const create = useCreatePrompt();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<PromptKind>('text');
  const [template, setTemplate] = useState('');
  const [preview, setPreview] = useState(false);
  const [examples, setExamples] = useState<(NewExample & { key: number })[]>([]);
  const [schema, setSchema] = useState<SchemaChoiceValue>({ mode: 'none' });

  const canCreate = name.trim() !== '' && template.trim() !== '' && !create.isPending;
  const incompleteExample = examples.some((e) => (e.input_text.trim() === '') !== (e.output_text.trim() === ''));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canCreate || incompleteExample) return;
    try {
      const { created, failed } = await create.mutateAsync({
        prompt: { name: name.trim(), description: description.trim() || null, type, template, ...schemaChoiceBody(schema) },
        examples: examples.filter((x) => x.input_text.trim() && x.output_text.trim()),
      });
      toast.success({ title: 'Prompt created', description: created.name });
      if (failed.length) toast.error({ title: 'Some examples were not saved', description: `${failed.join(', ')}: add them again on the prompt page.` });
      void navigate(paths.prompts.detail(created.id));
    } catch (err) {
      handleError(err, { title: 'Failed to create prompt' });
    }
  }

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="New prompt">
      <BackLink to={paths.prompts.index} label="Back to prompts" />
      <PageHeader
        title="New Prompt"
        actions={
          <Button type="submit" colorPalette="brand" disabled={!canCreate || incompleteExample} loading={create.isPending}>
            Create
          </Button>
        }
      />
      <Stack gap="6">
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
                <Field.Root required>
                  <Field.Label>
                    Name <Field.RequiredIndicator />
                  </Field.Label>
                  <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
                </Field.Root>
                <SelectField label="Processing type" value={type} onChange={setType} options={PROMPT_KIND_OPTIONS} />
              </Grid>
              <Field.Root>
                <Field.Label>Description</Field.Label>
                <Textarea rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
              </Field.Root>
              <TemplateField value={template} onChange={setTemplate} type={type} preview={preview} onPreviewChange={setPreview} />
              {template === '' ? (
                <HStack>
                  <Button size="xs" variant="ghost" onClick={() => setTemplate(STARTERS[type])}>
                    Start from a {type} template
                  </Button>
                </HStack>
              ) : null}
            </Stack>
          </Card.Body>
        </Card.Root>

        <SectionCard title="Examples" description="An input text and the JSON you expect for it; the first one is sent to the model as a worked example.">
          <Stack gap="4">
            {examples.map((ex, i) => (
              <Stack key={ex.key} gap="2" role="group" aria-label={`Example ${i + 1}`} borderWidth="1px" borderRadius="md" p="3">
                <HStack justify="space-between">
                  <Text fontWeight="medium">Example {i + 1}</Text>
                  <IconButton aria-label={`Remove example ${i + 1}`} size="xs" variant="ghost" colorPalette="red" onClick={() => setExamples(examples.filter((x) => x.key !== ex.key))}>
                    <Trash2 />
                  </IconButton>
                </HStack>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                  <Field.Root invalid={incompleteExample && ex.input_text.trim() === ''}>
                    <Field.Label>Input text</Field.Label>
                    <Textarea rows={4} value={ex.input_text} onChange={(e) => setExamples(examples.map((x) => (x.key === ex.key ? { ...x, input_text: e.target.value } : x)))} />
                    <Field.ErrorText>Input text is required</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={incompleteExample && ex.output_text.trim() === ''}>
                    <Field.Label>Output text</Field.Label>
                    <Textarea rows={4} fontFamily="mono" value={ex.output_text} onChange={(e) => setExamples(examples.map((x) => (x.key === ex.key ? { ...x, output_text: e.target.value } : x)))} />
                    <Field.ErrorText>Output text is required</Field.ErrorText>
                  </Field.Root>
                </Grid>
              </Stack>
            ))}
            <Box>
              <Button size="sm" variant="outline" onClick={() => setExamples([...examples, { key: Date.now(), input_text: '', output_text: '' }])}>
                <Plus /> Add example
              </Button>
            </Box>
          </Stack>
        </SectionCard>

        <SectionCard title="Output schema (optional)">
          <SchemaChoice value={schema} onChange={setSchema} />
        </SectionCard>
      </Stack>
    </chakra.form>
  );
}
