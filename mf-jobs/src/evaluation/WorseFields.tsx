// The fields whose figures fell since the previous run, each with files where the previous run
// had the reviewed value and this one does not.
import { Badge, Box, Code, HStack, List, Stack, Text } from '@chakra-ui/react';
import { paths } from '@quarry/shared';
import type { EvaluationField } from '@quarry/shared/schemas';
import { Link } from 'react-router';
import { SectionCard } from '../common/cards';
import { valueText } from './figures';

export function WorseFields({ fields }: { fields: EvaluationField[] }) {
  return (
    <SectionCard title="Fields that got worse" testId="evaluation-worse">
      {fields.length === 0 ? (
        <Text color="fg.muted">No field got worse than in the previous run.</Text>
      ) : (
        <Stack gap="4">
          {fields.map((f) => (
            <Stack key={f.field} gap="2" borderWidth="1px" borderColor="border.error" rounded="md" p="3" data-testid="evaluation-worse-field">
              <HStack gap="2" wrap="wrap">
                <Text fontFamily="mono" fontWeight="semibold">
                  {f.field}
                </Text>
                <Badge colorPalette="red" size="sm">
                  worse
                </Badge>
              </HStack>
              {f.examples.length === 0 ? (
                <Text textStyle="sm" color="fg.muted">
                  No single file went from right to wrong; the figures fell over the files together.
                </Text>
              ) : (
                <List.Root gap="2" variant="plain">
                  {f.examples.map((x) => (
                    <List.Item key={x.file_id} display="block" textStyle="sm">
                      <Box asChild color="fg.info" textDecoration="underline" wordBreak="break-all">
                        <Link to={paths.files.detail(x.file_id)}>{x.filename}</Link>
                      </Box>
                      <Text>
                        reviewed <Code wordBreak="break-word">{valueText(x.expected)}</Code>, this run <Code colorPalette="red" wordBreak="break-word">{valueText(x.got)}</Code>, previous run <Code wordBreak="break-word">{valueText(x.previous)}</Code>
                      </Text>
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

