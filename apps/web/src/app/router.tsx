import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  Navigate,
  type RouteObject,
  replace,
  type DataRouter,
} from 'react-router';
import { limits } from '../shared/config.ts';
import { feedback } from '../shared/feedback.ts';
import { visit } from '../layout/tabs/tabsStore.ts';
import { useSession } from '../shared/session.ts';
import { decide, decideAfterInfo, type NavState } from './guard.ts';
import { loadInfo } from './loadInfo.ts';
import { trackProgress } from './progress.ts';
import { routeGranted } from './menuAccess.ts';
import { RootShell, RouteError } from './RootShell.tsx';
import type { RouteHandle } from './routeHandle.ts';
import { bareRoutes, layoutRoutes, type RouteDef } from './routeTable.ts';

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  if (!path) return parent;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** A route table entry as a React Router route: lazy page, meta in `handle`, redirect as index. */
export function toRouteObject(def: RouteDef, parentPattern = ''): RouteObject {
  const pattern = joinPath(parentPattern, def.path);
  const handle: RouteHandle = { meta: def.meta ?? {}, name: def.name, redirect: def.redirect, pattern };
  const page = def.page;
  const lazy = page ? async () => ({ Component: (await page()).default }) : undefined;
  // Each page has its own boundary, so a failing page keeps the layout around it.
  const ErrorBoundary = page ? RouteError : undefined;
  if (def.path === '') return { index: true, handle, lazy, ErrorBoundary };
  const children = (def.children ?? []).map((child) => toRouteObject(child, pattern));
  const target = def.redirect;
  if (target && target !== 'noRedirect') {
    // Rendered, not a loader: loaders run beside the guard and must not overtake it.
    children.unshift({ index: true, element: <Navigate replace to={target} /> });
  }
  return { path: def.path, handle, lazy, ErrorBoundary, children: children.length ? children : undefined };
}

const pageRoutes: RouteObject[] = [
  ...bareRoutes.map((def) => toRouteObject(def)),
  {
    id: 'layout',
    lazy: async () => ({ Component: (await import('../layout/Layout.tsx')).Layout }),
    children: layoutRoutes.map((def) => toRouteObject(def)),
  },
  // Any other path: /404 (spec §2). The guard decides first, so signed-out users go to /login.
  { id: 'unknown', path: '*', element: <Navigate replace to="/404" /> },
];

function navState(url: URL): NavState {
  const matches = matchRoutes(pageRoutes, url.pathname) ?? [];
  const session = useSession.getState();
  return {
    pathname: url.pathname,
    fullPath: url.pathname + url.search,
    hasToken: Boolean(session.token),
    infoLoaded: session.info !== null,
    roles: session.info?.roles ?? [],
    known: matches.length > 0 && matches.at(-1)?.route.id !== 'unknown',
    // Layout pages are granted only when the user's menus grant them (menuAccess.ts).
    granted:
      !session.info ||
      !matches.some((m) => m.route.id === 'layout') ||
      routeGranted({
        pathname: url.pathname,
        activeMenu: (matches.at(-1)?.route.handle as RouteHandle | undefined)?.meta.activeMenu,
        ownMenu: (matches.at(-1)?.route.handle as RouteHandle | undefined)?.meta.ownMenu,
        menus: session.info.menus,
        sysMenus: session.info.sysMenus,
        isAdmin: session.info.isAdmin,
        projectCode: session.project?.code,
      }),
    routeRoles: matches.flatMap((m) => {
      const roles = (m.route.handle as RouteHandle | undefined)?.meta.roles;
      return roles ? [roles] : [];
    }),
  };
}

/** The guard, run before every navigation (the root loader revalidates each time). */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  let decision = decide(navState(url));
  if (decision.type === 'loadInfo') {
    const after = decideAfterInfo(await loadInfo(), url.pathname + url.search);
    if (after.type === 'fail') {
      useSession.getState().resetToken();
      feedback.message().error(after.message, limits.messageSeconds);
      throw replace(after.to);
    }
    if (after.type === 'redirect') throw replace(after.to);
    decision = decide(navState(url));
  }
  if (decision.type === 'redirect') throw replace(decision.to);
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: guardLoader,
    shouldRevalidate: () => true,
    Component: RootShell,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: pageRoutes,
  },
];

/** Every finished navigation inside the layout becomes a tab (see tabsStore.visit). */
export function recordTabs(router: Pick<DataRouter, 'subscribe'>): () => void {
  // Pages without the layout (/login, /auth-redirect, /selectProject…) never do.
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    if (!state.matches.some((m) => m.route.id === 'layout')) return;
    const leaf = state.matches.findLast((m) => m.route.handle)?.route.handle as RouteHandle | undefined;
    visit(state.location.pathname, state.location.search, leaf && { ...leaf.meta, name: leaf.name });
  });
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  trackProgress(router);
  recordTabs(router);
  return router;
}
