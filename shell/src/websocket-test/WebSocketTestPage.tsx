import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Field,
  Flex,
  HStack,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { EmptyState, PageHeader, api, eventName, events, formatTime, toAppError, toast, useConnectionState, useCurrentUser, type SocketMessage, ErrorAlert } from '@quarry/shared';
import type { TestNotificationResponse } from '@quarry/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormCard } from '../lib/FormCard';
import { WS_TEST_MESSAGES, parseWsTest, type WsTestValues } from './validation';

const LOG_LIMIT = 100;

const PRESETS: ReadonlyArray<{ event: string; message: string }> = [
  { event: 'upload_complete', message: 'invoice-2025.pdf uploaded successfully' },
  { event: 'upload_failed', message: 'scan.tiff could not be validated' },
  { event: 'processing_started', message: 'OCR started for invoice-2025.pdf' },
  { event: 'processing_complete', message: 'Extraction finished for invoice-2025.pdf' },
];

const STATE_PALETTE = { connected: 'green', connecting: 'yellow', disconnected: 'gray', error: 'red' } as const;

interface LogEntry {
  id: number;
  at: Date;
  msg: SocketMessage;
}

/** Everything that arrives on the shared event bus while the page is open, newest first. */
function useBusLog() {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const next = useRef(0);
  useEffect(() => {
    const sub = events.all$.subscribe((msg) => {
      next.current += 1;
      const entry = { id: next.current, at: new Date(), msg };
      setEntries((list) => [entry, ...list].slice(0, LOG_LIMIT));
    });
    return () => sub.unsubscribe();
  }, []);
  return { entries, clear: () => setEntries([]) };
}

/** /websocket-test (docs/product/platform.md): send a test notification to yourself and watch the bus. */
export default function WebSocketTestPage() {
  const user = useCurrentUser();
  const connection = useConnectionState();
  const { entries, clear } = useBusLog();
  const [values, setValues] = useState<WsTestValues>({ event: '', message: '', extra: '' });
  const [formError, setFormError] = useState<{ error: string; field: string } | null>(null);

  const send = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<TestNotificationResponse>('test/websocket-notification', body),
    onError: (error) => toast.error(WS_TEST_MESSAGES.sendFailed, toAppError(error).message),
  });

  const set = (field: keyof WsTestValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFormError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = parseWsTest(values);
    if (!parsed.ok) {
      setFormError({ error: parsed.error, field: parsed.field });
      return;
    }
    setFormError(null);
    send.mutate({ ...parsed.body, user_id: user?.id ?? null, timestamp: new Date().toISOString() });
  };

  return (
    <Box>
      <PageHeader
        title="WebSocket Test"
        description="Send a notification to yourself through the server and watch what arrives on the live connection."
        actions={
          <Badge colorPalette={STATE_PALETTE[connection]} size="lg" data-testid="ws-test-state">
            {connection}
          </Badge>
        }
      />
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
        <FormCard
          title="Test notification"
          label="Test notification"
          onSubmit={onSubmit}
          gap="4"
          actions={
            <Button type="submit" colorPalette="brand" loading={send.isPending} loadingText="Sending...">
              Send notification
            </Button>
          }
        >
          <HStack gap="2" wrap="wrap" role="group" aria-label="Presets">
            {PRESETS.map((p) => (
              <Button
                key={p.event}
                size="xs"
                variant="outline"
                onClick={() => {
                  setValues((v) => ({ ...v, event: p.event, message: p.message }));
                  setFormError(null);
                }}
              >
                {p.event}
              </Button>
            ))}
          </HStack>
          <Field.Root required invalid={formError?.field === 'event'}>
            <Field.Label>
              Event <Field.RequiredIndicator />
            </Field.Label>
            <Input name="event" placeholder="upload_complete" fontFamily="mono" value={values.event} onChange={(e) => set('event', e.target.value)} />
          </Field.Root>
          <Field.Root required invalid={formError?.field === 'message'}>
            <Field.Label>
              Message <Field.RequiredIndicator />
            </Field.Label>
            <Input name="message" placeholder="Your file was uploaded" value={values.message} onChange={(e) => set('message', e.target.value)} />
          </Field.Root>
          <Field.Root invalid={formError?.field === 'extra'}>
            <Field.Label>Extra data (JSON)</Field.Label>
            <Textarea
              name="extra"
              rows={4}
              fontFamily="mono"
              textStyle="sm"
              placeholder='{"job_id": "…", "pages_processed": 3}'
              value={values.extra}
              onChange={(e) => set('extra', e.target.value)}
            />
            <Field.HelperText>Optional. Sent as the notification&apos;s extra fields.</Field.HelperText>
          </Field.Root>
          <ErrorAlert message={formError?.error} size="sm" data-testid="ws-test-error" />
          {send.isSuccess ? (
            <Text textStyle="sm" color="fg.muted" role="status">
              {`Sent. Delivered to ${send.data?.local_connections ?? 0} open connection(s) of yours on this server.`}
            </Text>
          ) : null}
        </FormCard>

        <Card.Root>
          <Card.Header>
            <Flex justify="space-between" align="center">
              <Heading as="h2" size="md">
                Live log
              </Heading>
              <Button size="xs" variant="ghost" onClick={clear} disabled={entries.length === 0}>
                Clear
              </Button>
            </Flex>
          </Card.Header>
          <Card.Body pt="0">
            {entries.length === 0 ? (
              <EmptyState
                icon={<Radio />}
                title="Nothing received yet"
                description={connection === 'connected' ? 'Send a test notification, or wait for server events.' : 'The live connection is not open.'}
              />
            ) : (
              <Stack as="ol" gap="2" maxH="xl" overflowY="auto" aria-label="Messages received" data-testid="ws-log">
                {entries.map((entry) => (
                  <Box as="li" key={entry.id} p="2.5" rounded="l2" borderWidth="1px" bg="bg.subtle" listStyleType="none">
                    <HStack justify="space-between" gap="2" mb="1">
                      <Badge variant="subtle" colorPalette="brand" fontFamily="mono">
                        {eventName(entry.msg) ?? 'message'}
                      </Badge>
                      <Text textStyle="xs" color="fg.muted">
                        {formatTime(entry.at)}
                      </Text>
                    </HStack>
                    {entry.msg.message ? <Text textStyle="sm">{entry.msg.message}</Text> : null}
                    <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" textStyle="xs" mt="1" p="2" variant="surface">
                      {JSON.stringify(entry.msg)}
                    </Code>
                  </Box>
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Box>
  );
}
