/** The areas feature's public API: what other features may call. */
export {
  areaNames,
  areaPaths,
  areasWithAncestors,
  ensureAreas,
  findArea,
  projectTownships,
} from './service.ts';
