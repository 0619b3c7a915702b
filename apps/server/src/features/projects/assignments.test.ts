import {
  ErrorCode,
  type FieldError,
  type MemberSectionsItem,
  type ProjectItem,
  type ProjectMember,
  type SectionItem,
} from '@pineguard/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { auditLog, userSections, users } from '../../db/schema/index.ts';

/** 标段分配 (issue 26): who sets a member's sections, which sections, and the burn window setting. */
describe('section assignment and the burn window', () => {
  let t: TestApp;
  let sys: string;
  let admin: string;
  let adminJs: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const set = (token: string, body: Record<string, unknown>, lang?: string) =>
    t.api<MemberSectionsItem & { fields?: FieldError[] }>('POST', '/api/project/setMemberSections', {
      token,
      body,
      ...(lang ? { headers: { 'accept-language': lang } } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    sys = await t.initAdmin({ demo: true });
    const select = async (account: string, prjCode: string) => {
      const token = await t.signIn(account, 'pine2026');
      const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
      if (res.code !== 0) throw new Error(res.message);
      return token;
    };
    await t.api('POST', '/api/user/selectProject', { token: sys, body: { prjCode: 'KH2026' } });
    admin = await select('demo_admin', 'KH2026');
    adminJs = await select('demo_admin', 'JS2026');
    for (const account of ['demo_jianli', 'demo_bd', 'demo_worker', 'demo_gov']) {
      tokens[account] = await select(account, 'KH2026');
    }
    for (const u of await t.deps.database.db.select({ id: users.id, account: users.account }).from(users)) {
      ids[u.account] = u.id;
    }
  });
  afterAll(() => t.close());

  it('lets the project administrator set a member’s sections and shows them by name in the member list', async () => {
    const res = await set(admin, {
      userId: ids.demo_worker,
      sectionCodes: ['KH-BD03', 'KH-BD01', 'KH-BD01'],
    });
    expect(res.code, res.message).toBe(0);
    expect(res.value).toEqual({
      userId: ids.demo_worker,
      sectionCodes: ['KH-BD01', 'KH-BD03'],
      sectionNames: ['第一标段（华埠镇、池淮镇）', '第三标段（齐溪镇、何田乡）'],
    });
    // Whoever sees the project's members sees them (the government viewer reads, never sets).
    const read = await t.api<MemberSectionsItem[]>('POST', '/api/project/memberSections', {
      token: tokens.demo_gov,
      body: { userIds: [ids.demo_worker, ids.demo_jianli] },
    });
    expect(read.code, read.message).toBe(0);
    expect(read.value).toEqual([
      { userId: ids.demo_worker, sectionCodes: ['KH-BD01', 'KH-BD03'], sectionNames: res.value.sectionNames },
      { userId: ids.demo_jianli, sectionCodes: [], sectionNames: [] },
    ]);
    const members = await t.api<{ list: ProjectMember[] }>('POST', '/api/project/prj1UserList', {
      token: admin,
      body: { pageNum: 1, pageSize: 50 },
    });
    const worker = members.value.list.find((m) => m.account === 'demo_worker');
    expect(worker).toMatchObject({
      sectionCodes: ['KH-BD01', 'KH-BD03'],
      sectionNames: res.value.sectionNames,
    });
    expect(members.value.list.find((m) => m.account === 'demo_jianli')?.sectionNames).toEqual([]);
    // The change is audited with names.
    const [row] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'grant'), eq(auditLog.entityId, ids.demo_worker!)));
    expect(row?.params).toMatchObject({
      kind: 'sections',
      account: 'demo_worker',
      sections: res.value.sectionNames,
    });
    // An empty list takes every section away.
    const none = await set(admin, { userId: ids.demo_worker, sectionCodes: [] });
    expect(none.value.sectionCodes).toEqual([]);
    expect((await set(admin, { userId: ids.demo_worker, sectionCodes: ['KH-BD01'] })).code).toBe(0);
  });

  it('refuses everyone without user management, another project and sections of another project', async () => {
    for (const account of ['demo_jianli', 'demo_bd', 'demo_worker', 'demo_gov']) {
      const res = await set(tokens[account]!, { userId: ids.demo_worker, sectionCodes: ['KH-BD02'] });
      expect(res.code, account).toBe(ErrorCode.forbidden);
    }
    // The worker cannot read the assignments either (no projects.read).
    const read = await t.api('POST', '/api/project/memberSections', {
      token: tokens.demo_worker,
      body: { userIds: [ids.demo_worker] },
    });
    expect(read.code).toBe(ErrorCode.forbidden);
    // Nor may anyone ask about people who are not members of their project.
    const outsider = await t.api('POST', '/api/project/memberSections', {
      token: adminJs,
      body: { userIds: [ids.demo_jianli] },
    });
    expect(outsider.code).toBe(ErrorCode.notFound);
    // A project administrator of KH2026 naming JS2026 while KH2026 is selected.
    const other = await set(admin, { prjCode: 'JS2026', userId: ids.demo_gov, sectionCodes: ['JS-BD01'] });
    expect(other.code).toBe(ErrorCode.forbidden);
    expect(other.message).toContain('其他项目');
    // A section of another project, and one that does not exist: named in the sectionCodes field.
    const foreign = await set(admin, {
      userId: ids.demo_worker,
      sectionCodes: ['KH-BD02', 'JS-BD01', 'NOPE'],
    });
    expect(foreign.code).toBe(ErrorCode.validation);
    expect(foreign.message).toBe('标段不属于本项目：JS-BD01、NOPE');
    expect(foreign.value.fields).toEqual([{ field: 'sectionCodes', message: foreign.message }]);
    const en = await set(admin, { userId: ids.demo_worker, sectionCodes: ['JS-BD01'] }, 'en');
    expect(en.message).toBe('These sections are not sections of this project: JS-BD01');
    // Someone who is not a member of JS2026 (the supervisor works in KH2026 only).
    const stranger = await set(adminJs, { userId: ids.demo_jianli, sectionCodes: ['JS-BD01'] });
    expect(stranger.code).toBe(ErrorCode.validation);
    expect(stranger.value.fields?.[0]).toEqual({
      field: 'userId',
      message: '该用户不是本项目的成员，不能分配标段',
    });
    // Bad shapes are field errors, not faults.
    const bad = await set(admin, { userId: 'x', sectionCodes: 'KH-BD01' });
    expect(bad.code).toBe(ErrorCode.validation);
    // Nothing changed.
    const after = await t.api<MemberSectionsItem[]>('POST', '/api/project/memberSections', {
      token: admin,
      body: { userIds: [ids.demo_worker] },
    });
    expect(after.value[0]?.sectionCodes).toEqual(['KH-BD01']);
  });

  it('lets the super administrator name any project', async () => {
    const res = await set(sys, { prjCode: 'JS2026', userId: ids.demo_gov, sectionCodes: ['JS-BD02'] });
    expect(res.code, res.message).toBe(0);
    expect(res.value.sectionNames).toEqual(['第二标段（峡口镇、保安乡）']);
    const read = await t.api<MemberSectionsItem[]>('POST', '/api/project/memberSections', {
      token: adminJs,
      body: { userIds: [ids.demo_gov] },
    });
    expect(read.value[0]?.sectionCodes).toEqual(['JS-BD02']);
  });

  it('keeps assignments with a renamed section, drops them with a deleted section or a removed member', async () => {
    const added = await t.api<SectionItem>('POST', '/api/project/updateBdInfo', {
      token: adminJs,
      body: { code: 'JS-BD09', name: '第九标段' },
    });
    expect(added.code, added.message).toBe(0);
    const read = async () =>
      (
        await t.api<MemberSectionsItem[]>('POST', '/api/project/memberSections', {
          token: adminJs,
          body: { userIds: [ids.demo_gov] },
        })
      ).value[0]?.sectionCodes;
    expect((await set(adminJs, { userId: ids.demo_gov, sectionCodes: ['JS-BD02', 'JS-BD09'] })).code).toBe(0);
    const renamed = await t.api('POST', '/api/project/updateBdInfo', {
      token: adminJs,
      body: { id: added.value.id, code: 'JS-BD10', name: '第十标段' },
    });
    expect(renamed.code, renamed.message).toBe(0);
    expect(await read()).toEqual(['JS-BD02', 'JS-BD10']);
    const deleted = await t.api('POST', '/api/project/delBdInfo', {
      token: adminJs,
      body: { id: added.value.id },
    });
    expect(deleted.code, deleted.message).toBe(0);
    expect(await read()).toEqual(['JS-BD02']);
    const removed = await t.api('POST', '/api/project/delPrj1User', {
      token: sys,
      body: { prjCode: 'JS2026', userId: ids.demo_gov },
    });
    expect(removed.code, removed.message).toBe(0);
    // No longer a member: not found, and no row of theirs is left for a later return to revive.
    const gone = await t.api('POST', '/api/project/memberSections', {
      token: adminJs,
      body: { userIds: [ids.demo_gov] },
    });
    expect(gone.code).toBe(ErrorCode.notFound);
    const left = await t.deps.database.db
      .select()
      .from(userSections)
      .where(and(eq(userSections.userId, ids.demo_gov!), eq(userSections.projectCode, 'JS2026')));
    expect(left).toEqual([]);
  });

  it('keeps the burn window (焚烧时限) as a project setting: 1–120 days, default 10, kept when an edit leaves it out', async () => {
    const detail = async () =>
      (await t.api<ProjectItem>('GET', '/api/project/detail?prjCode=KH2026', { token: admin })).value;
    const project = await detail();
    expect(project.burnWindowDays).toBe(10);
    const body = {
      code: project.code,
      name: project.name,
      areaCode: project.areaCode,
      year: project.year,
      ownerUnit: project.ownerUnit,
      description: project.description,
      startDate: project.startDate,
      endDate: project.endDate,
    };
    const saved = await t.api<ProjectItem>('POST', '/api/project/addPrj1', {
      token: admin,
      body: { ...body, burnWindowDays: 14 },
    });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.value.burnWindowDays).toBe(14);
    // An edit from a client that does not know the setting keeps it.
    expect((await t.api('POST', '/api/project/addPrj1', { token: admin, body })).code).toBe(0);
    expect((await detail()).burnWindowDays).toBe(14);
    for (const bad of [0, 121, 7.5, '10', null]) {
      const res = await t.api<{ fields: FieldError[] }>('POST', '/api/project/addPrj1', {
        token: admin,
        body: { ...body, burnWindowDays: bad },
      });
      expect(res.code, String(bad)).toBe(ErrorCode.validation);
      expect(res.value.fields.map((f) => f.field)).toEqual(['burnWindowDays']);
    }
    expect((await detail()).burnWindowDays).toBe(14);
    // Section managers and supervisors cannot change it.
    const refused = await t.api('POST', '/api/project/addPrj1', {
      token: tokens.demo_jianli,
      body: { ...body, burnWindowDays: 30 },
    });
    expect(refused.code).toBe(ErrorCode.forbidden);
    // A new project starts at the default.
    const created = await t.api<ProjectItem>('POST', '/api/project/add', {
      token: sys,
      body: { code: 'BW2026', name: '焚烧时限测试项目', areaCode: '330824' },
    });
    expect(created.value.burnWindowDays).toBe(10);
  });
});
