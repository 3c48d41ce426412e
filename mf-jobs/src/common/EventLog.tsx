// A monitor's event log: the card with its live list, and the start of each entry (time, phase).
import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { formatTime } from '@quarry/shared';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { asText } from './details';
import { ErrorBox, SectionCard } from './cards';
import { eventTotal, type LogEvent } from './events';

/** The start of an event-log entry: its time and phase badge, then the monitor's extras. */
export function EventMeta({ timestamp, phase, children }: { timestamp: string; phase: string; children?: ReactNode }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Text color="fg.muted">{formatTime(timestamp)}</Text>
      <Badge size="sm">{phase}</Badge>
      {children}
    </HStack>
  );
}


interface EventRowProps<T> {
  event: T & { key: string };
  render: (e: T) => ReactNode;
}

/**
 * The log's look, styled once on the list: rows and the `ev-*` pieces a monitor may render
 * inside them are plain elements (a pipeline streams hundreds of events; a dozen styled
 * components per entry kept the main thread busy). Off-screen rows skip layout.
 */
const logCss = {
  '& .ev-row': { borderWidth: '1px', borderColor: 'border', borderRadius: 'md', p: '2', textStyle: 'sm', contentVisibility: 'auto', containIntrinsicSize: 'auto 4.5rem' },
  '& .ev-row + .ev-row': { mt: '2' },
  '& .ev-line': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' },
  '& .ev-muted': { color: 'fg.muted' },
  '& .ev-mono': { textStyle: 'xs', color: 'fg.muted', fontFamily: 'mono' },
  '& .ev-badge': { display: 'inline-flex', alignItems: 'center', px: '1.5', minH: '5', borderRadius: 'l1', textStyle: 'xs', fontWeight: 'medium', whiteSpace: 'nowrap', bg: 'gray.subtle', color: 'gray.fg' },
  '& .ev-badge[data-palette="purple"]': { bg: 'purple.subtle', color: 'purple.fg' },
  '& .ev-badge[data-palette="teal"]': { bg: 'teal.subtle', color: 'teal.fg' },
  '& .ev-badge[data-variant="outline"]': { bg: 'transparent', boxShadow: 'inset 0 0 0px 1px var(--chakra-colors-gray-muted)' },
} as const;

/**
 * One log entry. Rendered again only when its event changes: a log of hundreds of events
 * must not re-render every entry for each new one.
 */
const EventRow = memo(
  function EventRow<T>({ event, render }: EventRowProps<T>) {
    return (
      <div className="ev-row" data-event-key={event.key}>
        {render(event)}
      </div>
    );
  },
  (a, b) => a.event === b.event,
) as <T>(props: EventRowProps<T>) => ReactNode;

function EventLogCardInner<T extends { key: string }>({
  title,
  events,
  renderEvent,
  empty = 'No events yet',
  total,
}: {
  title: string;
  events: readonly T[];
  renderEvent: (e: T) => ReactNode;
  empty?: string;
  /** how many events the server holds (the log may show only the newest of them) */
  total?: number | undefined;
}) {
  const count = Math.max(total ?? 0, events.length);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events.length]);
  return (
    <SectionCard
      title={
        <HStack gap="2">
          <span>{title}</span>
          <Badge data-testid="event-count" variant="subtle">
            {count}
          </Badge>
          {count > events.length ? (
            <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
              the newest {events.length} shown
            </Text>
          ) : null}
        </HStack>
      }
    >
      <Box ref={box} maxH="24rem" overflowY="auto" role="log" aria-label={title} aria-live="polite" css={logCss}>
        {events.length === 0 ? <Text color="fg.muted">{empty}</Text> : events.map((e) => <EventRow key={e.key} event={e} render={renderEvent} />)}
      </Box>
    </SectionCard>
  );
}

/**
 * An event log: a count badge and a list about 24rem high that scrolls to the newest entry
 * whenever one arrives. Rendered again only when its events (or renderer) change.
 */
export const EventLogCard = memo(EventLogCardInner) as typeof EventLogCardInner;

/**
 * A job monitor's "Event Log": the count is the server's (a reload shows the same) plus the
 * live updates newer than its answer; each entry shows its time, phase and the monitor's
 * extras, its message, and the error it reports (unless `withErrors` is false).
 */
export function JobEventLog({
  log,
  job,
  extras,
  withErrors = true,
}: {
  log: readonly LogEvent[];
  job: Parameters<typeof eventTotal>[1];
  extras?: (e: LogEvent) => ReactNode;
  withErrors?: boolean;
}) {
  return (
    <EventLogCard
      title="Event Log"
      events={log}
      total={eventTotal(log, job)}
      renderEvent={(e) => {
        const error = withErrors ? asText(e.details.error) : undefined;
        return (
          <>
            <EventMeta timestamp={e.timestamp} phase={e.phase}>
              {extras?.(e)}
            </EventMeta>
            <Text>{e.message}</Text>
            {error ? <ErrorBox>{error}</ErrorBox> : null}
          </>
        );
      }}
    />
  );
}
