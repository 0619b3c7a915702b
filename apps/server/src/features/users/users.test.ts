import { clientPasswordHash, ErrorCode, type UserListItem } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const hash = clientPasswordHash;
type Page = { list: UserListItem[]; total: number };

describe('users of a project', () => {
  let t: TestApp;
  let kh: string; // demo_admin in KH2026
  let js: string; // a project administrator of JS2026 only
  let roleIds: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    const admin = await t.initAdmin({ demo: true });
    kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
    const roles = await t.api<{ id: number; code: string }[]>('GET', '/api/common/role', { token: kh });
    roleIds = Object.fromEntries(roles.value.map((r) => [r.code, r.id]));
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'JS2026' } });
    const created = await t.api('POST', '/api/user/addUser', {
      token: admin,
      body: {
        account: 'js_admin',
        password: hash('jsadmin1'),
        name: '江山管理员',
        roleIds: [roleIds.project_admin],
      },
    });
    expect(created.code).toBe(0);
    js = await t.signIn('js_admin', 'jsadmin1');
    await t.api('POST', '/api/user/selectProject', { token: js, body: { prjCode: 'JS2026' } });
  });
  afterAll(() => t.close());

  it('lists the project’s users, paged 10 by default, with their roles there', async () => {
    const res = await t.api<Page>('POST', '/api/user/userList', { token: kh, body: {} });
    expect(res.code).toBe(0);
    expect(res.value.total).toBe(5);
    expect(res.value.list.map((u) => u.account).sort()).toEqual([
      'demo_admin',
      'demo_bd',
      'demo_gov',
      'demo_jianli',
      'demo_worker',
    ]);
    const bd = res.value.list.find((u) => u.account === 'demo_bd');
    expect(bd?.roles).toEqual([
      {
        projectCode: 'KH2026',
        projectName: '开化县2026年度松材线虫病疫木除治项目',
        roleId: roleIds.section_manager,
        roleName: '标段负责人',
      },
    ]);
    const paged = await t.api<Page>('POST', '/api/user/userList', {
      token: kh,
      body: { pageNum: 2, pageSize: 2 },
    });
    expect(paged.value.list).toHaveLength(2);
    expect(paged.value.total).toBe(5);
    const tooBig = await t.api('POST', '/api/user/userList', { token: kh, body: { pageSize: 1000 } });
    expect(tooBig.code).toBe(ErrorCode.validation);
  });

  it('filters by keyword, role and status', async () => {
    const byName = await t.api<Page>('POST', '/api/user/userList', { token: kh, body: { keyword: '汪丽' } });
    expect(byName.value.list.map((u) => u.account)).toEqual(['demo_jianli']);
    const byRole = await t.api<Page>('POST', '/api/user/userList', {
      token: kh,
      body: { roleId: roleIds.gov_viewer },
    });
    expect(byRole.value.list.map((u) => u.account)).toEqual(['demo_gov']);
    const pct = await t.api<Page>('POST', '/api/user/userList', { token: kh, body: { keyword: '%' } });
    expect(pct.value.total).toBe(0);
  });

  it('adds a user to the project with roles, refusing duplicates and foreign roles', async () => {
    const body = {
      account: 'kh_new',
      password: hash('newuser1'),
      name: '新用户',
      phone: '13900000001',
      roleIds: [roleIds.supervisor],
    };
    expect((await t.api('POST', '/api/user/addUser', { token: kh, body })).code).toBe(0);
    const dup = await t.api('POST', '/api/user/addUser', { token: kh, body: { ...body, phone: null } });
    expect(dup).toMatchObject({ code: ErrorCode.conflict, message: '账号 kh_new 已存在' });
    const phone = await t.api('POST', '/api/user/addUser', {
      token: kh,
      body: { ...body, account: 'kh_new2' },
    });
    expect(phone.message).toBe('手机号已被其他账号使用');
    const badRole = await t.api('POST', '/api/user/addUser', {
      token: kh,
      body: { ...body, account: 'kh_x', phone: null, roleIds: [99999] },
    });
    expect(badRole.message).toBe('角色不存在或不能在本项目中分配');
    expect(await t.signIn('kh_new', 'newuser1')).toBeTruthy();
  });

  it('keeps project B’s administrator out of project A’s users', async () => {
    // Naming another project is refused (only super administrators may name one), not answered
    // with the caller's own project in its place.
    const list = await t.api<Page>('POST', '/api/user/userList', { token: js, body: { prjCode: 'KH2026' } });
    expect(list.code).toBe(ErrorCode.forbidden);
    const own = await t.api<Page>('POST', '/api/user/userList', { token: js, body: { prjCode: 'JS2026' } });
    expect(own.value.list.map((u) => u.account).sort()).toEqual(['demo_admin', 'demo_gov', 'js_admin']);
    const khOnly = (
      await t.api<Page>('POST', '/api/user/userList', { token: kh, body: { keyword: 'demo_bd' } })
    ).value.list[0]!;
    const attempts = [
      t.api('POST', '/api/user/addUserInfo', {
        token: js,
        body: { id: khOnly.id, name: '改名', status: 'active', roleIds: [] },
      }),
      t.api('DELETE', `/api/user/deleteUser?id=${khOnly.id}`, { token: js }),
      t.api('POST', '/api/user/resetPassword', { token: js, body: { id: khOnly.id } }),
      t.api('POST', '/api/user/resetPasswordByManager', {
        token: js,
        body: { id: khOnly.id, newPassword: hash('hacked1') },
      }),
      t.api('DELETE', `/api/user/delUserRoleRecord?userId=${khOnly.id}&roleId=${roleIds.section_manager}`, {
        token: js,
      }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.code).toBe(ErrorCode.notFound);
    expect(await t.signIn('demo_bd', 'pine2026')).toBeTruthy();
    // prjCode is honoured for super administrators only: js_admin cannot add a user to KH2026.
    const foreign = await t.api('POST', '/api/user/addUser', {
      token: js,
      body: {
        account: 'js_new',
        password: hash('jsnew12'),
        name: '江山用户',
        roleIds: [roleIds.worker],
        prjCode: 'KH2026',
      },
    });
    expect(foreign.code).toBe(ErrorCode.forbidden);
    const jsUsers = await t.api<Page>('POST', '/api/user/userList', {
      token: js,
      body: { keyword: 'js_new' },
    });
    expect(jsUsers.value.list).toEqual([]);
  });

  it('edits name, phone, status and roles; disabling ends the user’s sessions', async () => {
    const target = (
      await t.api<Page>('POST', '/api/user/userList', { token: kh, body: { keyword: 'kh_new' } })
    ).value.list[0]!;
    const session = await t.signIn('kh_new', 'newuser1');
    const res = await t.api('POST', '/api/user/addUserInfo', {
      token: kh,
      body: {
        id: target.id,
        name: '新名字',
        phone: '13900000009',
        status: 'disabled',
        roleIds: [roleIds.gov_viewer],
      },
    });
    expect(res).toEqual({ code: 0, message: '保存成功', value: null });
    expect((await t.api('GET', '/api/user/self', { token: session })).code).toBe(ErrorCode.tokenInvalid);
    const login = await t.api('POST', '/api/user/login', {
      body: { account: 'kh_new', password: hash('newuser1') },
    });
    expect(login.message).toBe('账号已停用');
    const after = (
      await t.api<Page>('POST', '/api/user/userList', { token: kh, body: { keyword: 'kh_new' } })
    ).value.list[0]!;
    expect(after).toMatchObject({ name: '新名字', phone: '13900000009', status: 'disabled' });
    expect(after.roles.map((r) => r.roleId)).toEqual([roleIds.gov_viewer]);
  });

  it('resets passwords: a temporary one told once, or one the manager sets; both end sessions', async () => {
    const target = (
      await t.api<Page>('POST', '/api/user/userList', { token: kh, body: { keyword: 'demo_worker' } })
    ).value.list[0]!;
    const session = await t.signIn('demo_worker', 'pine2026');
    const reset = await t.api<{ password: string }>('POST', '/api/user/resetPassword', {
      token: kh,
      body: { id: target.id },
    });
    expect(reset.value.password).toMatch(/^[a-z2-9]{8}$/);
    expect(reset.message).toContain(reset.value.password);
    expect((await t.api('GET', '/api/user/self', { token: session })).code).toBe(ErrorCode.tokenInvalid);
    expect(await t.signIn('demo_worker', reset.value.password)).toBeTruthy();
    const set = await t.api('POST', '/api/user/resetPasswordByManager', {
      token: kh,
      body: { id: target.id, newPassword: hash('chosen1') },
    });
    expect(set.message).toBe('密码已重置');
    expect(await t.signIn('demo_worker', 'chosen1')).toBeTruthy();
  });

  it('soft-deletes: sessions end, sign-in fails, the row stays', async () => {
    const created = await t.api<{ id: string }>('POST', '/api/user/addUser', {
      token: kh,
      body: { account: 'kh_gone', password: hash('gone123'), name: '将删除', roleIds: [roleIds.worker] },
    });
    const session = await t.signIn('kh_gone', 'gone123');
    const res = await t.api('DELETE', `/api/user/deleteUser?id=${created.value.id}`, { token: kh });
    expect(res).toEqual({ code: 0, message: '删除成功', value: null });
    expect((await t.api('GET', '/api/user/self', { token: session })).code).toBe(ErrorCode.tokenInvalid);
    await expect(t.signIn('kh_gone', 'gone123')).rejects.toThrow(/40100/);
    const list = await t.api<Page>('POST', '/api/user/userList', { token: kh, body: { keyword: 'kh_gone' } });
    expect(list.value.total).toBe(0);
    // The account name is free again.
    const again = await t.api('POST', '/api/user/addUser', {
      token: kh,
      body: { account: 'kh_gone', password: hash('gone123'), name: '新的', roleIds: [roleIds.worker] },
    });
    expect(again.code).toBe(0);
  });

  it('refuses deleting oneself and a member of another project', async () => {
    const me = (
      await t.api<Page>('POST', '/api/user/userList', { token: kh, body: { keyword: 'demo_admin' } })
    ).value.list[0]!;
    expect((await t.api('DELETE', `/api/user/deleteUser?id=${me.id}`, { token: kh })).message).toBe(
      '不能删除或停用自己的账号',
    );
    const gov = (
      await t.api<Page>('POST', '/api/user/userList', { token: kh, body: { keyword: 'demo_gov' } })
    ).value.list[0]!;
    const res = await t.api('DELETE', `/api/user/deleteUser?id=${gov.id}`, { token: kh });
    expect(res.message).toBe('该用户还属于其他项目，请改为移除其在本项目的角色');
    const removed = await t.api(
      'DELETE',
      `/api/user/delUserRoleRecord?userId=${gov.id}&roleId=${roleIds.gov_viewer}`,
      { token: kh },
    );
    expect(removed.code).toBe(0);
    const token = await t.signIn('demo_gov', 'pine2026');
    const sel = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
    expect(sel.code).toBe(ErrorCode.forbidden);
  });

  it('answers whether a phone is in use', async () => {
    const yes = await t.api<{ exists: boolean }>('GET', '/api/user/queryPhone?phone=13900000009', {
      token: kh,
    });
    const no = await t.api<{ exists: boolean }>('GET', '/api/user/queryPhone?phone=13700000000', {
      token: kh,
    });
    expect([yes.value.exists, no.value.exists]).toEqual([true, false]);
    const bad = await t.api('GET', '/api/user/queryPhone?phone=12345', { token: kh });
    expect(bad.message).toBe('手机号格式不正确');
  });

  it('records every change in the audit log, scoped to the project', async () => {
    type Audit = {
      list: { entity: string; action: string; summary: string; projectCode: string; before: unknown }[];
      total: number;
    };
    const khLog = await t.api<Audit>('POST', '/api/audit/list', { token: kh, body: { pageSize: 100 } });
    expect(khLog.value.list.every((e) => e.projectCode === 'KH2026')).toBe(true);
    expect(
      khLog.value.list.some(
        (e) => e.entity === 'user' && e.action === 'delete' && e.summary.includes('kh_gone'),
      ),
    ).toBe(true);
    expect(JSON.stringify(khLog.value)).not.toContain('scrypt$');
    // Each row carries the names its sentence needs (the web says it in the reader's language):
    // no English words and no internal ids in what is stored for display.
    type Row = Audit['list'][number] & { params: Record<string, unknown> | null; after: unknown };
    const rows = khLog.value.list as Row[];
    expect(rows.find((e) => e.action === 'resetPassword')).toMatchObject({
      entity: 'user',
      params: { name: '徐长根', account: 'demo_worker' },
    });
    expect(rows.find((e) => e.entity === 'grant' && e.action === 'delete')).toMatchObject({
      params: { kind: 'role', name: '郑晓燕', account: 'demo_gov', role: '政府查看' },
      before: { roles: ['政府查看'] },
    });
    expect(rows.find((e) => e.entity === 'user' && e.action === 'create')?.after).toMatchObject({
      roles: ['劳务人员'],
    });
    for (const e of rows) {
      expect(e.params).not.toBeNull();
      expect(e.summary).not.toMatch(/password reset|registered with|joined with|role \d/);
    }
    const jsLog = await t.api<Audit>('POST', '/api/audit/list', { token: js, body: { pageSize: 100 } });
    expect(jsLog.value.list.every((e) => e.projectCode === 'JS2026')).toBe(true);
    expect(jsLog.value.total).toBeGreaterThan(0);
  });
});
