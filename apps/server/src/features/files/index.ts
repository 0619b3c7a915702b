/** The files feature's public API for other features. */
export { filesByIds, type FileRow } from './queries.ts';
export { signMedia, toFileInfo } from './service.ts';
