import { Box, Button, Card, HStack, Heading, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { StatusBadge, formatDate, paths } from '@quarry/shared';
import type { Dataset } from '@quarry/shared/schemas';
import { ChartColumn, FolderCog, Trash2 } from 'lucide-react';
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
              {dataset.name}
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
            {dataset.file_count} file{dataset.file_count === 1 ? '' : 's'}
          </Figure>
          <Figure label="Pages" testId="dataset-page-count" strong>
            {dataset.total_pages} page{dataset.total_pages === 1 ? '' : 's'}
          </Figure>
          <Figure label="Created">{formatDate(dataset.created_at)}</Figure>
          <Figure label="Updated">{formatDate(dataset.updated_at)}</Figure>
        </SimpleGrid>
        <HStack justify="flex-end" gap="1">
          <Button asChild size="sm" variant="ghost" me="auto" aria-label={`Evaluation of ${dataset.name}`}>
            <Link to={paths.jobs.evaluationDataset(dataset.id)}>
              <ChartColumn /> Evaluation
            </Link>
          </Button>
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
