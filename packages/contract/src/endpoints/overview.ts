import { gisCellsQuery, gisCellsValue, gisSetupValue } from '../gisMap.ts';
import { homeDataQuery, homeDataValue, processListQuery, processListValue } from '../overview.ts';

/** The home page's figures, the progress table, and the map (gisMap). */
export const overviewEndpoints = {
  // overview
  'GET /api/home/data': { query: homeDataQuery, value: homeDataValue },
  'GET /api/process/list': { query: processListQuery, value: processListValue },
  // gisMap
  'GET /api/gis/setup': { value: gisSetupValue },
  'GET /api/gis/cells': { query: gisCellsQuery, value: gisCellsValue },
} as const;
