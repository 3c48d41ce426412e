import { Box, Card, HStack, Heading, IconButton, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { StatusBadge, formatDate, paths, plural, ButtonLink } from '@quarry/shared';
import type { Dataset } from '@quarry/shared/schemas';
import { ChartColumn, FolderCog, Play, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface DatasetCardProps {
  dataset: Dataset;
  onManage: (dataset: Dataset) => void;
  onDelete: (dataset: Dataset) => void;
}

/** One dataset: status, counts, dates; manage-files appears on hover (and on keyboard focus). */
export function DatasetCard({ dataset, onManage, onDelete }: DatasetCardProps) {
  return (
    <Card.Root
      as="article"
      aria-label={dataset.name}
      data-testid="dataset-card"
      size="sm"
      className="group"
      _hover={{ borderColor: 'border.emphasized', shadow: 'sm' }}
      transition="box-shadow 0.15s, border-color 0.15s"
    >
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Stack gap="1" minW="0">
            <Heading as="h3" size="md" truncate title={dataset.name}>
              <ChakraLink asChild>
                <Link to={paths.files.dataset(dataset.id)}>{dataset.name}</Link>
              </ChakraLink>
            </Heading>
            <Text textStyle="sm" color="fg.muted" lineClamp={2} minH="5">
              {dataset.description || 'No description'}
            </Text>
            {dataset.reviewed_count !== undefined ? (
              <Text textStyle="xs" color={dataset.file_count > 0 && dataset.reviewed_count === dataset.file_count ? 'fg.success' : 'fg.muted'} data-testid="dataset-reviewed-count">
                {dataset.reviewed_count} of {dataset.file_count} reviewed
              </Text>
            ) : null}
          </Stack>
          <StatusBadge kind="dataset" status={dataset.status} />
        </HStack>
        <SimpleGrid columns={2} gap="2" textStyle="sm">
          <Figure label="Files" testId="dataset-file-count" strong>
            {plural(dataset.file_count, 'file')}
          </Figure>
          <Figure label="Pages" testId="dataset-page-count" strong>
            {plural(dataset.total_pages, 'page')}
          </Figure>
          <Figure label="Created">{formatDate(dataset.created_at)}</Figure>
          <Figure label="Updated">{formatDate(dataset.updated_at)}</Figure>
        </SimpleGrid>
        <HStack justify="flex-end" gap="1">
          <ButtonLink to={paths.jobs.evaluationDataset(dataset.id)} size="sm" variant="ghost" aria-label={`Evaluation of ${dataset.name}`}>
            <ChartColumn /> Evaluation
          </ButtonLink>
          {dataset.status === 'active' && dataset.file_count > 0 ? (
            <ButtonLink to={paths.jobs.pipelineFor({ dataset: dataset.id })} size="sm" variant="ghost" aria-label={`Run pipeline on ${dataset.name}`}>
              <Play /> Run pipeline
            </ButtonLink>
          ) : null}
          <Box me="auto" />
          <IconButton
            aria-label={`Manage files of ${dataset.name}`}
            title="Manage files"
            size="sm"
            variant="ghost"
            // a hover action that keyboard users reach too (and touch screens always show)
            opacity={{ base: 1, md: 0 }}
            _groupHover={{ opacity: 1 }}
            _focusVisible={{ opacity: 1 }}
            _groupFocusWithin={{ opacity: 1 }}
            onClick={() => onManage(dataset)}
          >
            <FolderCog />
          </IconButton>
          <IconButton aria-label={`Delete ${dataset.name}`} title="Delete dataset" size="sm" variant="ghost" colorPalette="red" onClick={() => onDelete(dataset)}>
            <Trash2 />
          </IconButton>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** A muted label over its value (the counts in bold). */
function Figure({ label, testId, strong = false, children }: { label: string; testId?: string; strong?: boolean; children: ReactNode }) {
  return (
    <Box>
      <Text color="fg.muted" textStyle="xs">
        {label}
      </Text>
      <Text fontWeight={strong ? 'semibold' : undefined} data-testid={testId}>
        {children}
      </Text>
    </Box>
  );
}
