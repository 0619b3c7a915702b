import { type UIMatch, useMatches } from 'react-router';
import type { RouteMeta } from './routeTable.ts';

/** What every route object carries for the title, breadcrumb, tabs and cache. */
export type RouteHandle = {
  meta: RouteMeta;
  name?: string;
  redirect?: string;
  /** The full path pattern, e.g. /process/processX/:id/:type. */
  pattern: string;
};

export type HandleMatch = UIMatch<unknown, RouteHandle>;

export function useHandleMatches(): HandleMatch[] {
  return (useMatches() as UIMatch<unknown, RouteHandle | undefined>[]).filter(
    (m): m is HandleMatch => m.handle !== undefined,
  );
}
