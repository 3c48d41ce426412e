import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { PageHeader, paths, DataTable, ButtonLink } from '@quarry/shared';
import { ArrowLeft } from 'lucide-react';
import { useParams } from 'react-router';
import { ProjectNotFound } from './ProjectNotFound';
import { SAMPLE_FILES, SAMPLE_TASKS, SAMPLE_TEAM, sampleProject } from './sampleData';

type Section = 'tasks' | 'team' | 'files';

const SECTIONS: Record<Section, { title: string; action: string; columns: string[]; rows: string[][] }> = {
  tasks: { title: 'Tasks', action: 'Add Task', columns: ['Task', 'Status', 'Assignee'], rows: SAMPLE_TASKS.map((t) => [t.title, t.status, t.assignee]) },
  team: { title: 'Team', action: 'Invite Member', columns: ['Name', 'Role', 'Email'], rows: SAMPLE_TEAM.map((m) => [m.name, m.role, m.email]) },
  files: { title: 'Files', action: 'Add Files', columns: ['File', 'Size', 'Pages'], rows: SAMPLE_FILES.map((f) => [f.name, f.size, String(f.pages)]) },
};

/** The placeholder tasks, team and files pages: fixed sample data, buttons that do nothing. */
function ProjectSectionPage({ section }: { section: Section }) {
  const { projectId } = useParams();
  const project = sampleProject(projectId);
  if (!project) return <ProjectNotFound />;
  const s = SECTIONS[section];
  return (
    <Stack gap="4">
      <PageHeader
        title={`${project.name}: ${s.title}`}
        description="Sample data (placeholder)."
        actions={
          <HStack>
            <ButtonLink to={paths.projects.detail(project.id)} variant="ghost">
              <ArrowLeft /> Back to project
            </ButtonLink>
            <Button colorPalette="brand" onClick={() => undefined}>
              {s.action}
            </Button>
          </HStack>
        }
      />
      <DataTable label={s.title} columns={s.columns}>
        {s.rows.map((r) => (
          <Table.Row key={r[0]}>
            {r.map((cell, i) => (
              <Table.Cell key={i}>
                <Text>{cell}</Text>
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </DataTable>
    </Stack>
  );
}

export const ProjectTasksPage = () => <ProjectSectionPage section="tasks" />;
export const ProjectTeamPage = () => <ProjectSectionPage section="team" />;
export const ProjectFilesPage = () => <ProjectSectionPage section="files" />;
