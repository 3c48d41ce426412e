import { Badge, Button, Card, Heading, LinkOverlay, LinkBox, Progress, SimpleGrid, Text } from '@chakra-ui/react';
import { PageHeader, formatDate, paths } from '@quarry/shared';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { SAMPLE_PROJECTS } from './sampleData';

export const STATUS_PALETTE = { active: 'green', planning: 'blue', completed: 'gray' } as const;

/** /projects: a placeholder with three sample projects; New Project does nothing. */
export default function ProjectsPage() {
  return (
    <>
      <PageHeader
        title="Projects"
        description="Sample projects (placeholder)."
        actions={
          <Button colorPalette="brand" onClick={() => undefined}>
            <Plus /> New Project
          </Button>
        }
      />
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {SAMPLE_PROJECTS.map((p) => (
          <LinkBox as="article" key={p.id}>
            <Card.Root h="full" _hover={{ borderColor: 'border.emphasized' }}>
              <Card.Body gap="2">
                <Badge alignSelf="flex-start" colorPalette={STATUS_PALETTE[p.status]}>
                  {p.status}
                </Badge>
                <Heading as="h2" size="md">
                  <LinkOverlay asChild>
                    <Link to={paths.projects.detail(p.id)}>{p.name}</Link>
                  </LinkOverlay>
                </Heading>
                <Text color="fg.muted" textStyle="sm">
                  {p.description}
                </Text>
                <Progress.Root value={p.progress} size="sm" colorPalette="brand" aria-label={`${p.name} progress`}>
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text textStyle="xs" color="fg.muted">
                  {p.progress}% · due {formatDate(`${p.dueDate}T12:00:00Z`)}
                </Text>
              </Card.Body>
            </Card.Root>
          </LinkBox>
        ))}
      </SimpleGrid>
    </>
  );
}
