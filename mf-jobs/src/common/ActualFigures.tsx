// What a job did, as the server counted it from what the job stored (pages OCRed, chunks made,
// tokens, credits taken): for monitors of jobs that kept no estimate (OCR, chunking), so the
// figures read the same live and after a reload.
import { formatTokens } from '@quarry/shared';
import type { JobActual } from '@quarry/shared/schemas';
import { SectionCard, Stat, StatGrid } from './cards';

const LABELS: [keyof JobActual, string][] = [
  ['pages', 'Pages OCRed'],
  ['chunks', 'Chunks'],
  ['tokens', 'Tokens'],
  ['credits', 'Credits'],
];

/** Nothing until the server answered; a figure the job has no stage for (null) is left out. */
export function ActualFigures({ actual, running }: { actual: JobActual | undefined; running: boolean }) {
  if (!actual) return null;
  return (
    <SectionCard title={running ? 'Actual so far' : 'Actual'} testId="actual-figures">
      <StatGrid>
        {LABELS.filter(([k]) => actual[k] !== null).map(([k, label]) => (
          <Stat key={k} label={label} value={k === 'tokens' ? formatTokens(actual[k]) : String(actual[k])} testId={`actual-${k}`} />
        ))}
      </StatGrid>
    </SectionCard>
  );
}
