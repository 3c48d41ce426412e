// The completeness and arithmetic checks of an extraction's files, as its job's
// results_summary.review_checks counts them: shown by the extraction and pipeline monitors, with a
// link to each file whose record failed a check (its Extraction Results tab).
import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { paths } from '@quarry/shared';
import { ReviewChecksSummarySchema } from '@quarry/shared/schemas';
import { Link } from 'react-router';
import { Stat } from './cards';

export function ReviewChecks({ summary }: { summary: unknown }) {
  const parsed = ReviewChecksSummarySchema.safeParse(summary);
  if (!parsed.success) return null;
  const { failed, passed, files } = parsed.data;
  return (
    <Stack gap="2" data-testid="review-checks">
      <HStack gap="6" wrap="wrap">
        <Stat label="Failed checks" value={failed} testId="review-checks-failed" />
        <Stat label="Passed checks" value={passed} />
      </HStack>
      {failed > 0 ? (
        <Alert.Root status="warning" size="sm" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {failed} check{failed === 1 ? '' : 's'} failed in {files.length} file{files.length === 1 ? '' : 's'}: open a file to see what does not add up.
            </Alert.Title>
            <HStack gap="2" wrap="wrap" mt="2">
              {files.map((f) => (
                <Button key={f.file_id} asChild size="xs" variant="outline" maxW="full" h="auto" py="1" whiteSpace="normal" wordBreak="break-all">
                  <Link to={`${paths.files.detail(f.file_id)}?tab=extraction`}>
                    {f.filename} ({f.failed})
                  </Link>
                </Button>
              ))}
            </HStack>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
