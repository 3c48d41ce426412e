// Two views of one schema: the field builder and the JSON Schema text, kept
// in sync both ways. Typing or pasting JSON fills the builder once it parses; text that does
// not parse (or is not an object schema) is refused with the parser's message and position and
// nothing of it is applied. Keywords the builder cannot show are kept and listed. A sample JSON
// object can be turned into a schema proposal to edit.
import { Alert, Box, Button, Collapsible, Field, Grid, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { SchemaBuilder } from './SchemaBuilder';
import {
  describeJsonError,
  emptyModel,
  inferSchema,
  keptKeywords,
  modelToSchema,
  parseJson,
  schemaText,
  schemaToModel,
  SchemaShapeError,
  type JsonObject,
  type SchemaModel,
} from './schemaModel';

export interface SchemaEditorProps {
  /** the schema to start from (the editor owns its state afterwards; remount to reset) */
  initial: JsonObject | null;
  onChange: (schema: JsonObject) => void;
}

function initialModel(initial: JsonObject | null): SchemaModel {
  if (!initial) return emptyModel();
  try {
    return schemaToModel(initial);
  } catch {
    return emptyModel();
  }
}

export function SchemaEditor({ initial, onChange }: SchemaEditorProps) {
  const [model, setModel] = useState<SchemaModel>(() => initialModel(initial));
  const [text, setText] = useState(() => schemaText(initial ?? modelToSchema(model)));
  const [textError, setTextError] = useState<string | null>(null);
  const [sample, setSample] = useState('');
  const [sampleError, setSampleError] = useState<string | null>(null);
  const [sampleOpen, setSampleOpen] = useState(false);

  const apply = (next: SchemaModel, fromText?: string) => {
    setModel(next);
    const schema = modelToSchema(next);
    setText(fromText ?? schemaText(schema));
    setTextError(null);
    onChange(schema);
  };

  const onText = (value: string) => {
    setText(value);
    const parsed = parseJson(value);
    if (!parsed.ok) {
      setTextError(describeJsonError(parsed));
      return;
    }
    try {
      apply(schemaToModel(parsed.value), value);
    } catch (e) {
      setTextError(e instanceof SchemaShapeError ? e.message : String(e));
    }
  };

  const infer = () => {
    const parsed = parseJson(sample);
    if (!parsed.ok) {
      setSampleError(describeJsonError(parsed));
      return;
    }
    try {
      apply(schemaToModel(inferSchema(parsed.value)));
      setSampleError(null);
    } catch (e) {
      setSampleError(e instanceof SchemaShapeError ? e.message : String(e));
    }
  };

  const kept = keptKeywords(model);
  const unnamed = model.fields.some(function hasUnnamed(f): boolean {
    return f.name.trim() === '' || f.properties.some(hasUnnamed) || Boolean(f.items?.properties.some(hasUnnamed));
  });

  return (
    <Stack gap="4">
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5" alignItems="start">
        <Stack gap="3" as="section" aria-label="Field builder">
          <Heading as="h3" size="sm">
            Fields
          </Heading>
          <SchemaBuilder fields={model.fields} onChange={(fields) => apply({ ...model, fields })} />
          {unnamed ? (
            <Text fontSize="sm" color="fg.muted">
              Fields without a name are left out of the schema.
            </Text>
          ) : null}
        </Stack>
        <Stack gap="3" as="section" aria-label="JSON Schema view">
          <Heading as="h3" size="sm">
            JSON Schema
          </Heading>
          <Field.Root invalid={Boolean(textError)}>
            <Field.Label srOnly>JSON Schema</Field.Label>
            <Textarea
              fontFamily="mono"
              fontSize="xs"
              rows={18}
              spellCheck={false}
              value={text}
              onChange={(e) => onText(e.target.value)}
            />
            {textError ? <Field.ErrorText>{textError} — not applied; the builder keeps the last valid schema.</Field.ErrorText> : <Field.HelperText>Edit or paste a JSON Schema: the builder follows.</Field.HelperText>}
          </Field.Root>
        </Stack>
      </Grid>
      {kept.length ? (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Kept from the JSON Schema, not shown in the builder</Alert.Title>
            <Alert.Description>
              These keywords stay in the schema exactly as written; edit them in the JSON view: {kept.join(', ')}.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Collapsible.Root open={sampleOpen} onOpenChange={(d) => setSampleOpen(d.open)}>
        <Collapsible.Trigger asChild>
          <Button size="sm" variant="outline" alignSelf="flex-start">
            <Sparkles /> Infer from a sample
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Box mt="3" p="3" borderWidth="1px" borderRadius="md">
            <Field.Root invalid={Boolean(sampleError)}>
              <Field.Label>Sample JSON object</Field.Label>
              <Textarea
                fontFamily="mono"
                fontSize="xs"
                rows={6}
                placeholder={'{"invoice_number": "INV-1", "total": 12.5, "line_items": [{"description": "Widget", "qty": 2}]}'}
                value={sample}
                onChange={(e) => {
                  setSample(e.target.value);
                  setSampleError(null);
                }}
              />
              {sampleError ? <Field.ErrorText>{sampleError}</Field.ErrorText> : <Field.HelperText>For example one correct extraction. The proposal replaces the fields above; edit it before saving.</Field.HelperText>}
            </Field.Root>
            <Button mt="3" size="sm" colorPalette="brand" onClick={infer} disabled={sample.trim() === ''}>
              Infer schema
            </Button>
          </Box>
        </Collapsible.Content>
      </Collapsible.Root>
    </Stack>
  );
}
