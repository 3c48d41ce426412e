// /jobs/evaluation: where the Evaluation entry of the sidebar leads. Each dataset with the
// number of its files reviewed (the ground truth an extraction run is measured against),
// and a link to the evaluation of its newest run.
import { Badge, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState, PageHeader, paths, ButtonLink } from '@quarry/shared';
import { Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { useDatasets } from '../common/queries';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function EvaluationIndexPage() {
  const datasets = useDatasets();
  const header = (
    <PageHeader
      title="Evaluation"
      description="Measure an extraction run against the files you reviewed: precision, recall and exact matches, field by field."
    />
  );
  if (datasets.isPending) return <LoadingState text="Loading datasets..." />;
  if (datasets.isError) {
    return (
      <Stack gap="4">
        {header}
        <ErrorState title="Datasets could not be loaded" message={datasets.error.message} onRetry={() => void datasets.refetch()} />
      </Stack>
    );
  }
  const list = datasets.data.datasets;
  return (
    <Stack gap="4">
      {header}
      {list.length === 0 ? (
        <EmptyState
          icon={<Gauge />}
          title="No datasets yet"
          description="Evaluation measures a dataset's extraction against its reviewed files. Create a dataset, run an extraction and review a few files first."
          action={<ButtonLink to={paths.files.datasets} size="sm" variant="outline">Go to Datasets</ButtonLink>}
        />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="evaluation-datasets">
          {list.map((d) => {
            const reviewed = d.reviewed_count ?? 0;
            return (
              <Card.Root key={d.id} size="sm">
                <Card.Body gap="2">
                  <Card.Title truncate>{d.name}</Card.Title>
                  <HStack gap="2" wrap="wrap">
                    <Text textStyle="sm" color="fg.muted">
                      {plural(d.file_count, 'file', 'files')}
                    </Text>
                    <Badge colorPalette={reviewed > 0 ? 'green' : 'gray'} variant="subtle">
                      {reviewed} reviewed
                    </Badge>
                  </HStack>
                </Card.Body>
                <Card.Footer>
                  <Button asChild size="sm" colorPalette="brand" variant={reviewed > 0 ? 'solid' : 'outline'}>
                    <Link to={paths.jobs.evaluationDataset(d.id)} aria-label={`Evaluate ${d.name}`}>
                      Evaluate
                    </Link>
                  </Button>
                </Card.Footer>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
