// The prompt's output schema: a viewer, and its own editing mode within the page
// (a saved schema, fields defined for this prompt, or none), saved on the prompt.
import { Badge, Box, Button, Card, Code, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { handleError, paths } from '@quarry/shared';
import type { Prompt } from '@quarry/shared/schemas';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SchemaChoice, schemaChoiceBody, type SchemaChoiceValue } from '../common/SchemaChoice';
import { useSchema } from '../common/queries';
import { useUpdatePrompt } from './queries';

const choiceOf = (p: Prompt): SchemaChoiceValue =>
  p.output_schema_id ? { mode: 'saved', id: p.output_schema_id } : p.schema_definition ? { mode: 'own', definition: p.schema_definition } : { mode: 'none' };

export function SchemaSection({ prompt }: { prompt: Prompt }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<SchemaChoiceValue>(() => choiceOf(prompt));
  const [editorKey, setEditorKey] = useState(0);
  const update = useUpdatePrompt(prompt.id);
  const saved = useSchema(prompt.output_schema_id);
  const shown = prompt.output_schema_id ? saved.data?.schema_definition : prompt.schema_definition;

  return (
    <Card.Root as="section" aria-label="Output schema">
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            Output schema
          </Heading>
          {!editing ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setDraft(choiceOf(prompt));
                setEditorKey((k) => k + 1);
                setEditing(true);
              }}
            >
              <Pencil /> Edit schema
            </Button>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        {editing ? (
          <Stack gap="4">
            <SchemaChoice value={draft} onChange={setDraft} editorKey={String(editorKey)} />
            <HStack>
              <Button
                colorPalette="brand"
                size="sm"
                loading={update.isPending}
                onClick={async () => {
                  try {
                    await update.mutateAsync(schemaChoiceBody(draft));
                    setEditing(false);
                  } catch (e) {
                    handleError(e, { title: 'Failed to save the schema' }); // the draft stays
                  }
                }}
              >
                Save schema
              </Button>
              <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </HStack>
          </Stack>
        ) : !prompt.output_schema_id && !prompt.schema_definition ? (
          <Text color="fg.muted">No output schema: the model answers free-form JSON.</Text>
        ) : (
          <Stack gap="2">
            {prompt.output_schema_id ? (
              <HStack>
                <Badge colorPalette="purple">Saved schema</Badge>
                <ChakraLink asChild colorPalette="brand">
                  <Link to={paths.outputSchemas.detail(prompt.output_schema_id)}>{saved.data?.name ?? 'Open schema'}</Link>
                </ChakraLink>
              </HStack>
            ) : (
              <Badge alignSelf="flex-start">Fields defined for this prompt</Badge>
            )}
            <Box>
              <Code as="pre" display="block" whiteSpace="pre-wrap" fontSize="xs" p="3" maxH="360px" overflow="auto" aria-label="Schema JSON">
                {shown ? JSON.stringify(shown, null, 2) : saved.isError ? 'The schema could not be loaded.' : 'Loading...'}
              </Code>
            </Box>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
