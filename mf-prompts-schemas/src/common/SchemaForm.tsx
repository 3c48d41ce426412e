// Name, description and the two-view editor of an output schema, with a live preview of the
// answer it asks for. Used by /output-schemas/new and the edit mode of /output-schemas/{id}.
import { Box, Button, Card, Code, Field, Grid, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { OUTPUT_SCHEMA_MESSAGES } from '@quarry/shared/schemas';
import { useState, type ReactNode } from 'react';
import { SchemaEditor } from './SchemaEditor';
import { type JsonObject } from './schemaModel';
import { SCHEMA_TEMPLATES, sampleOf } from './schemaTemplates';

export interface SchemaDraft {
  name: string;
  description: string;
  schema: JsonObject;
}

export function SchemaForm({ draft, onChange, withTemplates, actions }: { draft: SchemaDraft; onChange: (d: SchemaDraft) => void; withTemplates?: boolean; actions: ReactNode }) {
  const [editorKey, setEditorKey] = useState(0);
  const [touched, setTouched] = useState(false);
  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Body>
          <Grid templateColumns={{ base: '1fr', md: '1fr 2fr' }} gap="4">
            <Field.Root required invalid={touched && draft.name.trim() === ''}>
              <Field.Label>
                Name <Field.RequiredIndicator />
              </Field.Label>
              <Input value={draft.name} maxLength={200} onBlur={() => setTouched(true)} onChange={(e) => onChange({ ...draft, name: e.target.value })} />
              <Field.ErrorText>{OUTPUT_SCHEMA_MESSAGES.nameRequired}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Description</Field.Label>
              <Textarea rows={1} value={draft.description} onChange={(e) => onChange({ ...draft, description: e.target.value })} />
            </Field.Root>
          </Grid>
        </Card.Body>
      </Card.Root>
      {withTemplates ? (
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="medium">
            Start from a template
          </Text>
          <HStack gap="2" wrap="wrap">
            {SCHEMA_TEMPLATES.map((t) => (
              <Button
                key={t.name}
                size="sm"
                variant="outline"
                title={t.description}
                onClick={() => {
                  onChange({ ...draft, schema: t.schema, name: draft.name || t.name, description: draft.description || t.description });
                  setEditorKey((k) => k + 1);
                }}
              >
                {t.name}
              </Button>
            ))}
          </HStack>
        </Stack>
      ) : null}
      <Card.Root>
        <Card.Body>
          <SchemaEditor key={editorKey} initial={draft.schema} onChange={(schema) => onChange({ ...draft, schema })} />
        </Card.Body>
      </Card.Root>
      <Card.Root as="section" aria-label="Preview">
        <Card.Header>
          <Heading as="h3" size="sm">
            Preview: the answer this schema asks for
          </Heading>
        </Card.Header>
        <Card.Body>
          <Box>
            <Code as="pre" display="block" whiteSpace="pre-wrap" fontSize="xs" p="3" maxH="300px" overflow="auto">
              {JSON.stringify(sampleOf(draft.schema), null, 2)}
            </Code>
          </Box>
        </Card.Body>
      </Card.Root>
      <HStack>{actions}</HStack>
    </Stack>
  );
}
