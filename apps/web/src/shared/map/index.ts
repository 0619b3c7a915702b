/** The shared map: one base map for every screen, its marker icon and the county outlines. */
export { BaseMap, type SectionBoundary } from './BaseMap.tsx';
export { markerIcon } from './markerIcon.ts';
export { boundsOf, loadCountyOutline, type CountyOutline } from './outline.ts';
export { useSectionBoundaries } from './sectionBoundaries.ts';
