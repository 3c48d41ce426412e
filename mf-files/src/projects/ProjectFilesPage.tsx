export { ProjectFilesPage as default } from './ProjectSectionPage';
