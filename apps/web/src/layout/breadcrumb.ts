import type { MessageKey } from '../locales/index.ts';

export type CrumbSource = {
  pathname: string;
  handle: { meta: { title?: MessageKey; breadcrumb?: false }; name?: string; redirect?: string };
};

export type Crumb = { key: string; title: MessageKey; to?: string };

/**
 * Breadcrumb rules (admin-shell.md): matched routes with titles, home prepended unless the
 * first is the dashboard, `breadcrumb: false` dropped; the last item and `noRedirect` items
 * are plain text; others link to their redirect or their own path with current params.
 */
export function buildBreadcrumb(matches: CrumbSource[]): Crumb[] {
  const titled = matches.filter((m) => m.handle.meta.title && m.handle.meta.breadcrumb !== false);
  const crumbs: Crumb[] = titled.map((m, i) => {
    const title = m.handle.meta.title as MessageKey;
    const plain = i === titled.length - 1 || m.handle.redirect === 'noRedirect';
    return plain
      ? { key: m.pathname, title }
      : { key: m.pathname, title, to: m.handle.redirect ?? m.pathname };
  });
  const first = titled[0];
  if (first?.handle.name !== 'Dashboard') {
    crumbs.unshift({ key: '/dashboard', title: 'route.dashboard', to: '/dashboard' });
  }
  // A single home crumb on the dashboard itself is plain text.
  if (crumbs.length === 1 && crumbs[0]) delete crumbs[0].to;
  return crumbs;
}
