/** The qrTags feature's public API for other features. */
export { projectTagCount, tagStates } from './service.ts';
