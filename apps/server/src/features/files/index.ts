/** The files feature's public API for other features. */
export { filesByIds, type FileRow, insertFile } from './queries.ts';
export { signMedia, toFileInfo } from './service.ts';
