/** The deadTrees (ksss) feature's public service API for other features. */
export { failInterruptedImports, runImport, useImportScheduler } from './service.ts';
