/** The exports feature's public entry: the export-records drawer (avatar menu) and the data list's buttons. */
export { ExportButtons } from './ExportButtons.tsx';
export { ExportRecordsDrawer } from './ExportRecordsDrawer.tsx';
export { useExportsT } from './messages.ts';
