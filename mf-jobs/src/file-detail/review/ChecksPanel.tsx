// The checks beside the record: a failed check is a warning the user opens to
// read what is wrong and jump to the value; passed checks are listed too, so a pass is visible
// and not a silence.
import { Accordion, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReviewCheck } from '@quarry/shared/schemas';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { SidePanel } from './SidePanel';

const RULE: Record<ReviewCheck['rule'], string> = {
  required: 'Required fields: the fields the output schema requires, looked for in the whole document (every chunk merged).',
  row_count: 'Table rows: the rows chunking found in the document against the rows in the record.',
  line_amount: 'Line amounts: each row\'s amount against quantity × price.',
  sum_total: 'Sum: the rows\' amounts against the total of the record.',
};

/** Scrolls to the value a check is about and puts the focus on its first control. */
export function revealPath(path: string) {
  const el = document.querySelector<HTMLElement>(`[data-review-path="${CSS.escape(path)}"]`);
  if (!el) return;
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el.querySelector<HTMLElement>('button, [tabindex="0"]')?.focus({ preventScroll: true });
}

export function ChecksPanel({ checks }: { checks: ReviewCheck[] }) {
  const failed = checks.filter((c) => c.status === 'failed');
  const passed = checks.filter((c) => c.status === 'passed');
  return (
    <SidePanel label="Checks" heading="Checks">
      {checks.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No check applies to this record (no table rows, amounts or totals were found).
        </Text>
      ) : (
        <Stack gap="3">
          <Text fontSize="sm" color={failed.length ? 'fg.warning' : 'fg.success'} aria-live="polite">
            {failed.length ? `${failed.length} failed, ${passed.length} passed` : `All ${passed.length} passed`}
          </Text>
          {failed.length ? (
            <Accordion.Root multiple collapsible variant="enclosed" size="sm">
              {failed.map((c) => (
                <Accordion.Item key={c.id} value={c.id}>
                  <Accordion.ItemTrigger cursor="pointer" colorPalette="orange">
                    <HStack flex="1" gap="2" align="flex-start" textAlign="start">
                      <Box color="fg.warning" mt="0.5" flexShrink={0}>
                        <TriangleAlert size={16} aria-hidden />
                      </Box>
                      <Text fontSize="sm">{c.message}</Text>
                    </HStack>
                    <Accordion.ItemIndicator />
                  </Accordion.ItemTrigger>
                  <Accordion.ItemContent>
                    <Accordion.ItemBody>
                      <Stack gap="2" fontSize="sm">
                        <Text color="fg.muted">{RULE[c.rule]}</Text>
                        {c.path ? (
                          <Box>
                            <Button size="xs" variant="outline" onClick={() => revealPath(c.path!)}>
                              Show in record
                            </Button>
                          </Box>
                        ) : null}
                      </Stack>
                    </Accordion.ItemBody>
                  </Accordion.ItemContent>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          ) : null}
          {passed.length ? (
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label="Passed checks">
              {passed.map((c) => (
                <HStack as="li" key={c.id} gap="2" fontSize="sm" align="flex-start">
                  <Box color="fg.success" mt="0.5" flexShrink={0}>
                    <CircleCheck size={16} aria-hidden />
                  </Box>
                  <Text>{c.message}</Text>
                </HStack>
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}
    </SidePanel>
  );
}
