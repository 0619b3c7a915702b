import { Activity, type ReactNode, useRef, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useFocusableScrollers } from '../shared/ui/useFocusableScrollers.ts';
import { useTabs } from './tabs/tabsStore.ts';

type Pages = { pathname: string; pages: Map<string, ReactNode> };

/**
 * The page area. Pages whose tab is cached stay mounted but hidden (React's Activity) while
 * another tab is shown, so their state survives; each is keyed by path, so a query change
 * does not remount it. A page leaves the cache when its tab closes or is refreshed.
 */
export function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cachedViews = useTabs((s) => s.cachedViews);
  const main = useRef<HTMLElement>(null);
  useFocusableScrollers(main);
  const [state, setState] = useState<Pages>(() => ({ pathname, pages: new Map([[pathname, outlet]]) }));

  // On arrival at a path, remember its page; pages of closed tabs are let go.
  if (state.pathname !== pathname) {
    const pages = new Map([...state.pages].filter(([path]) => cachedViews.includes(path)));
    pages.set(pathname, outlet);
    setState({ pathname, pages });
  }

  return (
    <main className="pg-app-main" ref={main}>
      {[...state.pages].map(([path, page]) => {
        const active = path === pathname;
        if (!active && !cachedViews.includes(path)) return null;
        return (
          <Activity key={path} mode={active ? 'visible' : 'hidden'}>
            <div className="pg-page" data-page={path}>
              {active ? outlet : page}
            </div>
          </Activity>
        );
      })}
    </main>
  );
}
