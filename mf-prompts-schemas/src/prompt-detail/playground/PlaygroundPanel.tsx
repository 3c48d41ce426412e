// The playground on a real document: pick one of your files that has chunks,
// pick a chunk (its text shown), run this prompt on it with its output schema and an example.
// The JSON returned, its validation against the schema, tokens and time are shown beside the
// chunk text. Nothing is stored as an extraction result.
import { Alert, Badge, Box, Button, Code, Field, Grid, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, SelectField, formatDurationMs, formatTokens, paths, SelectInput, ButtonLink } from '@quarry/shared';
import type { Example, PromptPlaygroundResponse } from '@quarry/shared/schemas';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PROVIDER_OPTIONS, type LlmProvider } from '../../common/choices';
import { errorText } from '../../common/errors';
import { useFileChunks, usePlaygroundFiles, useRunPlayground } from './queries';

function Result({ r }: { r: PromptPlaygroundResponse }) {
  const v = r.validation;
  return (
    <Stack gap="3" aria-label="Playground result" role="region">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={r.status === 'completed' ? 'green' : 'red'}>{r.status}</Badge>
        {v.valid === null ? (
          <Badge>no schema to validate against</Badge>
        ) : v.valid ? (
          <Badge colorPalette="green">Valid against the schema</Badge>
        ) : (
          <Badge colorPalette="red">Does not match the schema</Badge>
        )}
        <Badge colorPalette={r.offline ? 'orange' : 'blue'}>{r.offline ? 'Offline extractor (no language model)' : `${r.provider} · ${r.model}`}</Badge>
        <Text fontSize="sm" color="fg.muted">
          {formatTokens(r.total_tokens)} tokens · {formatDurationMs(r.processing_time_ms)} · {r.attempts} call{r.attempts === 1 ? '' : 's'}
        </Text>
      </HStack>
      {r.error_message ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>{r.error_message}</Alert.Description>
        </Alert.Root>
      ) : null}
      {v.errors.length ? (
        <List.Root aria-label="Validation errors" fontSize="sm" color="fg.error" ps="4">
          {v.errors.map((e, i) => (
            <List.Item key={i}>
              <Code colorPalette="red">{e.path}</Code> {e.message}
            </List.Item>
          ))}
        </List.Root>
      ) : null}
      <Box>
        <Text fontSize="xs" color="fg.muted" mb="1">
          JSON returned
        </Text>
        <Code as="pre" display="block" whiteSpace="pre-wrap" p="3" fontSize="xs" aria-label="JSON returned" maxH="420px" overflow="auto">
          {JSON.stringify(r.extracted_data, null, 2)}
        </Code>
      </Box>
      {r.warnings.length ? (
        <Text fontSize="xs" color="fg.muted">
          Notes: {r.warnings.join('; ')}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        Nothing was stored: this run is not an extraction result.
      </Text>
    </Stack>
  );
}

export function PlaygroundPanel({ promptId, examples, hasInvalidVariables }: { promptId: string; examples: Example[]; hasInvalidVariables: boolean }) {
  const files = usePlaygroundFiles();
  const [fileId, setFileId] = useState<string | null>(null);
  const [chunkId, setChunkId] = useState<string | null>(null);
  const [exampleChoice, setExampleChoice] = useState<string>('first');
  const [provider, setProvider] = useState<LlmProvider | ''>('');
  const chunks = useFileChunks(fileId);
  const run = useRunPlayground(promptId);
  const chunk = chunks.data?.chunks.find((c) => c.id === chunkId) ?? null;
  const usable = (files.data?.files ?? []).filter((f) => f.is_valid !== false);

  return (
    <Stack gap="4">
      {files.isPending ? (
        <LoadingState text="Loading your files..." />
      ) : files.isError ? (
        <ErrorState title="Failed to load your files" message={errorText(files.error)} onRetry={() => void files.refetch()} />
      ) : usable.length === 0 ? (
        <EmptyState
          title="No documents yet"
          description="Upload a document, run OCR and chunking on it, then try this prompt on one of its chunks."
          action={<ButtonLink to={paths.files.index} size="sm" variant="outline">Go to Files</ButtonLink>}
        />
      ) : (
        <Grid templateColumns={{ base: '1fr', md: 'repeat(4, minmax(0, 1fr))' }} gap="3">
          <Field.Root>
            <Field.Label>Document</Field.Label>
            <SelectInput
              value={fileId ?? ''}
              onChange={(value) => {
                setFileId(value || null);
                setChunkId(null);
                run.reset();
              }}
              placeholder="Choose a file"
              options={usable.map((f) => ({ value: f.id, label: f.filename }))}
            />
          </Field.Root>
          <Field.Root disabled={!fileId || !chunks.data?.chunks.length}>
            <Field.Label>Chunk</Field.Label>
            <SelectInput
              value={chunkId ?? ''}
              onChange={(value) => {
                setChunkId(value || null);
                run.reset();
              }}
              placeholder="Choose a chunk"
              options={(chunks.data?.chunks ?? []).map((c) => ({ value: c.id, label: `#${c.chunk_index + 1} · ${c.chunk_type} · page ${c.page_number} · ${c.content.slice(0, 40)}` }))}
            />
            {fileId && chunks.isPending ? <Field.HelperText>Loading chunks...</Field.HelperText> : null}
            {fileId && chunks.isError ? <Field.ErrorText>{errorText(chunks.error)}</Field.ErrorText> : null}
            {fileId && chunks.data && chunks.data.chunks.length === 0 ? (
              <Field.HelperText>
                This file has no chunks yet: run OCR and chunking on it first (
                <Link to={paths.files.detail(fileId)}>open the file</Link>).
              </Field.HelperText>
            ) : null}
          </Field.Root>
          <SelectField
            label="Example"
            value={exampleChoice}
            onChange={setExampleChoice}
            options={[
              { value: 'first', label: examples.length ? `First example (${examples[0]!.name})` : 'First example (none yet)' },
              { value: 'none', label: 'No example' },
              ...examples.slice(1).map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
          <SelectField label="Provider" value={provider} onChange={setProvider} placeholder="Server default" options={PROVIDER_OPTIONS} />
        </Grid>
      )}
      {hasInvalidVariables ? (
        <Text fontSize="sm" color="fg.error">
          Fix the template's invalid variables before running it.
        </Text>
      ) : null}
      <Box>
        <Button
          colorPalette="brand"
          disabled={!fileId || !chunkId || hasInvalidVariables}
          loading={run.isPending}
          loadingText="Running..."
          onClick={() =>
            run.mutate({
              file_id: fileId!,
              chunk_id: chunkId!,
              use_example: exampleChoice !== 'none',
              example_id: exampleChoice === 'none' || exampleChoice === 'first' ? null : exampleChoice,
              provider: provider || null,
            })
          }
        >
          <Play /> Run on this chunk
        </Button>
      </Box>
      {chunk ? (
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4" alignItems="start">
          <Box minW="0">
            <Heading as="h3" size="sm" mb="2">
              Chunk text
            </Heading>
            <Box as="pre" aria-label="Chunk text" whiteSpace="pre-wrap" fontFamily="mono" fontSize="xs" p="3" borderWidth="1px" borderRadius="md" bg="bg.subtle" maxH="420px" overflow="auto">
              {chunk.content}
            </Box>
          </Box>
          <Box minW="0">
            <Heading as="h3" size="sm" mb="2">
              Result
            </Heading>
            {run.isPending ? (
              <LoadingState text="Running the prompt..." />
            ) : run.isError ? (
              <ErrorState title="The run failed" message={errorText(run.error)} />
            ) : run.data ? (
              <Result r={run.data} />
            ) : (
              <Text color="fg.muted" fontSize="sm">
                Run the prompt to see the JSON it returns.
              </Text>
            )}
          </Box>
        </Grid>
      ) : null}
    </Stack>
  );
}
