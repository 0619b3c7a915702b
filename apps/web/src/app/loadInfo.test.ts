import type { SelfValue } from '@pineguard/contract';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useSession } from '../shared/session.ts';
import { loadInfo } from './loadInfo.ts';

const menu = {
  id: 1,
  pid: 0,
  title: '首页',
  icon: 'dashboard',
  sort: 0,
  path: '/dashboard',
  description: '',
  redirect: '',
  hidden: false,
  children: [],
};
const self: SelfValue = {
  menus: [menu],
  sysMenus: [],
  name: '周建国',
  introduction: '',
  ifAdmin: false,
  gpsLong: null,
  gpsLat: null,
  userIdOrCode: 'demo_admin',
  avatar: '',
  roles: ['project_admin'],
  permissions: [],
  project: { code: 'KH2026', name: '开化县' },
  heldRoles: [{ id: 1, code: 'project_admin', name: '项目管理员' }],
  activeRoleId: null,
};

function answer(value: unknown, code = 0, message = 'ok') {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code, message, value }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

beforeEach(() =>
  useSession.setState({ token: 'T', info: null, project: null, menuFlag: 'MENU', noMenus: false }),
);
afterEach(() => vi.unstubAllGlobals());

it('stores the info with roles forced to admin and the project kept locally', async () => {
  answer(self);
  await expect(loadInfo()).resolves.toEqual({ ok: true, hasProject: true, hasMenus: true });
  const { info, project } = useSession.getState();
  expect(info).toMatchObject({ name: '周建国', roles: ['admin'], isAdmin: false, account: 'demo_admin' });
  expect(project).toEqual({ code: 'KH2026', name: '开化县' });
  expect(JSON.parse(localStorage.getItem('project') ?? 'null')).toEqual({ code: 'KH2026', name: '开化县' });
});

it('reports a missing project and keeps no info, so the next navigation checks again', async () => {
  answer({ ...self, menus: [], project: null });
  await expect(loadInfo()).resolves.toEqual({ ok: true, hasProject: false, hasMenus: false });
  expect(useSession.getState().info).toBeNull();
});

it('reports a project without menus', async () => {
  answer({ ...self, menus: [] });
  await expect(loadInfo()).resolves.toEqual({ ok: true, hasProject: true, hasMenus: false });
  expect(useSession.getState().noMenus).toBe(true);
});

it('fails with the spec messages for no data and for menus that are not a list', async () => {
  answer(null);
  await expect(loadInfo()).resolves.toEqual({ ok: false, message: '验证失败，请重新登录。' });
  answer({ ...self, menus: null });
  await expect(loadInfo()).resolves.toEqual({ ok: false, message: 'getInfo: 菜单必须是非空数组！' });
});

it("fails with the server's message", async () => {
  answer(null, 50014, '登录已过期，请重新登录');
  await expect(loadInfo()).resolves.toEqual({ ok: false, message: '登录已过期，请重新登录' });
});

it('reloads the menus in place when menu or role administration asks (the sidebar follows)', async () => {
  useSession.setState({ token: 'T', info: { menus: [menu] } as never, menuFlag: 'MENU' });
  const added = { ...menu, id: 2, title: '巡查记录', path: '/patrol' };
  answer({ ...self, menus: [menu, added] });
  useSession.getState().reloadMenus();
  await vi.waitFor(() =>
    expect(useSession.getState().info?.menus.map((m) => m.title)).toEqual(['首页', '巡查记录']),
  );
});
