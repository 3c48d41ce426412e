import { Box, Card, Heading, List, SimpleGrid, Text } from '@chakra-ui/react';

const RESET_PERIODS: [string, string][] = [
  ['NEVER', 'Usage accumulates forever (e.g. files stored).'],
  ['DAILY', 'Usage starts again at 00:00 UTC every day.'],
  ['WEEKLY', 'Usage starts again every Monday at 00:00 UTC.'],
  ['MONTHLY', 'Usage starts again on the 1st of each month.'],
  ['YEARLY', 'Usage starts again on 1 January.'],
];

const AGGREGATIONS: [string, string][] = [
  ['COUNT', 'Counts items (files, pages, jobs).'],
  ['SUM', 'Adds amounts up (e.g. megabytes stored).'],
  ['MAX', 'The largest single value in the period.'],
  ['MIN', 'The smallest single value in the period.'],
  ['AVG', 'The average value in the period.'],
];

/** The info panel on reset periods and aggregation types. */
export function InfoPanel() {
  return (
    <Card.Root variant="subtle" size="sm">
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {[
            ['Reset periods', RESET_PERIODS],
            ['Aggregation types', AGGREGATIONS],
          ].map(([title, rows]) => (
            <Box key={title as string}>
              <Heading as="h2" size="sm" mb="2">
                {title as string}
              </Heading>
              <List.Root gap="1" variant="plain">
                {(rows as [string, string][]).map(([name, text]) => (
                  <List.Item key={name} display="block">
                    <Text as="span" fontFamily="mono" textStyle="xs" fontWeight="semibold" me="2">
                      {name}
                    </Text>
                    <Text as="span" textStyle="sm" color="fg.muted">
                      {text}
                    </Text>
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
