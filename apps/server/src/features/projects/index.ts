/** The projects feature's public API: what other features may call. */
export { choosableProjects, findProject, isProjectMember, listSections, projectTree } from './service.ts';
export { managedSectionCodes, projectName, projectsWithPermission } from './queries.ts';
export { assignedSectionCodes } from './assignmentQueries.ts';
