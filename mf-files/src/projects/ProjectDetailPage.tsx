import { Badge, Card, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { PageHeader, formatDate, paths, ButtonLink } from '@quarry/shared';
import { useParams } from 'react-router';
import { ProjectNotFound } from './ProjectNotFound';
import { STATUS_PALETTE } from './ProjectsPage';
import { SAMPLE_FILES, SAMPLE_TASKS, SAMPLE_TEAM, sampleProject } from './sampleData';

/** /projects/{projectId}: sample detail for ids 1–3 with links to tasks, team and files. */
export default function ProjectDetailPage() {
  const { projectId } = useParams();
  const project = sampleProject(projectId);
  if (!project) return <ProjectNotFound />;
  const base = paths.projects.detail(project.id);
  const sections = [
    { to: `${base}/tasks`, label: 'Tasks', count: SAMPLE_TASKS.length },
    { to: `${base}/team`, label: 'Team', count: SAMPLE_TEAM.length },
    { to: `${base}/files`, label: 'Files', count: SAMPLE_FILES.length },
  ];
  return (
    <>
      <PageHeader title={project.name} description={project.description} />
      <HStack mb="6" gap="3">
        <Badge colorPalette={STATUS_PALETTE[project.status]}>{project.status}</Badge>
        <Text textStyle="sm" color="fg.muted">
          {project.progress}% complete · due {formatDate(`${project.dueDate}T12:00:00Z`)}
        </Text>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {sections.map((s) => (
          <Card.Root key={s.label} size="sm">
            <Card.Body gap="2">
              <Text fontWeight="semibold">{s.label}</Text>
              <Text textStyle="sm" color="fg.muted">
                {s.count} items
              </Text>
              <ButtonLink to={s.to} size="sm" variant="outline" alignSelf="flex-start">View {s.label}</ButtonLink>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </>
  );
}
