export { ProjectTasksPage as default } from './ProjectSectionPage';
