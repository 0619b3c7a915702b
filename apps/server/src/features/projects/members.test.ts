import { clientPasswordHash, ErrorCode, type ProjectItem, type SectionItem } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { demoProjectAdmins } from './testKit.ts';

// A project's members: listed a page at a time, added with a role by the super administrator, removed;
// only live accounts count.
describe('members of a project', () => {
  let t: TestApp;
  let admin: string;
  let kh: string;

  beforeAll(async () => {
    ({ t, admin, kh } = await demoProjectAdmins());
  });
  afterAll(() => t.close());

  it('lists managers and members a page at a time, also at the spec’s misspelt path', async () => {
    type Member = { account: string; roleCodes: string[]; roleNames: string[] };
    const managers = await t.api<Member[]>('POST', '/api/project/prj1ManagerList', { token: kh, body: {} });
    expect(managers.value).toMatchObject([{ account: 'demo_admin', roleCodes: ['project_admin'] }]);
    const users = await t.api<{ list: Member[]; total: number }>('POST', '/apiproject/prj1UserList', {
      token: kh,
      body: { pageSize: 2 },
    });
    expect(users.value.total).toBe(5);
    expect(users.value.list.map((m) => m.account)).toEqual(['demo_admin', 'demo_bd']);
    const page3 = await t.api<{ list: Member[] }>('POST', '/api/project/prj1UserList', {
      token: kh,
      body: { pageSize: 2, pageNum: 3 },
    });
    expect(page3.value.list.map((m) => m.account)).toEqual(['demo_worker']);
    const found = await t.api<{ list: Member[] }>('POST', '/api/project/prj1UserList', {
      token: kh,
      body: { keyword: '汪丽' },
    });
    expect(found.value.list).toMatchObject([{ account: 'demo_jianli', roleNames: ['监理'] }]);
    // A project administrator may not name another project; the super administrator may.
    const other = await t.api('POST', '/api/project/prj1UserList', {
      token: kh,
      body: { prjCode: 'JS2026' },
    });
    expect(other.code).toBe(ErrorCode.forbidden);
    const js = await t.api<{ total: number }>('POST', '/api/project/prj1UserList', {
      token: admin,
      body: { prjCode: 'JS2026' },
    });
    expect(js.value.total).toBe(2);
  });

  it('lets the super administrator add existing accounts to a project with a role, and remove them', async () => {
    const candidates = await t.api<{ list: { account: string }[] }>('POST', '/api/project/userList4Prj1', {
      token: admin,
      body: { prjCode: 'JS2026', keyword: '' },
    });
    const names = candidates.value.list.map((u) => u.account);
    expect(names).toContain('demo_bd');
    expect(names).not.toContain('demo_admin'); // already in JS2026
    expect(names).not.toContain('admin'); // the super administrator needs no role
    const roles = await t.api<{ id: number; code: string }[]>('GET', '/api/common/role?prjCode=JS2026', {
      token: admin,
    });
    const roleId = (code: string) => roles.value.find((r) => r.code === code)!.id;
    const refusedForKh = await t.api('GET', '/api/common/role?prjCode=JS2026', { token: kh });
    expect(refusedForKh.code).toBe(ErrorCode.forbidden);

    const bd = await t.api<{ list: { id: string }[] }>('POST', '/api/project/prj1UserList', {
      token: admin,
      body: { prjCode: 'KH2026', keyword: 'demo_bd' },
    });
    const bdId = bd.value.list[0]!.id;
    const unknownRole = await t.api('POST', '/api/project/addPrj1User', {
      token: admin,
      body: { prjCode: 'JS2026', userIds: [bdId], roleId: 99999 },
    });
    expect(unknownRole.message).toBe('角色不存在或不能在本项目中分配');
    const added = await t.api<{ count: number }>('POST', '/api/project/addPrj1User', {
      token: admin,
      body: { prjCode: 'JS2026', userIds: [bdId], roleId: roleId('project_admin') },
    });
    expect(added).toMatchObject({ code: 0, message: '已添加 1 人', value: { count: 1 } });
    // Adding again changes nothing; the account now administers JS2026 and can select it.
    await t.api('POST', '/api/project/addPrj1User', {
      token: admin,
      body: { prjCode: 'JS2026', userIds: [bdId], roleId: roleId('project_admin') },
    });
    const jsAdmins = await t.api<{ account: string }[]>('POST', '/api/project/prj1ManagerList', {
      token: admin,
      body: { prjCode: 'JS2026' },
    });
    expect(jsAdmins.value.map((m) => m.account)).toEqual(['demo_admin', 'demo_bd']);
    const bdToken = await t.signIn('demo_bd', 'pine2026');
    const chose = await t.api('POST', '/api/user/selectProject', {
      token: bdToken,
      body: { prjCode: 'JS2026' },
    });
    expect(chose.code).toBe(0);
    const section = await t.api<SectionItem>('POST', '/api/project/updateBdInfo', {
      token: bdToken,
      body: { code: 'JS-BD09', name: '临时标段', managerId: bdId },
    });
    expect(section.value.managerName).toBe('余志强');

    // Removing takes every role in JS2026 away and frees the sections they managed.
    const removed = await t.api('POST', '/api/project/delPrj1User', {
      token: admin,
      body: { prjCode: 'JS2026', userId: bdId },
    });
    expect(removed).toMatchObject({ code: 0, message: '已移出项目' });
    const after = await t.api<SectionItem>('GET', `/api/project/selectBDInfo?id=${section.value.id}`, {
      token: bdToken,
    });
    // The session no longer has a project: the membership is checked on every call.
    expect(after.code).toBe(ErrorCode.projectRequired);
    const store = await t.api<{ sections: SectionItem[] }>('GET', '/api/project/mainStore', { token: admin });
    expect(store.code).toBe(0);
    const again = await t.api('POST', '/api/project/delPrj1User', {
      token: admin,
      body: { prjCode: 'JS2026', userId: bdId },
    });
    expect(again.message).toBe('该用户不属于当前项目');
    const byKh = await t.api('POST', '/api/project/addPrj1User', {
      token: kh,
      body: { prjCode: 'KH2026', userIds: [bdId], roleId: roleId('supervisor') },
    });
    expect(byKh.code).toBe(ErrorCode.forbidden);
  });

  it('counts only live accounts as members (project list and role user counts)', async () => {
    const roles = await t.api<{ id: number; code: string; userCount: number }[]>(
      'GET',
      '/api/common/role?prjCode=KH2026',
      { token: admin },
    );
    const supervisor = roles.value.find((r) => r.code === 'supervisor')!;
    const countsBefore = await t.api<{ list: ProjectItem[] }>('POST', '/api/project/list', {
      token: admin,
      body: { keyword: 'KH2026' },
    });
    const membersBefore = countsBefore.value.list[0]!.memberCount;
    const created = await t.api<{ id: string }>('POST', '/api/user/addUser', {
      token: kh,
      body: {
        account: 'gone_soon',
        password: clientPasswordHash('goneSoon1'),
        name: '将删除',
        roleIds: [supervisor.id],
      },
    });
    expect(created.code).toBe(0);
    const list = await t.api<{ list: { id: string; account: string }[] }>(
      'POST',
      '/api/project/prj1UserList',
      {
        token: admin,
        body: { prjCode: 'KH2026', keyword: 'gone_soon' },
      },
    );
    const id = list.value.list[0]!.id;
    const during = await t.api<{ list: ProjectItem[] }>('POST', '/api/project/list', {
      token: admin,
      body: { keyword: 'KH2026' },
    });
    expect(during.value.list[0]!.memberCount).toBe(membersBefore + 1);
    expect((await t.api('DELETE', `/api/user/deleteUser?id=${id}`, { token: kh })).code).toBe(0);
    const after = await t.api<{ list: ProjectItem[] }>('POST', '/api/project/list', {
      token: admin,
      body: { keyword: 'KH2026' },
    });
    expect(after.value.list[0]!.memberCount).toBe(membersBefore);
    const rolesAfter = await t.api<{ code: string; userCount: number }[]>(
      'GET',
      '/api/common/role?prjCode=KH2026',
      {
        token: admin,
      },
    );
    expect(rolesAfter.value.find((r) => r.code === 'supervisor')!.userCount).toBe(supervisor.userCount);
  });
});
