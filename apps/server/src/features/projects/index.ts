/** The projects feature's public API for other features. */
export { areaPaths, findProject, listSections } from './queries.ts';
