/**
 * Tab (visited view) rules from admin-shell.md "Tabs", as pure functions over plain lists so
 * each rule is tested on its own. The store in tabsStore.ts applies them.
 */
export type VisitedView = {
  /** Pathname: the identity of a tab. */
  path: string;
  /** Pathname plus query: where clicking the tab goes. */
  fullPath: string;
  /** A locale key for route titles; falls back to 'route.noName'. */
  title: string;
  affix: boolean;
  /** Route name; pages without one are not cached. */
  name?: string;
  noCache: boolean;
};

/** Adding skips a path that already has a tab. */
export function addView(views: VisitedView[], view: VisitedView): VisitedView[] {
  if (views.some((v) => v.path === view.path)) return views;
  return [...views, { ...view, title: view.title || 'route.noName' }];
}

/** Pages are cached by path (React has no component names) unless `noCache` or unnamed. */
export function addCached(cached: string[], view: VisitedView): string[] {
  if (view.noCache || !view.name || cached.includes(view.path)) return cached;
  return [...cached, view.path];
}

/** A query change on the same path updates that tab instead of adding one. */
export function updateView(
  views: VisitedView[],
  view: Pick<VisitedView, 'path' | 'fullPath'>,
): VisitedView[] {
  return views.map((v) => (v.path === view.path ? { ...v, fullPath: view.fullPath } : v));
}

/** Pinned tabs cannot be closed. */
export function closeView(views: VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.path !== path || v.affix);
}

/** Close others keeps pinned tabs and the given one. */
export function closeOthers(views: VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.affix || v.path === path);
}

/** Close all keeps pinned tabs only. */
export function closeAll(views: VisitedView[]): VisitedView[] {
  return views.filter((v) => v.affix);
}

/**
 * Where to go after the active tab was closed: the last remaining tab; with none left, home
 * (through /redirect when the dashboard itself was the one closed, so it remounts).
 */
export function nextAfterClose(remaining: VisitedView[], closed: VisitedView): string {
  const last = remaining.at(-1);
  if (last) return last.fullPath;
  return closed.name === 'Dashboard' ? `/redirect${closed.fullPath}` : '/';
}

export function isActive(view: VisitedView, pathname: string): boolean {
  return view.path === pathname;
}
