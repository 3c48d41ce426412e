import { Accordion, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FAQ_ENTRIES, MAX_FAQ_ENTRIES, type FaqEntry } from './faq';

/**
 * Frequently asked questions, anchored at #faq. One item is open at a time; clicking the
 * open item closes it (a single-value, collapsible accordion).
 */
export function Faq({ entries = FAQ_ENTRIES }: { entries?: readonly FaqEntry[] }) {
  const [open, setOpen] = useState<string[]>([]);
  const shown = entries.slice(0, MAX_FAQ_ENTRIES);
  return (
    <Box as="section" id="faq" scrollMarginTop="20" aria-labelledby="faq-title">
      <Stack gap="8" maxW="3xl" mx="auto">
        <Stack gap="2" textAlign="center">
          <Heading id="faq-title" as="h2" size="2xl">
            Frequently asked questions
          </Heading>
          <Text color="fg.muted">Can&apos;t find your answer? Ask us on the contact page.</Text>
        </Stack>
        {shown.length === 0 ? (
          <Text color="fg.muted" textAlign="center">
            No questions yet.
          </Text>
        ) : (
          <Accordion.Root
            collapsible
            value={open}
            onValueChange={(details) => setOpen(details.value)}
            variant="outline"
            size="lg"
          >
            {shown.map((entry) => (
              <Accordion.Item key={entry.id} value={entry.id}>
                <Accordion.ItemTrigger cursor="pointer">
                  <Text as="span" flex="1" textAlign="start" fontWeight="medium">
                    {entry.question}
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody color="fg.muted">{entry.answer}</Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        )}
      </Stack>
    </Box>
  );
}
