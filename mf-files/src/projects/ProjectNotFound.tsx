import { EmptyState, paths, ButtonLink } from '@quarry/shared';

export function ProjectNotFound() {
  return (
    <EmptyState
      title="Project Not Found"
      description="The project you are looking for does not exist."
      action={<ButtonLink to={paths.projects.index} variant="outline">Back to Projects</ButtonLink>}
    />
  );
}
