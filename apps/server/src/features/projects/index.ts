/** The projects feature's public API: what other features may call. */
export { choosableProjects, findProject, projectName, projectsWithPermission } from './queries.ts';
export { listSections } from './sections.ts';
export { sectionNames } from './sectionNames.ts';
export { managedSectionCodes } from './sectionQueries.ts';
export { isProjectMember } from './memberQueries.ts';
export { assignedSectionCodes } from './assignmentQueries.ts';
export { projectTree } from './service.ts';
// What projects learns from the features built on it (app.ts wires it: they import projects).
export { type CandidateFilter, type ProjectPorts, wireProjects } from './ports.ts';
export type { ProjectHolder, SectionHolder } from './holders.ts';
