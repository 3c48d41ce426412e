import { Badge, type BadgeProps } from '@chakra-ui/react';

export type StatusKind = 'job' | 'validity' | 'dataset' | 'apiKey';

const JOB_COLOURS: Record<string, string> = {
  completed: 'green',
  failed: 'red',
  running: 'blue',
  queued: 'yellow',
};

const VALIDITY_COLOURS: Record<string, string> = { valid: 'green', invalid: 'red', pending: 'yellow' };

const DATASET_COLOURS: Record<string, string> = { active: 'green', archived: 'orange', deleted: 'red' };

const API_KEY_COLOURS: Record<string, string> = { active: 'green', expired: 'orange', revoked: 'gray' };

/**
 * The colour palette of a status: jobs completed green, failed red, running
 * blue, queued yellow, anything else grey; file validity valid green / invalid red /
 * pending yellow; datasets active green / archived orange / deleted red; API keys active green /
 * expired orange / revoked grey.
 */
export function statusColorPalette(status: string | null | undefined, kind: StatusKind = 'job'): string {
  const key = (status ?? '').toLowerCase();
  const table = { job: JOB_COLOURS, validity: VALIDITY_COLOURS, dataset: DATASET_COLOURS, apiKey: API_KEY_COLOURS }[kind];
  return table[key] ?? 'gray';
}

/** A file's `is_valid` (true / false / unset) as the validity label. */
export function validityStatus(isValid: boolean | null | undefined): 'valid' | 'invalid' | 'pending' {
  return isValid === true ? 'valid' : isValid === false ? 'invalid' : 'pending';
}

export interface StatusBadgeProps extends Omit<BadgeProps, 'colorPalette'> {
  status: string | null | undefined;
  kind?: StatusKind;
}

/** A Chakra Badge coloured by status; shows the status unless children are given. */
export function StatusBadge({ status, kind = 'job', children, ...rest }: StatusBadgeProps) {
  const palette = statusColorPalette(status, kind);
  return (
    <Badge colorPalette={palette} variant="subtle" data-status={status ?? ''} data-palette={palette} {...rest}>
      {children ?? status ?? 'unknown'}
    </Badge>
  );
}
