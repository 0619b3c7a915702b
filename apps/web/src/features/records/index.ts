/** The records feature's public pieces for other features (the GIS map opens a record here). */
export { RecordDetailDrawer, type DetailActions } from './components/RecordDetailDrawer.tsx';
export { StateTag, useStateOptions } from './components/StateTag.tsx';
export { useSectionNames } from './api.ts';
export { formatAlt, formatCoord, sectionNamer } from './format.ts';
