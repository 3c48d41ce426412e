// The cost of a job before it starts (forms) and the estimate beside the actual figures (monitors).
import { Alert, Badge, Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { formatTokens, toAppError } from '@quarry/shared';
import type { EstimateTextBasis, JobEstimate } from '@quarry/shared/schemas';
import { SectionCard, Stat, StatGrid } from './cards';

/** what the token figure was counted from, in words (before OCR it can only be a guess) */
const BASIS_WORDS: Record<EstimateTextBasis, string> = {
  chunks: "Tokens are counted from the files' chunks.",
  ocr_text: "Tokens are based on the files' OCR text.",
  text_layer: "Tokens are based on the documents' text layer (not OCRed yet).",
  page_default: 'Tokens are a rough guess: a full page of text per page (not OCRed yet, no text layer to read).',
};

export function EstimateCard({ estimate, loading, error, waitingFor }: { estimate: JobEstimate | undefined; loading: boolean; error: unknown; waitingFor: string | null }) {
  return (
    <SectionCard title="Cost before it starts" testId="estimate" actions={loading ? <Badge>Updating...</Badge> : null}>
      {waitingFor ? (
        <Text color="fg.muted">{waitingFor}</Text>
      ) : error ? (
        <Text color="fg.error">Could not estimate this job: {toAppError(error).message}</Text>
      ) : !estimate ? (
        <Text color="fg.muted">Estimating...</Text>
      ) : (
        <Stack gap="4">
          <StatGrid>
            <Stat label="Files" value={estimate.file_count} />
            <Stat label="Pages to OCR" value={estimate.pages_to_ocr} testId="estimate-pages" />
            <Stat label={estimate.chunks_estimated ? 'Chunks (estimated)' : 'Chunks'} value={`${estimate.chunks_estimated ? '~' : ''}${estimate.chunks}`} testId="estimate-chunks" />
            <Stat label="Estimated tokens" value={formatTokens(estimate.estimated_tokens)} testId="estimate-tokens" />
            <Stat label="Provider" value={`${estimate.provider}${estimate.offline ? ' (no model)' : ` · ${estimate.model}`}`} />
            <Stat label="Credits" value={estimate.credits} testId="estimate-credits" />
            <Stat label="Balance after" value={`${estimate.balance_after} of ${estimate.credit_balance}`} />
            <Stat label="Jobs this week" value={`${estimate.weekly_jobs_used} of ${estimate.weekly_jobs_limit ?? 'unlimited'}`} />
          </StatGrid>
          <Text fontSize="sm" color="fg.muted" data-testid="estimate-basis">
            {BASIS_WORDS[estimate.text_basis]}
          </Text>
          {estimate.offline ? (
            <Text fontSize="sm" color="fg.muted">
              The offline extractor uses no language model: its tokens are what a model call would use, estimated (about 4 characters a token). Credits do not depend on tokens.
            </Text>
          ) : null}
          {estimate.allowed ? (
            <Alert.Root status="success" size="sm">
              <Alert.Indicator />
              <Alert.Title>Your balance and weekly job limit allow this job.</Alert.Title>
            </Alert.Root>
          ) : (
            <Alert.Root status="warning" size="sm" data-testid="estimate-refused">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>This job would be refused now</Alert.Title>
                <Alert.Description>{estimate.reasons.join('; ')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

export interface StoredEstimate {
  pages_to_ocr?: number;
  chunks?: number;
  chunks_estimated?: boolean;
  estimated_tokens?: number;
  model_tokens_if_llm?: number;
  provider?: string;
  credits?: number;
}

export function readStoredEstimate(config: Record<string, unknown> | null | undefined): StoredEstimate | null {
  const e = config?.estimate;
  return e && typeof e === 'object' && !Array.isArray(e) ? (e as StoredEstimate) : null;
}

/** Estimate (made when the job was created) beside the actual figures. */
export function EstimateVsActual({
  estimate,
  actual,
  running = false,
}: {
  estimate: StoredEstimate | null;
  actual: { pages?: number | null; chunks?: number | null; tokens?: number | null; credits?: number | null };
  /** the job is still under way: the actual figures are what it did so far */
  running?: boolean;
}) {
  if (!estimate) return null;
  const rows: [string, string, string][] = [
    ['Pages to OCR', String(estimate.pages_to_ocr ?? '-'), actual.pages == null ? '-' : String(actual.pages)],
    ['Chunks', `${estimate.chunks_estimated ? '~' : ''}${estimate.chunks ?? '-'}`, actual.chunks == null ? '-' : String(actual.chunks)],
    ['Tokens', formatTokens(estimate.estimated_tokens), actual.tokens == null ? '-' : formatTokens(actual.tokens)],
    ['Credits', String(estimate.credits ?? '-'), actual.credits == null ? '-' : String(actual.credits)],
  ];
  return (
    <SectionCard title="Estimate and actual" testId="estimate-vs-actual">
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader />
              <Table.ColumnHeader>Estimated</Table.ColumnHeader>
              <Table.ColumnHeader>{running ? 'Actual so far' : 'Actual'}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map(([label, est, act]) => (
              <Table.Row key={label} data-testid={`estimate-row-${label.toLowerCase().replace(/\s+/g, '-')}`}>
                <Table.Cell>{label}</Table.Cell>
                <Table.Cell>{est}</Table.Cell>
                <Table.Cell>{act}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack mt="2">
        <Text fontSize="xs" color="fg.muted">
          Estimated with {estimate.provider ?? 'the default provider'} when the job was created.
        </Text>
      </HStack>
    </SectionCard>
  );
}
