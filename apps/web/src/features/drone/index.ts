/** The drone feature's parts other screens use (the GIS map draws the orthophotos and candidates). */
export { DroneMapLayer } from './components/DroneMapLayer.tsx';
export { DroneOverdueNotice } from './components/DroneOverdueNotice.tsx';
