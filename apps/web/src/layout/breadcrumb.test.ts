import { describe, expect, it } from 'vitest';
import { buildBreadcrumb, type CrumbSource } from './breadcrumb.ts';

const m = (
  pathname: string,
  handle: Partial<CrumbSource['handle']> & {
    title?: CrumbSource['handle']['meta']['title'];
    breadcrumb?: false;
  },
): CrumbSource => ({
  pathname,
  handle: {
    meta: { title: handle.title, breadcrumb: handle.breadcrumb },
    name: handle.name,
    redirect: handle.redirect,
  },
});

describe('buildBreadcrumb', () => {
  it('shows the dashboard alone, as plain text', () => {
    expect(
      buildBreadcrumb([m('/', {}), m('/dashboard', { title: 'route.dashboard', name: 'Dashboard' })]),
    ).toEqual([{ key: '/dashboard', title: 'route.dashboard' }]);
  });

  it('prepends home and links parents to their redirect', () => {
    const crumbs = buildBreadcrumb([
      m('/users', { title: 'route.users', redirect: '/users/userList' }),
      m('/users/verifyPage', { title: 'route.verifyPage', name: 'VerifyPage' }),
    ]);
    expect(crumbs).toEqual([
      { key: '/dashboard', title: 'route.dashboard', to: '/dashboard' },
      { key: '/users', title: 'route.users', to: '/users/userList' },
      { key: '/users/verifyPage', title: 'route.verifyPage' },
    ]);
  });

  it('links a parent without redirect to its path with the current params', () => {
    const crumbs = buildBreadcrumb([
      m('/process', { title: 'route.process' }),
      m('/process/processX/3/a', { title: 'route.processX' }),
    ]);
    expect(crumbs[1]).toEqual({ key: '/process', title: 'route.process', to: '/process' });
  });

  it('drops breadcrumb:false and untitled matches', () => {
    const crumbs = buildBreadcrumb([
      m('/process', { title: 'route.process' }),
      m('/process', { title: 'route.process', breadcrumb: false }),
    ]);
    expect(crumbs.map((c) => c.title)).toEqual(['route.dashboard', 'route.process']);
  });

  it('keeps noRedirect items as plain text', () => {
    const crumbs = buildBreadcrumb([
      m('/a', { title: 'route.system', redirect: 'noRedirect' }),
      m('/a/b', { title: 'route.roles' }),
    ]);
    expect(crumbs[1]).toEqual({ key: '/a', title: 'route.system' });
  });
});
