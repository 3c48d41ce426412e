// /output-schemas/{id}: view or edit a schema, copy it, an info panel (field count,
// usage count, dates, the llm-format text the model sees) and a check of JSON data against it
// (validate-data) with each error at its path. Missing: 'Schema Not Found'.
import { Alert, Box, Button, Card, Code, DataList, Field, Grid, Heading, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { CopyButton, DataListItem, ErrorState, LoadingState, PageHeader, formatDateTime, handleError, paths, toast } from '@quarry/shared';
import type { OutputSchema } from '@quarry/shared/schemas';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../common/errors';
import { BackLink, ItemLoadFailed, ItemTitle } from '../common/pageParts';
import { SchemaForm, type SchemaDraft } from '../common/SchemaForm';
import { describeJsonError, parseJson, schemaText } from '../common/schemaModel';
import { useLlmFormat, useSchemaDetail, useUpdateSchema, useValidateData } from './queries';

const BACK = { to: paths.outputSchemas.index, label: 'Back to output schemas' };
const NOT_FOUND = { title: 'Schema Not Found', description: 'This output schema does not exist, or it is not yours.' };

function InfoPanel({ schema }: { schema: OutputSchema }) {
  const format = useLlmFormat(schema.id, true);
  return (
    <Card.Root as="aside" aria-label="Schema info">
      <Card.Header>
        <Heading as="h2" size="sm">
          Info
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <DataList.Root orientation="horizontal" size="sm">
            {[
              ['Fields', String(schema.field_count)],
              ['Usage', `${schema.usage_count} (prompts, examples and jobs that use it)`],
              ['Created', formatDateTime(schema.created_at)],
              ['Updated', formatDateTime(schema.updated_at)],
            ].map(([label, value]) => (
              <DataListItem key={label} label={label}>
                {value}
              </DataListItem>
            ))}
          </DataList.Root>
          <Box>
            <Text fontSize="sm" fontWeight="medium" mb="1">
              What the model sees ({'{{ schema_descriptions }}'})
            </Text>
            {format.isPending ? (
              <LoadingState text="Loading..." />
            ) : format.isError ? (
              <Text color="fg.error" fontSize="sm">
                {errorText(format.error)}
              </Text>
            ) : (
              <Code as="pre" display="block" whiteSpace="pre-wrap" fontSize="xs" p="2" aria-label="LLM format">
                {format.data.schema_descriptions}
              </Code>
            )}
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ValidateData({ schemaId }: { schemaId: string }) {
  const [text, setText] = useState('');
  const [parseError, setParseError] = useState<string | null>(null);
  const check = useValidateData(schemaId);
  return (
    <Card.Root as="section" aria-label="Validate data">
      <Card.Header>
        <Heading as="h2" size="sm">
          Check data against this schema
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Field.Root invalid={Boolean(parseError)}>
            <Field.Label>JSON data</Field.Label>
            <Textarea
              fontFamily="mono"
              fontSize="xs"
              rows={6}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setParseError(null);
                check.reset();
              }}
            />
            <Field.ErrorText>{parseError}</Field.ErrorText>
          </Field.Root>
          <Box>
            <Button
              size="sm"
              variant="outline"
              disabled={text.trim() === ''}
              loading={check.isPending}
              onClick={() => {
                const p = parseJson(text);
                if (!p.ok) return setParseError(describeJsonError(p));
                check.mutate(p.value);
              }}
            >
              Validate
            </Button>
          </Box>
          {check.isError ? <ErrorState title="Validation failed" message={errorText(check.error)} /> : null}
          {check.data ? (
            check.data.valid ? (
              <Alert.Root status="success" size="sm">
                <Alert.Indicator />
                <Alert.Title>The data matches the schema.</Alert.Title>
              </Alert.Root>
            ) : (
              <Stack gap="1">
                <Text color="fg.error" fontWeight="medium">
                  {check.data.error_count} error{check.data.error_count === 1 ? '' : 's'}
                </Text>
                <List.Root aria-label="Data errors" ps="4" fontSize="sm">
                  {check.data.errors.map((e, i) => (
                    <List.Item key={i}>
                      <Code colorPalette="red">{e.path}</Code> {e.message}
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
            )
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function EditMode({ schema, onDone }: { schema: OutputSchema; onDone: () => void }) {
  const update = useUpdateSchema(schema.id);
  const [draft, setDraft] = useState<SchemaDraft>({ name: schema.name, description: schema.description ?? '', schema: schema.schema_definition });
  return (
    <SchemaForm
      draft={draft}
      onChange={setDraft}
      actions={
        <>
          <Button
            colorPalette="brand"
            loading={update.isPending}
            disabled={draft.name.trim() === ''}
            onClick={async () => {
              try {
                await update.mutateAsync({ name: draft.name.trim(), description: draft.description.trim() || null, schema_definition: draft.schema });
                toast.success({ title: 'Schema saved' });
                onDone();
              } catch (e) {
                handleError(e, { title: 'Failed to save schema' }); // the draft stays
              }
            }}
          >
            Save
          </Button>
          <Button variant="ghost" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
        </>
      }
    />
  );
}

export default function SchemaDetailPage() {
  const { schemaId = '' } = useParams();
  const query = useSchemaDetail(schemaId);
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <LoadingState text="Loading schema..." />;
  if (query.isError) return <ItemLoadFailed error={query.error} back={BACK} notFound={NOT_FOUND} failed={{ title: 'Failed to load schema', message: errorText(query.error) }} onRetry={() => void query.refetch()} />;
  const schema = query.data;
  return (
    <Box>
      <BackLink {...BACK} />
      <PageHeader
        title={<ItemTitle name={schema.name} editing={editing} />}
        description={schema.description ?? undefined}
        actions={
          editing ? null : (
            <>
              <CopyButton text={() => schemaText(schema.schema_definition)} label="Copy schema" size="sm" />
              <Button colorPalette="brand" onClick={() => setEditing(true)}>
                <Pencil /> Edit
              </Button>
            </>
          )
        }
      />
      {editing ? (
        <EditMode schema={schema} onDone={() => setEditing(false)} />
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <Card.Root>
              <Card.Header>
                <Heading as="h2" size="sm">
                  JSON Schema
                </Heading>
              </Card.Header>
              <Card.Body>
                <Code as="pre" display="block" whiteSpace="pre-wrap" fontSize="xs" p="3" aria-label="Schema JSON">
                  {schemaText(schema.schema_definition)}
                </Code>
              </Card.Body>
            </Card.Root>
            <ValidateData schemaId={schema.id} />
          </Stack>
          <InfoPanel schema={schema} />
        </Grid>
      )}
    </Box>
  );
}
