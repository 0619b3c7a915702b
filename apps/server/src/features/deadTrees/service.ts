/**
 * The dead-pine census (ksss): what routes.ts and jobs.ts call, one module per task:
 * - list.ts       — the census, tree and upload-task lists (and DeadTreeContext);
 * - export.ts     — the import template and the census / trees as streamed Excel;
 * - upload.ts     — an uploaded file stored and its import started, or cancelled;
 * - import.ts     — one import run (parse.ts reads the file, sheet.ts checks each row);
 * - scheduling.ts — the hooks jobs.ts fills with the job runner.
 */
export { censusList, type DeadTreeContext, treeList, uploadList, uploadTask } from './list.ts';
export { exportCensus, exportTrees, template } from './export.ts';
export { cancelUpload, upload } from './upload.ts';
export { failInterruptedImports, type ImportProgress, runImport } from './import.ts';
export { type ImportScheduler, useImportScheduler, useJobCancel, useJobStatus } from './scheduling.ts';
