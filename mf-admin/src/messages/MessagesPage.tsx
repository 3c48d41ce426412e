import { Badge, Card, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, PageHeader, formatDateTime } from '@quarry/shared';
import { Inbox, Mail, MessageSquare } from 'lucide-react';
import { serverDetailOr } from '../common/errors';
import { useContactMessages, useFeedback, useFeedbackStats, useMailOutbox } from './queries';

const CATEGORY_COLOURS: Record<string, string> = { bug: 'red', feature: 'purple', improvement: 'blue', other: 'gray', support: 'teal', account: 'orange' };

function Message({ category, date, from, text, url }: { category: string; date: string; from: string; text: string; url?: string | null }) {
  return (
    <Card.Root as="li" size="sm" data-testid="message">
      <Card.Body>
        <Stack gap="1.5">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={CATEGORY_COLOURS[category] ?? 'gray'} textTransform="capitalize">
              {category}
            </Badge>
            <Text textStyle="sm" fontWeight="medium" wordBreak="break-all">
              {from}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {formatDateTime(date)}
            </Text>
          </HStack>
          <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word">
            {text}
          </Text>
          {url ? (
            <Text textStyle="xs" color="fg.muted" truncate>
              from {url}
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ContactList() {
  const q = useContactMessages();
  if (q.isPending) return <LoadingState text="Loading messages..." />;
  if (q.isError) return <ErrorState title="Failed to load messages" message={serverDetailOr(q.error, 'Failed to load contact messages')} onRetry={() => void q.refetch()} />;
  if (q.data.messages.length === 0) return <EmptyState icon={<Inbox />} title="No contact messages" description="Messages sent from the public contact page appear here." />;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Contact messages">
      {q.data.messages.map((m) => (
        <Message key={m.id} category={m.contact_type} date={m.created_at} from={`${m.name} <${m.email}>`} text={m.message} />
      ))}
    </Stack>
  );
}

function FeedbackList() {
  const q = useFeedback();
  const stats = useFeedbackStats();
  if (q.isPending) return <LoadingState text="Loading feedback..." />;
  if (q.isError) return <ErrorState title="Failed to load feedback" message={serverDetailOr(q.error, 'Failed to load feedback')} onRetry={() => void q.refetch()} />;
  return (
    <Stack gap="4">
      {stats.data ? (
        <HStack gap="2" wrap="wrap" aria-label="Feedback summary">
          <Badge size="lg">{stats.data.total_count} total</Badge>
          {Object.entries(stats.data.by_category).map(([category, n]) => (
            <Badge key={category} size="lg" colorPalette={CATEGORY_COLOURS[category]} textTransform="capitalize">
              {category}: {n}
            </Badge>
          ))}
          <Badge size="lg" variant="outline">
            {stats.data.last_7_days_count} in the last 7 days
          </Badge>
        </HStack>
      ) : null}
      {q.data.feedback.length === 0 ? (
        <EmptyState icon={<MessageSquare />} title="No feedback yet" description="What users send with the feedback button appears here." />
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Feedback">
          {q.data.feedback.map((f) => (
            <Message key={f.id} category={f.category} date={f.created_at} from={f.user_email} text={f.message} url={f.url} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function OutboxList() {
  const q = useMailOutbox();
  if (q.isPending) return <LoadingState text="Loading undelivered mail..." />;
  if (q.isError) return <ErrorState title="Failed to load undelivered mail" message={serverDetailOr(q.error, 'Failed to load undelivered mail')} onRetry={() => void q.refetch()} />;
  return (
    <Stack gap="3">
      <Text textStyle="sm" color="fg.muted">
        {q.data.smtp_configured
          ? 'Mail is sent through the configured SMTP server. Messages below are from before it was set.'
          : 'No SMTP server is configured (SMTP_URL), so mail is not sent: password-reset links land here and in the API log. Hand a link only to the person it is addressed to; each works once, for one hour.'}
      </Text>
      {q.data.messages.length === 0 ? (
        <EmptyState icon={<Mail />} title="No undelivered mail" description="Password-reset links appear here when there is no mail server to send them." />
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Undelivered mail">
          {q.data.messages.map((m) => (
            <Message key={m.id} category="account" date={m.created_at} from={`To ${m.to_email}: ${m.subject}`} text={m.body} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** /admin/messages: contact messages, feedback and undelivered mail, with their category and date. */
export default function MessagesPage() {
  return (
    <Stack gap="6">
      <PageHeader title="Messages" description="What visitors wrote through the contact page, what users sent as feedback, and mail there was no server to send." />
      <Tabs.Root defaultValue="contact" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="contact">Contact messages</Tabs.Trigger>
          <Tabs.Trigger value="feedback">Feedback</Tabs.Trigger>
          <Tabs.Trigger value="mail">Undelivered mail</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="contact">
          <ContactList />
        </Tabs.Content>
        <Tabs.Content value="feedback">
          <FeedbackList />
        </Tabs.Content>
        <Tabs.Content value="mail">
          <OutboxList />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
