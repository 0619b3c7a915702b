import {
  clientPasswordHash,
  ErrorCode,
  type MenuNode,
  type MenuRow,
  type RoleItem,
} from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const flatIds = (nodes: MenuNode[]): number[] => nodes.flatMap((n) => [n.id, ...flatIds(n.children)]);

describe('roles, grants, resources and role switch', () => {
  let t: TestApp;
  let admin: string;
  let kh: string;
  let roles: RoleItem[];

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
    roles = (await t.api<RoleItem[]>('GET', '/api/common/role', { token: kh })).value;
  });
  afterAll(() => t.close());

  it('lists the built-in roles with their menus and how many hold them here', () => {
    expect(roles.map((r) => r.name)).toEqual(['项目管理员', '监理', '标段负责人', '劳务人员', '政府查看']);
    expect(roles.find((r) => r.code === 'worker')).toMatchObject({
      menuIds: [],
      userCount: 1,
      builtIn: true,
    });
  });

  it('lets a project administrator create a role with a subset of menus; its holder sees exactly those and no more API', async () => {
    const created = await t.api<RoleItem>('POST', '/api/auth/updateRole', {
      token: kh,
      body: {
        name: '资料员',
        description: '只看进度和劳务统计',
        permissions: ['dashboard.read', 'workers.read'],
        menuIds: [100, 300, 703],
      },
    });
    expect(created).toMatchObject({
      code: 0,
      message: '保存成功',
      value: { projectCode: 'KH2026', builtIn: false },
    });
    const add = await t.api('POST', '/api/user/addUser', {
      token: kh,
      body: {
        account: 'kh_clerk',
        password: clientPasswordHash('clerk123'),
        name: '资料员甲',
        roleIds: [created.value.id],
      },
    });
    expect(add.code).toBe(0);
    const clerk = await t.signIn('kh_clerk', 'clerk123');
    await t.api('POST', '/api/user/selectProject', { token: clerk, body: { prjCode: 'KH2026' } });
    const self = await t.api<{ menus: MenuNode[]; permissions: string[] }>('GET', '/api/user/self', {
      token: clerk,
    });
    expect(flatIds(self.value.menus).sort((a, b) => a - b)).toEqual([100, 300, 700, 703]);
    expect(self.value.permissions).toEqual(['dashboard.read', 'workers.read']);
    for (const [method, url] of [
      ['POST', '/api/user/userList'],
      ['POST', '/api/user/listInvite'],
      ['POST', '/api/auth/updateRole'],
    ] as const) {
      expect((await t.api(method, url, { token: clerk, body: {} })).code).toBe(ErrorCode.forbidden);
    }
    // The role belongs to KH2026: JS2026 does not offer it.
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'JS2026' } });
    const jsRoles = await t.api<RoleItem[]>('GET', '/api/common/role', { token: admin });
    expect(jsRoles.value.map((r) => r.name)).not.toContain('资料员');
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
  });

  it('shows a menu change at the next getInfo', async () => {
    const role = (await t.api<RoleItem[]>('GET', '/api/common/role', { token: kh })).value.find(
      (r) => r.name === '资料员',
    )!;
    await t.api('POST', '/api/auth/updateRole', {
      token: kh,
      body: {
        id: role.id,
        name: role.name,
        description: role.description,
        permissions: role.permissions,
        menuIds: [100],
      },
    });
    const clerk = await t.signIn('kh_clerk', 'clerk123');
    await t.api('POST', '/api/user/selectProject', { token: clerk, body: { prjCode: 'KH2026' } });
    const self = await t.api<{ menus: MenuNode[] }>('GET', '/api/user/self', { token: clerk });
    expect(flatIds(self.value.menus)).toEqual([100]);
  });

  it('keeps system permissions and platform roles out of a project administrator’s hands', async () => {
    const sys = await t.api('POST', '/api/auth/updateRole', {
      token: kh,
      body: { name: '越权', permissions: ['system.admin'], menuIds: [] },
    });
    expect(sys).toMatchObject({
      code: ErrorCode.forbidden,
      message: '项目角色不能授予系统管理权限：system.admin',
    });
    const supervisor = roles.find((r) => r.code === 'supervisor')!;
    const edit = await t.api('POST', '/api/auth/updateRole', {
      token: kh,
      body: { id: supervisor.id, name: '监理', permissions: [], menuIds: [] },
    });
    expect(edit.message).toBe('内置角色和平台角色只能由超级管理员修改');
    const unknownPermission = await t.api('POST', '/api/auth/updateRole', {
      token: kh,
      body: { name: 'x', permissions: ['everything'], menuIds: [] },
    });
    expect(unknownPermission.code).toBe(ErrorCode.validation);
  });

  it('deletes a role only when nobody holds it', async () => {
    const role = (await t.api<RoleItem[]>('GET', '/api/common/role', { token: kh })).value.find(
      (r) => r.name === '资料员',
    )!;
    const inUse = await t.api('DELETE', `/api/auth/deleteRole?id=${role.id}`, { token: kh });
    expect(inUse.message).toBe('还有 1 个用户、0 个邀请码使用该角色，不能删除');
    const clerk = (
      await t.api<{ list: { id: string }[] }>('POST', '/api/user/userList', {
        token: kh,
        body: { keyword: 'kh_clerk' },
      })
    ).value.list[0]!;
    await t.api('DELETE', `/api/user/delUserRoleRecord?userId=${clerk.id}&roleId=${role.id}`, { token: kh });
    expect((await t.api('DELETE', `/api/auth/deleteRole?id=${role.id}`, { token: kh })).code).toBe(0);
    const builtIn = await t.api('DELETE', `/api/auth/deleteRole?id=${roles[0]!.id}`, { token: admin });
    expect(builtIn.code).toBe(ErrorCode.forbidden);
  });

  it('switches the active role with a new token; the old one ends', async () => {
    const supervisor = roles.find((r) => r.code === 'supervisor')!;
    const gov = roles.find((r) => r.code === 'gov_viewer')!;
    const user = (
      await t.api<{ list: { id: string }[] }>('POST', '/api/user/userList', {
        token: kh,
        body: { keyword: 'demo_jianli' },
      })
    ).value.list[0]!;
    await t.api('POST', '/api/user/addUserInfo', {
      token: kh,
      body: { id: user.id, name: '汪丽华', status: 'active', roleIds: [supervisor.id, gov.id] },
    });
    const token = await t.signIn('demo_jianli', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
    const both = await t.api<{ roles: string[]; heldRoles: { id: number }[]; activeRoleId: number | null }>(
      'GET',
      '/api/user/self',
      { token },
    );
    expect(both.value.roles.sort()).toEqual(['gov_viewer', 'supervisor']);
    expect(both.value.heldRoles.map((r) => r.id)).toEqual([supervisor.id, gov.id].sort((a, b) => a - b));
    expect(both.value.activeRoleId).toBeNull();
    const switched = await t.api<{ token: string }>('POST', '/api/user/switchRole', {
      token,
      body: { roleId: gov.id },
    });
    expect(switched.message).toBe('已切换角色');
    expect((await t.api('GET', '/api/user/self', { token })).code).toBe(ErrorCode.tokenInvalid);
    const now = await t.api<{ roles: string[]; project: { code: string }; heldRoles: unknown[] }>(
      'GET',
      '/api/user/self',
      { token: switched.value.token },
    );
    expect(now.value).toMatchObject({
      roles: ['gov_viewer'],
      project: { code: 'KH2026' },
      activeRoleId: gov.id,
    });
    expect(now.value.heldRoles).toHaveLength(2);
    const notHeld = await t.api('POST', '/api/user/switchRole', {
      token: switched.value.token,
      body: { roleId: roles[0]!.id },
    });
    expect(notHeld.code).toBe(ErrorCode.forbidden);
  });

  describe('resources', () => {
    it('lets the super administrator add, edit and delete a menu item, seen at the next getInfo', async () => {
      const created = await t.api<MenuRow>('POST', '/api/menu/save', {
        token: admin,
        body: { pid: 400, title: '疫木台账', titleEn: 'Wood ledger', path: 'ledger', icon: 'list', sort: 9 },
      });
      expect(created.value).toMatchObject({ id: 10000, pid: 400, builtIn: false });
      const self = await t.api<{ menus: MenuNode[] }>('GET', '/api/user/self', { token: admin });
      expect(self.value.menus.find((m) => m.id === 400)?.children.map((c) => c.title)).toEqual(['疫木台账']);
      const renamed = await t.api<MenuRow>('POST', '/api/menu/save', {
        token: admin,
        body: { ...created.value, title: '疫木处置台账' },
      });
      expect(renamed.value.title).toBe('疫木处置台账');
      expect((await t.api('DELETE', '/api/menu/delete?id=10000', { token: admin })).code).toBe(0);
      const list = await t.api<MenuRow[]>('GET', '/api/menu/list', { token: admin });
      expect(list.value.some((m) => m.id === 10000)).toBe(false);
    });

    it('refuses deleting a built-in menu or a parent, and a parent that would make a loop', async () => {
      expect((await t.api('DELETE', '/api/menu/delete?id=100', { token: admin })).message).toBe(
        '内置菜单不能删除，可以设置为隐藏',
      );
      const parent = await t.api<MenuRow>('POST', '/api/menu/save', {
        token: admin,
        body: { title: '父', path: '/p' },
      });
      const child = await t.api<MenuRow>('POST', '/api/menu/save', {
        token: admin,
        body: { title: '子', path: 'c', pid: parent.value.id },
      });
      const loop = await t.api('POST', '/api/menu/save', {
        token: admin,
        body: { ...parent.value, pid: child.value.id },
      });
      expect(loop.message).toBe('上级菜单无效');
      expect(
        (await t.api('DELETE', `/api/menu/delete?id=${parent.value.id}`, { token: admin })).message,
      ).toBe('请先删除下级菜单');
    });

    it('refuses a child under an external link', async () => {
      const link = await t.api<MenuRow>('POST', '/api/menu/save', {
        token: admin,
        body: { title: '外链', path: 'https://example.org/help' },
      });
      expect(link.code).toBe(0);
      const child = await t.api('POST', '/api/menu/save', {
        token: admin,
        body: { title: '子', path: 'c', pid: link.value.id },
      });
      expect(child).toMatchObject({ code: ErrorCode.validation, message: '外链菜单下不能添加子项' });
    });

    it('shows project administrators the project menus only, and lets only super administrators change them', async () => {
      const list = await t.api<MenuRow[]>('GET', '/api/menu/list', { token: kh });
      expect(list.value.every((m) => m.scope === 'project')).toBe(true);
      const res = await t.api('POST', '/api/menu/save', { token: kh, body: { title: 'x', path: '/x' } });
      expect(res.code).toBe(ErrorCode.forbidden);
    });
  });

  it('serves the dictionaries in the user’s language', async () => {
    const zh = await t.api<Record<string, { value: unknown; label: string }[]>>('GET', '/api/dict/list', {
      token: kh,
    });
    expect(zh.value.sex).toEqual([
      { value: 1, label: '男' },
      { value: 0, label: '女' },
    ]);
    const en = await t.api<Record<string, { value: unknown; label: string }[]>>('GET', '/api/dict/list', {
      token: kh,
      headers: { lang: 'en' },
    });
    expect(en.value.userStatus?.find((s) => s.value === 'pending')?.label).toBe('Pending review');
  });

  it('gives super administrators the sub-system home counts', async () => {
    const res = await t.api<{ users: number; projects: number; pendingReviews: number }>(
      'GET',
      '/api/system/summary',
      {
        token: admin,
      },
    );
    expect(res.value).toMatchObject({ projects: 2, pendingReviews: 0 });
    expect(res.value.users).toBeGreaterThanOrEqual(7);
  });
});
