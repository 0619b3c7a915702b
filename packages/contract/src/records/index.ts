/**
 * Field records, one file per part of the job: what a record is (row.ts), the list (list.ts),
 * one record opened (detail.ts), review and correction (review.ts), entering records on a PC
 * (upload.ts) or in the field app (fieldApp.ts), tree quantities (ymfs.ts) and the data
 * centre's per-table summary (summary.ts). text.ts is shared by these files only.
 */
export * from './row.ts';
export * from './list.ts';
export * from './detail.ts';
export * from './review.ts';
export * from './upload.ts';
export * from './fieldApp.ts';
export * from './ymfs.ts';
export * from './summary.ts';
