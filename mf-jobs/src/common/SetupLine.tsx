// One line that says what an extraction or pipeline ran with: the prompt, table prompt and output
// schema by name, the version of each (its last update when the run read it) and, after a retry,
// which retry it was. The names come from setupLabels (never a bare id); the versions and the
// retry from processing_config.ran_with, when the job recorded it.
import { Text } from '@chakra-ui/react';
import { formatDateTime } from '@quarry/shared';
import { RanWithSchema, type JobSetupNames, type RanWith } from '@quarry/shared/schemas';
import { Fragment, type ReactNode } from 'react';
import { setupLabels } from './setupNames';

const RETRY_TEXT: Record<RanWith['mode'], string | null> = {
  created: null,
  current: 'retried with the current prompt and schema',
  original: 'retried as it was',
};

const version = (v: { updated_at: string | null } | null | undefined) => (v?.updated_at ? ` (version of ${formatDateTime(v.updated_at)})` : '');

export function SetupLine({ config, names, testId = 'setup-line' }: { config: Record<string, unknown>; names: JobSetupNames | undefined; testId?: string }) {
  const labels = setupLabels(config, names);
  const parsed = RanWithSchema.safeParse(config.ran_with);
  const ran = parsed.success ? parsed.data : null;
  const parts: ReactNode[] = [
    <>
      Prompt: <span data-testid="setup-prompt">{labels.prompt}</span>
      {version(ran?.prompt)}
    </>,
  ];
  if (labels.tablePrompt) parts.push(<>Table prompt: {labels.tablePrompt}{version(ran?.table_prompt)}</>);
  parts.push(
    <>
      Output schema: <span data-testid="setup-schema">{labels.outputSchema}</span>
      {version(ran?.output_schema)}
    </>,
  );
  const retry = ran ? RETRY_TEXT[ran.mode] : null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid={testId}>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 ? ' · ' : ''}
          {p}
        </Fragment>
      ))}
      {retry ? `; ${retry}${ran?.retried_at ? ` on ${formatDateTime(ran.retried_at)}` : ''}` : ''}
    </Text>
  );
}
