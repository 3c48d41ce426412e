// /llm-test: a simple test (message rows with role, provider — default
// gemini —, model, temperature 0–2 step 0.1, max tokens 1–8000) and a structured test (content,
// prompt, JSON schema). Submitted tasks are polled every 2 s until SUCCESS or FAILURE, then the
// history (limit 50, refetched every 10 s) is refetched. Answers of the offline extractor and
// providers that are not configured are said in words.
import { Alert, Badge, Box, Button, Card, Code, Field, Grid, HStack, IconButton, Input, NativeSelect, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, PageHeader, SelectField, formatDateTime, formatDurationMs, formatTokens, handleError } from '@quarry/shared';
import { LLM_TEST_DEFAULT_PROVIDER, type LlmTaskStatus, type LlmTestResult } from '@quarry/shared/schemas';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PROVIDER_OPTIONS, type LlmProvider } from '../common/choices';
import { errorText } from '../common/errors';
import { MeteringNote } from './MeteringNote';
import { useDeleteResult, useLlmResults, useRefreshResults, useSubmitTest, useTaskStatuses, type TrackedTask } from './queries';
import { MAX_TOKENS, TEMPERATURE, canRemoveRow, outcomeWord, validateInputs, validateSimple, validateStructured, type MessageRow } from './validation';

const DEFAULT_SCHEMA = '{\n  "type": "object",\n  "properties": {\n    "answer": { "type": "string" }\n  }\n}';

function ProviderFields({ provider, setProvider, model, setModel }: { provider: LlmProvider; setProvider: (p: LlmProvider) => void; model: string; setModel: (m: string) => void }) {
  return (
    <>
      <SelectField label="Provider" value={provider} onChange={setProvider} options={PROVIDER_OPTIONS} />
      <Field.Root>
        <Field.Label>Model (optional)</Field.Label>
        <Input value={model} onChange={(e) => setModel(e.target.value)} placeholder="provider default" />
      </Field.Root>
    </>
  );
}

type TestRequest = Parameters<ReturnType<typeof useSubmitTest>['mutateAsync']>[0];

/** A test form's sending: its check first (the message stays under the form), then the task is submitted and followed. */
function useSendTest(onSubmitted: (taskId: string) => void) {
  const submit = useSubmitTest();
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (check: string | null, request: () => TestRequest) => {
    setProblem(check);
    if (check) return;
    try {
      const r = await submit.mutateAsync(request());
      onSubmitted(r.task_id);
    } catch (e) {
      handleError(e, { title: 'The test could not be sent' });
    }
  };
  return { send, problem, setProblem, sending: submit.isPending };
}

/** The end of a test form: what its check found, and its Run button. */
function RunTest({ label, problem, sending, onRun }: { label: string; problem: string | null; sending: boolean; onRun: () => void }) {
  return (
    <>
      {problem ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {problem}
        </Text>
      ) : null}
      <Box>
        <Button colorPalette="brand" onClick={onRun} loading={sending}>
          {label}
        </Button>
      </Box>
    </>
  );
}

