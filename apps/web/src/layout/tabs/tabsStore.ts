import { create } from 'zustand';
import { layoutRoutes, type RouteDef } from '../../app/routeTable.ts';
import { onCloseTab } from '../../shared/pageTabs.ts';
import { useSession } from '../../shared/session.ts';
import type { VisitedView } from './tabsRules.ts';
import * as rules from './tabsRules.ts';

/** Pinned tabs come from the route table (the dashboard). */
function affixViews(defs: RouteDef[], base = ''): VisitedView[] {
  return defs.flatMap((def) => {
    const path = def.path.startsWith('/') ? def.path : `${base.replace(/\/$/, '')}/${def.path}`;
    const own: VisitedView[] = def.meta?.affix
      ? [
          {
            path,
            fullPath: path,
            title: def.meta.title ?? '',
            affix: true,
            name: def.name,
            noCache: Boolean(def.meta.noCache),
          },
        ]
      : [];
    return [...own, ...affixViews(def.children ?? [], path)];
  });
}

/** The bar always starts from the pinned tabs: on start, and after every clear. */
const pinnedViews = affixViews(layoutRoutes);
const pinnedCache = pinnedViews.reduce(rules.addCached, [] as string[]);

type TabsState = {
  visitedViews: VisitedView[];
  /** Paths of pages kept alive while their tab is in the background. */
  cachedViews: string[];
  addView: (view: VisitedView) => void;
  updateView: (view: Pick<VisitedView, 'path' | 'fullPath'>) => void;
  delView: (path: string) => void;
  delCachedView: (path: string) => void;
  delOthers: (path: string) => void;
  delAll: () => void;
};

export const useTabs = create<TabsState>((set) => ({
  visitedViews: pinnedViews,
  cachedViews: pinnedCache,
  addView: (view) =>
    set((s) => ({
      visitedViews: rules.addView(s.visitedViews, view),
      cachedViews: rules.addCached(s.cachedViews, view),
    })),
  updateView: (view) => set((s) => ({ visitedViews: rules.updateView(s.visitedViews, view) })),
  delView: (path) =>
    set((s) => {
      const visitedViews = rules.closeView(s.visitedViews, path);
      const kept = new Set(visitedViews.map((v) => v.path));
      return { visitedViews, cachedViews: s.cachedViews.filter((p) => kept.has(p)) };
    }),
  delCachedView: (path) => set((s) => ({ cachedViews: s.cachedViews.filter((p) => p !== path) })),
  delOthers: (path) =>
    set((s) => {
      const visitedViews = rules.closeOthers(s.visitedViews, path);
      const kept = new Set(visitedViews.map((v) => v.path));
      return { visitedViews, cachedViews: s.cachedViews.filter((p) => kept.has(p)) };
    }),
  delAll: () =>
    set((s) => {
      const visitedViews = rules.closeAll(s.visitedViews);
      const kept = new Set(visitedViews.map((v) => v.path));
      return { visitedViews, cachedViews: s.cachedViews.filter((p) => kept.has(p)) };
    }),
}));

// Pages close their own tab through shared/pageTabs (they may not import the layout).
onCloseTab((path) => useTabs.getState().delView(path));

/** Log-out, role change and another project close every tab but the pinned ones. */
export function clearTabs(): void {
  useTabs.setState({ visitedViews: pinnedViews, cachedViews: pinnedCache });
}

// A new sign-in, another project or the other menu (project ↔ system) makes the old tabs
// meaningless (their paths carry the project, their pages its data), so tabs follow the token,
// the project and the menu flag.
useSession.subscribe((state, previous) => {
  if (
    state.token !== previous.token ||
    state.project?.code !== previous.project?.code ||
    state.menuFlag !== previous.menuFlag
  ) {
    clearTabs();
  }
});

export type VisitedRoute = { title?: string; affix?: boolean; noCache?: boolean; name?: string };

/**
 * Records a finished navigation as a tab. Called from the router's own subscription rather
 * than a render effect: quick successive clicks may skip a render, never a navigation.
 */
export function visit(pathname: string, search: string, route: VisitedRoute | undefined): void {
  if (!route?.title || pathname.startsWith('/redirect/')) return;
  const { addView, updateView } = useTabs.getState();
  const fullPath = pathname + search;
  addView({
    path: pathname,
    fullPath,
    title: route.title,
    affix: Boolean(route.affix),
    name: route.name,
    noCache: Boolean(route.noCache),
  });
  updateView({ path: pathname, fullPath });
}
