/** The files feature's public API for other features. */
export { filesByIds, type FileRow, insertFile, projectFileCount, projectStorageUsage } from './queries.ts';
export { fileOfProject, signMedia, toFileInfo } from './service.ts';
export { upload as storeUpload } from './service.ts';
export { bufferStream, photoFacts, thumbnail } from './media.ts';
