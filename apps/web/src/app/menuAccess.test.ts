import { buildMenuTree } from '@pineguard/contract';
import { expect, it } from 'vitest';
import { routeGranted } from './menuAccess.ts';

const m = (id: number, path: string, pid = 0) => ({
  id,
  pid,
  title: path,
  icon: '',
  sort: id,
  path,
  description: '',
  redirect: '',
  hidden: false,
});

// A role granted the user list only (its group comes with it) and the progress page.
const menus = buildMenuTree([
  m(1000, '/users'),
  m(1001, 'userList', 1000),
  m(300, '/process'),
  m(800, '/safe/:prjCode'),
]);
const base = { menus, sysMenus: [], isAdmin: false, projectCode: 'KH2026' };

it('grants the granted pages, their group and what lies under a page', () => {
  expect(routeGranted({ ...base, pathname: '/users/userList' })).toBe(true);
  expect(routeGranted({ ...base, pathname: '/users' })).toBe(true);
  expect(routeGranted({ ...base, pathname: '/safe/KH2026' })).toBe(true);
  expect(routeGranted({ ...base, pathname: '/process/processX/1/2', activeMenu: '/process' })).toBe(true);
});

it('refuses siblings of a granted page and pages not granted', () => {
  expect(routeGranted({ ...base, pathname: '/users/verifyPage' })).toBe(false);
  expect(routeGranted({ ...base, pathname: '/system/roles' })).toBe(false);
  expect(routeGranted({ ...base, pathname: '/safe/JS2026' })).toBe(false);
  expect(routeGranted({ ...base, pathname: '/homeSys' })).toBe(false);
});

it('home and refresh are always open; a super administrator opens everything', () => {
  expect(routeGranted({ ...base, pathname: '/dashboard' })).toBe(true);
  expect(routeGranted({ ...base, pathname: '/redirect/users/userList' })).toBe(true);
  expect(routeGranted({ ...base, isAdmin: true, pathname: '/system/menu' })).toBe(true);
});

it('opens a page with a menu of its own only by that menu, not by the page it highlights (issue 29)', () => {
  const workers = buildMenuTree([m(700, '/lwrymanager'), m(701, 'list', 700)]);
  const viewer = { ...base, menus: workers };
  const form = { activeMenu: '/lwrymanager/list', ownMenu: true };
  expect(routeGranted({ ...viewer, pathname: '/lwrymanager/list' })).toBe(true);
  expect(routeGranted({ ...viewer, ...form, pathname: '/lwrymanager/add' })).toBe(false);
  expect(routeGranted({ ...viewer, ...form, pathname: '/lwrymanager/edit' })).toBe(false);
  const manager = {
    ...base,
    menus: buildMenuTree([m(700, '/lwrymanager'), m(701, 'list', 700), m(704, 'add', 700)]),
  };
  expect(routeGranted({ ...manager, ...form, pathname: '/lwrymanager/add' })).toBe(true);
  expect(routeGranted({ ...manager, ...form, pathname: '/lwrymanager/edit' })).toBe(false);
});
