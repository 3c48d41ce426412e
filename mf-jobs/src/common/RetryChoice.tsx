// Retry of a failed extraction or pipeline says what it runs: with the prompt and schema as they
// are now (the default, first) or as it was (the copy the job kept). And what the job ran with:
// the prompt and schema names and the version (last update) of each. The rules are in
// docs/product/extraction-rules.md.
import { Box, Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@quarry/shared';
import { RanWithSchema, type RanWith, type RetryMode } from '@quarry/shared/schemas';
import { RotateCcw } from 'lucide-react';
import type { ReactElement } from 'react';

export const RETRY_CHOICES: { mode: RetryMode; label: string; hint: string }[] = [
  { mode: 'current', label: 'Retry with the current prompt and schema', hint: 'Reads them again as they are now; every chunk is extracted again.' },
  { mode: 'original', label: 'Retry as it was', hint: 'The copy the job kept; it resumes after its last finished step.' },
];

export interface RetryChoiceProps {
  onRetry: (mode: RetryMode) => void;
  loading?: boolean;
  /** The button that opens the menu, when the place needs another one (a list row's small one). */
  trigger?: ReactElement;
  placement?: 'bottom-start' | 'bottom-end';
}

/** A menu of the two retries, the default first (arrow keys and Enter choose). */
export function RetryChoice({ onRetry, loading, trigger, placement = 'bottom-start' }: RetryChoiceProps) {
  return (
    <Menu.Root positioning={{ placement }} onSelect={({ value }) => onRetry(value as RetryMode)}>
      <Menu.Trigger asChild>
        {trigger ?? (
          <Button size="sm" colorPalette="red" loading={loading} loadingText="Restarting...">
            <RotateCcw /> Retry
          </Button>
        )}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxW="calc(100vw - 2rem)" data-testid="retry-choice">
            {RETRY_CHOICES.map((c) => (
              <Menu.Item key={c.mode} value={c.mode} aria-label={c.label} h="auto" py="2">
                <Stack gap="0">
                  <Text fontWeight="medium">{c.label}</Text>
                  <Text textStyle="xs" color="fg.muted" whiteSpace="normal">
                    {c.hint}
                  </Text>
                </Stack>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

const MODE_TEXT: Record<RanWith['mode'], string> = {
  created: 'as created',
  current: 'retried with the current prompt and schema',
  original: 'retried as it was',
};

const version = (updatedAt: string | null) => (updatedAt ? ` (version of ${formatDateTime(updatedAt)})` : '');

/** "Ran with prompt "Invoice" (version of …), schema "Invoice fields" (version of …); retried as it was". Nothing for jobs without ran_with. */
export function RanWithNote({ ranWith }: { ranWith: unknown }) {
  const parsed = RanWithSchema.safeParse(ranWith);
  if (!parsed.success) return null;
  const r = parsed.data;
  const parts: string[] = [];
  if (r.prompt) parts.push(`prompt "${r.prompt.name ?? r.prompt.id}"${version(r.prompt.updated_at)}`);
  if (r.table_prompt) parts.push(`table prompt "${r.table_prompt.name ?? r.table_prompt.id}"${version(r.table_prompt.updated_at)}`);
  parts.push(r.output_schema ? `schema "${r.output_schema.name ?? r.output_schema.id}"${version(r.output_schema.updated_at)}` : 'no output schema');
  if (r.example) parts.push(`example "${r.example.name}"`);
  return (
    <Box data-testid="ran-with" textStyle="sm" color="fg.muted">
      <Text>
        Ran with {parts.join(', ')}
        {r.mode === 'created' ? '' : `; ${MODE_TEXT[r.mode]}`}
        {r.retried_at ? ` on ${formatDateTime(r.retried_at)}` : ''}.
      </Text>
    </Box>
  );
}
