import { whiteList } from './routeTable.ts';

/**
 * The navigation guard's decisions (spec §2, admin-shell.md "Navigation guard") as pure
 * functions, so every rule is testable without a browser. `guardLoader.ts` runs them.
 */
export type NavState = {
  pathname: string;
  /** Path plus query: what a redirect query carries back. */
  fullPath: string;
  hasToken: boolean;
  infoLoaded: boolean;
  roles: string[];
  /** False when only the catch-all matched. */
  known: boolean;
  /** False when the route exists but the user's menus do not grant it (menuAccess.ts). */
  granted?: boolean;
  /** The roles lists of every matched route that declares one. */
  routeRoles: string[][];
};

export type Decision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'loadInfo' };

export function loginPath(fullPath: string): string {
  return `/login?${new URLSearchParams({ redirect: fullPath })}`;
}

/** Admin sees every route; others need one of the route's roles; routes without roles are open. */
export function canAccess(roles: string[], routeRoles: string[][]): boolean {
  if (roles.includes('admin')) return true;
  return routeRoles.every((allowed) => allowed.some((role) => roles.includes(role)));
}

export function decide(s: NavState): Decision {
  // A scanned QR tag opens on any phone, signed in or not (the page shows more to members).
  if (s.pathname.startsWith('/q/')) return { type: 'allow' };
  if (!s.hasToken) {
    return whiteList.includes(s.pathname)
      ? { type: 'allow' }
      : { type: 'redirect', to: loginPath(s.fullPath) };
  }
  if (s.pathname === '/login') return { type: 'redirect', to: '/' };
  // Choosing a project needs a session, not loaded menus (there are none before a project).
  if (s.pathname === '/selectProject') return { type: 'allow' };
  if (!s.infoLoaded) return { type: 'loadInfo' };
  // No such page: 404. A page that exists but this user may not open: 401 (spec §2 has both).
  if (!s.known) return { type: 'redirect', to: '/404' };
  if (s.granted === false || !canAccess(s.roles, s.routeRoles)) return { type: 'redirect', to: '/401' };
  return { type: 'allow' };
}

export type InfoOutcome =
  { ok: true; hasProject: boolean; hasMenus: boolean } | { ok: false; message: string };

export type InfoDecision =
  /** Info is in place: run `decide` again on the same navigation. */
  | { type: 'reenter' }
  | { type: 'redirect'; to: string }
  /** Reset the token, show the message, go to the login page. */
  | { type: 'fail'; message: string; to: string };

export function decideAfterInfo(outcome: InfoOutcome, fullPath: string): InfoDecision {
  if (!outcome.ok) return { type: 'fail', message: outcome.message, to: loginPath(fullPath) };
  // The redirect query lets the project picker bring the user back to the deep link.
  if (!outcome.hasProject) {
    return {
      type: 'redirect',
      to: `/selectProject?${new URLSearchParams({ flag: 'true', redirect: fullPath })}`,
    };
  }
  if (!outcome.hasMenus) return { type: 'redirect', to: '/selectProject' };
  return { type: 'reenter' };
}
