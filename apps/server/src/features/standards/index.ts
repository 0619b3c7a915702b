/** The standards feature's public API for other features. */
export { descriptorOf, projectTables, tablesWithColumns, type TableDescriptor } from './service.ts';
