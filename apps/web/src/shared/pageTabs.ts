/**
 * A page closing its own tab, e.g. a saved form going back to its list. The tab bar lives in
 * layout/, which pages may not import (layout/tabs/tabsStore reads the route table, which loads
 * every page: an import cycle), so the tab store says here how a tab closes, when it loads.
 */
let close: (path: string) => void = () => {};

/** Closes the tab of `path` (pathname) and forgets its kept-alive page. */
export function closeTab(path: string): void {
  close(path);
}

/** Called once by the tab store (layout/tabs/tabsStore.ts). */
export function onCloseTab(handler: (path: string) => void): void {
  close = handler;
}
