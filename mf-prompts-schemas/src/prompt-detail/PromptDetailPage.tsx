// /prompts/{id}: view mode; 'Edit Prompt' -> edit mode, left on
// save or cancel; copy template; template preview toggle; examples; the output-schema
// builder/viewer; the playground on a real document. Load failure: 'Failed to load prompt:
// {message or Unknown error}'; missing: 'Prompt Not Found' with a link back.
import { Badge, Box, Button, Card, Field, Grid, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { CopyButton, LoadingState, PageHeader, SelectField, formatDateTime, handleError, paths, toast } from '@quarry/shared';
import type { Prompt, PromptKind } from '@quarry/shared/schemas';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PROMPT_KIND_OPTIONS } from '../common/choices';
import { BackLink, ItemLoadFailed, ItemTitle, SectionCard } from '../common/pageParts';
import { TemplateField, TemplatePreview, VariableProblems } from '../common/TemplateField';
import { invalidUses } from '../common/templateVariables';
import { ExamplesSection } from './ExamplesSection';
import { PlaygroundPanel } from './playground/PlaygroundPanel';
import { usePrompt, useExamples, useUpdatePrompt } from './queries';
import { SchemaSection } from './SchemaSection';

export const promptLoadFailed = (message: string | undefined) => `Failed to load prompt: ${message || 'Unknown error'}`;

const BACK = { to: paths.prompts.index, label: 'Back to prompts' };
const NOT_FOUND = { title: 'Prompt Not Found', description: 'This prompt does not exist, or it is not yours.' };

interface Draft {
  name: string;
  description: string;
  type: PromptKind;
  template: string;
}

function Editor({ prompt, onDone }: { prompt: Prompt; onDone: () => void }) {
  const update = useUpdatePrompt(prompt.id);
  const [draft, setDraft] = useState<Draft>({ name: prompt.name, description: prompt.description ?? '', type: prompt.type, template: prompt.template });
  const [preview, setPreview] = useState(false);
  const canSave = draft.name.trim() !== '' && draft.template.trim() !== '';
  const save = async () => {
    try {
      await update.mutateAsync({ name: draft.name.trim(), description: draft.description.trim() || null, type: draft.type, template: draft.template });
      toast.success({ title: 'Prompt saved' });
      onDone();
    } catch (e) {
      handleError(e, { title: 'Failed to save prompt' }); // the edits stay on screen
    }
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
            <Field.Root required invalid={draft.name.trim() === ''}>
              <Field.Label>
                Name <Field.RequiredIndicator />
              </Field.Label>
              <Input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
              <Field.ErrorText>Prompt name is required</Field.ErrorText>
            </Field.Root>
            <SelectField label="Processing type" value={draft.type} onChange={(type) => setDraft({ ...draft, type })} options={PROMPT_KIND_OPTIONS} />
          </Grid>
          <Field.Root>
            <Field.Label>Description</Field.Label>
            <Textarea rows={2} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
          </Field.Root>
          <TemplateField value={draft.template} onChange={(template) => setDraft({ ...draft, template })} type={draft.type} preview={preview} onPreviewChange={setPreview} />
          <HStack>
            <Button colorPalette="brand" onClick={() => void save()} loading={update.isPending} disabled={!canSave}>
              Save
            </Button>
            <Button variant="ghost" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Viewer({ prompt }: { prompt: Prompt }) {
  const [preview, setPreview] = useState(true);
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          {prompt.description ? <Text>{prompt.description}</Text> : null}
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h2" size="md">
              Template
            </Heading>
            <HStack>
              <Button size="xs" variant="outline" onClick={() => setPreview(!preview)} aria-pressed={preview}>
                {preview ? 'Show raw template' : 'Preview template'}
              </Button>
              <CopyButton text={prompt.template} label="Copy template" />
            </HStack>
          </HStack>
          {preview ? (
            <TemplatePreview template={prompt.template} type={prompt.type} />
          ) : (
            <Box as="pre" whiteSpace="pre-wrap" fontFamily="mono" fontSize="sm" p="3" borderWidth="1px" borderRadius="md" aria-label="Template">
              {prompt.template}
            </Box>
          )}
          <VariableProblems template={prompt.template} type={prompt.type} />
          <Text fontSize="xs" color="fg.muted">
            Variables: {prompt.variables.length ? prompt.variables.join(', ') : 'none'} · created {formatDateTime(prompt.created_at)} · updated {formatDateTime(prompt.updated_at)}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function PromptDetailPage() {
  const { promptId = '' } = useParams();
  const query = usePrompt(promptId);
  const examples = useExamples(promptId);
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <LoadingState text="Loading prompt..." />;
  if (query.isError) return <ItemLoadFailed error={query.error} back={BACK} notFound={NOT_FOUND} failed={{ title: promptLoadFailed(query.error.message) }} onRetry={() => void query.refetch()} />;
  const prompt = query.data;
  return (
    <Box>
      <BackLink {...BACK} />
      <PageHeader
        title={
          <ItemTitle name={prompt.name} editing={editing}>
            <Badge colorPalette={prompt.type === 'table' ? 'purple' : 'blue'}>{prompt.type}</Badge>
          </ItemTitle>
        }
        actions={
          !editing ? (
            <Button colorPalette="brand" onClick={() => setEditing(true)}>
              <Pencil /> Edit Prompt
            </Button>
          ) : null
        }
      />
      <Stack gap="6">
        {editing ? <Editor prompt={prompt} onDone={() => setEditing(false)} /> : <Viewer prompt={prompt} />}
        <ExamplesSection promptId={prompt.id} />
        <SchemaSection key={`${prompt.output_schema_id}-${prompt.updated_at}`} prompt={prompt} />
        <SectionCard
          title="Playground"
          description="Try this prompt, with its output schema and an example, on a chunk of one of your documents. Nothing is stored."
          label="Playground"
        >
          <PlaygroundPanel promptId={prompt.id} examples={examples.data?.examples ?? []} hasInvalidVariables={invalidUses(prompt.template, prompt.type).length > 0} />
        </SectionCard>
      </Stack>
    </Box>
  );
}
