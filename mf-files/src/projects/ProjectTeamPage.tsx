export { ProjectTeamPage as default } from './ProjectSectionPage';
