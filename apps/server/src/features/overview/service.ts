/**
 * The overview: what routes.ts calls, one module per screen:
 * - dashboard.ts — the home dashboard's figures (homeData);
 * - progress.ts  — the progress drill-down, county → section → township (progressList);
 * - scope.ts     — which projects and sections a call covers, remembered a few seconds;
 * - figures.ts   — the arithmetic on rollup rows (unit-tested apart).
 */
export { homeData } from './dashboard.ts';
export { progressList } from './progress.ts';
