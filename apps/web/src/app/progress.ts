import NProgress from 'nprogress';
import type { DataRouter as Router } from 'react-router';

// NProgress's own template says role="bar", which is no ARIA role (axe: aria-roles, issue 29): the
// bar is a decoration beside the page's own loading states, so it is hidden from assistive tech.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

type RouterLike = Pick<Router, 'state' | 'subscribe'>;

/** True while the router has anything under way: the first load, a navigation, a revalidation. */
export function routerBusy(state: RouterLike['state']): boolean {
  return !state.initialized || state.navigation.state !== 'idle' || state.revalidation === 'loading';
}

/**
 * The navigation progress bar follows the router's own state: it starts when a navigation (or
 * the first load, or a revalidation) starts and finishes whenever the router is idle again,
 * whether the navigation arrived, was redirected by the guard or failed. Nothing else starts
 * it, so no run of the guard can leave it hanging at 99%.
 */
export function trackProgress(router: RouterLike): () => void {
  const apply = (state: RouterLike['state']) => {
    if (routerBusy(state)) NProgress.start();
    else NProgress.done();
  };
  apply(router.state);
  return router.subscribe(apply);
}