function SimpleForm({ onSubmitted }: { onSubmitted: (taskId: string) => void }) {
  const { send, problem, setProblem, sending } = useSendTest(onSubmitted);
  const [rows, setRows] = useState<MessageRow[]>([{ key: 1, role: 'user', content: '' }]);
  const [provider, setProvider] = useState<LlmProvider>(LLM_TEST_DEFAULT_PROVIDER);
  const [model, setModel] = useState('');
  const [temperature, setTemperature] = useState('0.7');
  const [maxTokens, setMaxTokens] = useState('1000');
  const nextKey = useRef(2);
  const run = () =>
    send(validateSimple(rows) ?? validateInputs(Number(temperature), Number(maxTokens)), () => ({
      kind: 'simple',
      body: { messages: rows.map(({ role, content }) => ({ role, content })), provider, model: model.trim() || null, temperature: Number(temperature), max_tokens: Number(maxTokens) },
    }));
  return (
    <Stack gap="4">
      {rows.map((r, i) => (
        <HStack key={r.key} align="flex-start" gap="2" role="group" aria-label={`Message ${i + 1}`}>
          <NativeSelect.Root width="130px" flexShrink={0} size="sm">
            <NativeSelect.Field aria-label={`Message ${i + 1} role`} value={r.role} onChange={(e) => setRows(rows.map((x) => (x.key === r.key ? { ...x, role: e.target.value as MessageRow['role'] } : x)))}>
              <option value="system">system</option>
              <option value="user">user</option>
              <option value="assistant">assistant</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Textarea
            size="sm"
            rows={2}
            aria-label={`Message ${i + 1} content`}
            value={r.content}
            onChange={(e) => {
              setRows(rows.map((x) => (x.key === r.key ? { ...x, content: e.target.value } : x)));
              setProblem(null);
            }}
          />
          <IconButton aria-label={`Remove message ${i + 1}`} size="sm" variant="ghost" disabled={!canRemoveRow(rows)} onClick={() => setRows(rows.filter((x) => x.key !== r.key))}>
            <Trash2 />
          </IconButton>
        </HStack>
      ))}
      <Box>
        <Button size="xs" variant="outline" onClick={() => setRows([...rows, { key: nextKey.current++, role: 'user', content: '' }])}>
          <Plus /> Add message
        </Button>
      </Box>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(4, minmax(0, 1fr))' }} gap="3">
        <ProviderFields provider={provider} setProvider={setProvider} model={model} setModel={setModel} />
        <Field.Root>
          <Field.Label>Temperature</Field.Label>
          <Input type="number" min={TEMPERATURE.min} max={TEMPERATURE.max} step={TEMPERATURE.step} value={temperature} onChange={(e) => setTemperature(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Max tokens</Field.Label>
          <Input type="number" min={MAX_TOKENS.min} max={MAX_TOKENS.max} step={1} value={maxTokens} onChange={(e) => setMaxTokens(e.target.value)} />
        </Field.Root>
      </Grid>
      <RunTest label="Run simple test" problem={problem} sending={sending} onRun={() => void run()} />
    </Stack>
  );
}

function StructuredForm({ onSubmitted }: { onSubmitted: (taskId: string) => void }) {
  const { send, problem, sending } = useSendTest(onSubmitted);
  const [content, setContent] = useState('');
  const [prompt, setPrompt] = useState('');
  const [schema, setSchema] = useState(DEFAULT_SCHEMA);
  const [provider, setProvider] = useState<LlmProvider>(LLM_TEST_DEFAULT_PROVIDER);
  const [model, setModel] = useState('');
  const run = () =>
    send(validateStructured(content, prompt, schema), () => ({
      kind: 'structured',
      body: { content, prompt, output_schema: JSON.parse(schema) as Record<string, unknown>, provider, model: model.trim() || null },
    }));
  return (
    <Stack gap="4">
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
        <Field.Root>
          <Field.Label>Content</Field.Label>
          <Textarea rows={6} value={content} onChange={(e) => setContent(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Prompt</Field.Label>
          <Textarea rows={6} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
        </Field.Root>
      </Grid>
      <Field.Root>
        <Field.Label>JSON schema</Field.Label>
        <Textarea rows={6} fontFamily="mono" fontSize="xs" value={schema} onChange={(e) => setSchema(e.target.value)} />
      </Field.Root>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3">
        <ProviderFields provider={provider} setProvider={setProvider} model={model} setModel={setModel} />
      </Grid>
      <RunTest label="Run structured test" problem={problem} sending={sending} onRun={() => void run()} />
    </Stack>
  );
}

const statusPalette = (s: string) => (s === 'success' || s === 'SUCCESS' ? 'green' : s === 'failure' || s === 'FAILURE' ? 'red' : s === 'EMPTY ANSWER' ? 'orange' : 'yellow');

function ResultCard({ r, onDelete }: { r: LlmTestResult; onDelete: () => void }) {
  const stat = (label: string, value: ReactNode) => (
    <Text fontSize="xs" color="fg.muted">
      {label}: <Text as="span" color="fg">{value}</Text>
    </Text>
  );
  const word = outcomeWord(r.status, r.response_content);
  return (
    <Card.Root as="li" size="sm" aria-label={`Result ${r.id}`}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" align="flex-start">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={statusPalette(word)}>{word}</Badge>
              <Badge variant="outline">{r.kind}</Badge>
              {r.offline ? <Badge colorPalette="orange">Offline extractor — not a language model</Badge> : null}
              {r.is_cached_response ? <Badge colorPalette="purple">cached</Badge> : null}
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(r.created_at)}
              </Text>
            </HStack>
            <IconButton aria-label="Delete result" size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
              <Trash2 />
            </IconButton>
          </HStack>
          <HStack gap="4" wrap="wrap">
            {stat('Provider', r.requested_provider !== r.provider ? `${r.provider} (asked: ${r.requested_provider})` : r.provider)}
            {stat('Model', r.model || '-')}
            {stat('Tokens', formatTokens(r.total_tokens))}
            {stat('Time', formatDurationMs(r.processing_time_ms))}
            {stat('Cost', `$${r.cost_estimate.toFixed(6)}`)}
          </HStack>
          {r.note ? (
            <Text fontSize="xs" color="fg.warning">
              {r.note}
            </Text>
          ) : null}
          {r.error_message ? (
            <Text fontSize="sm" color="fg.error">
              {r.error_message}
            </Text>
          ) : null}
          {word === 'EMPTY ANSWER' ? (
            <Text fontSize="sm" color="fg.warning">
              The provider answered, but with nothing in it ({r.response_content?.trim() || 'no text'}): no value was extracted.
            </Text>
          ) : null}
          {r.response_content ? (
            <Code as="pre" display="block" whiteSpace="pre-wrap" fontSize="xs" p="2" maxH="200px" overflow="auto">
              {r.response_content}
            </Code>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function TaskLine({ t, status }: { t: TrackedTask; status: LlmTaskStatus | undefined }) {
  const word = status?.result && status.status === 'SUCCESS' ? outcomeWord(status.status, status.result.response_content) : (status?.status ?? 'PENDING');
  return (
    <HStack gap="2" fontSize="sm" aria-label={`Task ${t.taskId}`}>
      <Badge colorPalette={statusPalette(word)}>{word}</Badge>
      <Code fontSize="xs">{t.taskId.slice(0, 8)}</Code>
      {word === 'FAILURE' ? <Text color="fg.error">{status?.result?.error_message ?? status?.traceback}</Text> : null}
    </HStack>
  );
}

export default function LlmTestPage() {
  const [tasks, setTasks] = useState<TrackedTask[]>([]);
  const statuses = useTaskStatuses(tasks);
  const results = useLlmResults();
  const refresh = useRefreshResults();
  const remove = useDeleteResult();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const finished = statuses.filter((s) => s.data && s.data.status !== 'PENDING').length;

  // every submitted task final -> refetch the history
  useEffect(() => {
    if (tasks.length && finished === tasks.length) void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newly finished task
  }, [finished, tasks.length]);

  const onSubmitted = (taskId: string) => setTasks((list) => [{ taskId, submittedAt: Date.now() }, ...list].slice(0, 10));

  return (
    <Box>
      <PageHeader title="LLM Test" description="Developer page: send a request to a language-model provider and see the answer, tokens, time and cost." />
      <MeteringNote />
      <Alert.Root status="info" size="sm" mb="5">
        <Alert.Indicator />
        <Alert.Description>
          When the chosen provider is not configured on this server, the answer says so; gemini without a key is answered by the offline extractor, a deterministic
          program that is not a language model, and such answers are labelled.
        </Alert.Description>
      </Alert.Root>
      <Card.Root mb="6">
        <Card.Body>
          <Tabs.Root defaultValue="simple" variant="line">
            <Tabs.List>
              <Tabs.Trigger value="simple">Simple</Tabs.Trigger>
              <Tabs.Trigger value="structured">Structured</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="simple">
              <SimpleForm onSubmitted={onSubmitted} />
            </Tabs.Content>
            <Tabs.Content value="structured">
              <StructuredForm onSubmitted={onSubmitted} />
            </Tabs.Content>
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
      {tasks.length ? (
        <Stack gap="1" mb="6" aria-label="Submitted tasks" role="region">
          <Text fontWeight="medium">Submitted tasks</Text>
          {tasks.map((t, i) => (
            <TaskLine key={t.taskId} t={t} status={statuses[i]?.data} />
          ))}
        </Stack>
      ) : null}
      <Stack gap="3" as="section" aria-label="History">
        <Text fontWeight="semibold" fontSize="lg">
          History
        </Text>
        {results.isPending ? (
          <LoadingState text="Loading results..." />
        ) : results.isError ? (
          <ErrorState title="Failed to load results" message={errorText(results.error)} onRetry={() => void results.refetch()} />
        ) : results.data.results.length === 0 ? (
          <EmptyState title="No test results yet" description="Run a simple or structured test above." />
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {results.data.results.map((r) => (
              <ResultCard key={r.id} r={r} onDelete={() => setToDelete(r.id)} />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete result"
        message="Delete this test result?"
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete);
          } catch (e) {
            handleError(e, { title: 'Delete Failed' });
            throw e;
          }
        }}
      />
    </Box>
  );
}
