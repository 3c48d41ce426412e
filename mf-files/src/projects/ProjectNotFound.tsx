import { Button } from '@chakra-ui/react';
import { EmptyState, paths } from '@quarry/shared';
import { Link } from 'react-router';

export function ProjectNotFound() {
  return (
    <EmptyState
      title="Project Not Found"
      description="The project you are looking for does not exist."
      action={
        <Button asChild variant="outline">
          <Link to={paths.projects.index}>Back to Projects</Link>
        </Button>
      }
    />
  );
}
