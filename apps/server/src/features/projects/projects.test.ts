import {
  clientPasswordHash,
  type AreaNode,
  ErrorCode,
  type MainStore,
  maxSectionsPerProject,
  type ProjectItem,
  saveFactorBody,
  type SectionItem,
  type StandardTableItem,
} from '@pineguard/contract';
import { and, count, countDistinct, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { areas, sections, userProjectRoles, users } from '../../db/schema/index.ts';
import { metadataLimits } from '../standards/index.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('projects, sections, areas and standard tables', () => {
  let t: TestApp;
  let admin: string;
  let kh: string;
  const newProject = {
    code: 'CA2026',
    name: '淳安县2026年度松材线虫病防治项目',
    areaCode: '330127',
    year: 2026,
    ownerUnit: '淳安县林业局',
  };

  /** CA2026 as the project-creation test makes it: tests that need it make it if it is not there yet. */
  const ensureNewProject = async () => {
    const res = await t.api('POST', '/api/project/add', { token: admin, body: newProject });
    expect([0, ErrorCode.conflict]).toContain(res.code);
  };

  /** What a project holds now, counted in the tables: the figures the project list and the deletion refusal give. */
  const holdings = async (code: string) => {
    const db = t.deps.database.db;
    const [s] = await db.select({ n: count() }).from(sections).where(eq(sections.projectCode, code));
    const [m] = await db
      .select({ n: countDistinct(userProjectRoles.userId) })
      .from(userProjectRoles)
      .innerJoin(users, and(eq(users.id, userProjectRoles.userId), isNull(users.deletedAt)))
      .where(eq(userProjectRoles.projectCode, code));
    return { sections: s!.n, members: m!.n };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
  });
  afterAll(() => t.close());

  it('has every county of the demo province with its townships', async () => {
    const db = t.deps.database.db;
    const counties = await db
      .select()
      .from(areas)
      .where(sql`${areas.level} = 3 and ${areas.code} like '33%'`);
    expect(counties.length).toBeGreaterThan(80);
    const empty = await db.execute(sql`
      select c.code from areas c where c.level = 3 and c.code like '33%'
        and not exists (select 1 from areas t where t.parent_code = c.code)`);
    expect((empty as unknown as { rows: unknown[] }).rows).toEqual([]);
    const [towns] = await db.select({ n: count() }).from(areas).where(eq(areas.parentCode, '330824'));
    expect(towns?.n).toBe(14);
  });

  it('lists areas by parent (provinces first) and as a county cascader', async () => {
    const provinces = await t.api<{ code: string; name: string; father: string | null }[]>(
      'GET',
      '/api/project/areaListByParentCode',
      { token: kh },
    );
    expect(provinces.value.find((a) => a.code === '330000')).toMatchObject({ name: '浙江省', father: null });
    const towns = await t.api<{ code: string; name: string }[]>(
      'GET',
      '/api/project/areaListByParentCode?parentCode=330824',
      { token: kh },
    );
    expect(towns.value.map((a) => a.name)).toContain('华埠镇');
    const tree = await t.api<AreaNode[]>('GET', '/api/project/listArea4AddPrj1', { token: kh });
    const zj = tree.value.find((n) => n.value === '330000');
    const qz = zj?.children?.find((n) => n.value === '330800');
    expect(qz?.children?.map((n) => n.label)).toContain('开化县');
    expect(qz?.children?.[0]?.children).toBeUndefined();
  });

  it('creates a project in a real county, refusing bad area codes and duplicate codes', async () => {
    const created = await t.api<ProjectItem>('POST', '/api/project/add', { token: admin, body: newProject });
    expect(created.value).toMatchObject({
      code: 'CA2026',
      areaPath: '浙江省 / 杭州市 / 淳安县',
      sectionCount: 0,
    });
    const dup = await t.api('POST', '/api/project/add', { token: admin, body: newProject });
    expect(dup).toMatchObject({ code: ErrorCode.conflict, message: '项目编码 CA2026 已存在' });
    const badArea = await t.api('POST', '/api/project/add', {
      token: admin,
      body: { ...newProject, code: 'XX2026', areaCode: '339999' },
    });
    expect(badArea.message).toBe('行政区划编码 339999 不存在');
    const province = await t.api('POST', '/api/project/add', {
      token: admin,
      body: { ...newProject, code: 'XX2027', areaCode: '330000' },
    });
    expect(province.code).toBe(ErrorCode.validation);
    const list = await t.api<{ list: ProjectItem[]; total: number }>('POST', '/api/project/list', {
      token: admin,
      body: { areaCode: '3308' },
    });
    const [kh2026, js2026] = [await holdings('KH2026'), await holdings('JS2026')];
    expect(list.value.list.map((p) => [p.code, p.sectionCount, p.memberCount])).toEqual([
      ['KH2026', kh2026.sections, kh2026.members],
      ['JS2026', js2026.sections, js2026.members],
    ]);
    // The demo as seeded, whichever tests ran before: three sections each, five and two members.
    expect(kh2026.sections).toBeGreaterThanOrEqual(3);
    expect(js2026).toEqual({ sections: 3, members: 2 });
  });

  it('lets a project administrator edit their project’s basics, not another one’s', async () => {
    await ensureNewProject();
    const res = await t.api<ProjectItem>('POST', '/api/project/addPrj1', {
      token: kh,
      body: { code: 'KH2026', name: '开化县2026年度疫木除治项目（调整）', areaCode: '330824', year: 2026 },
    });
    expect(res.value.name).toBe('开化县2026年度疫木除治项目（调整）');
    const other = await t.api('POST', '/api/project/addPrj1', {
      token: kh,
      body: { ...newProject, name: '改别人的' },
    });
    expect(other.code).toBe(ErrorCode.forbidden);
    const detail = await t.api('GET', '/api/project/detail?prjCode=JS2026', { token: kh });
    expect(detail.code).toBe(ErrorCode.forbidden);
  });

  it('answers the selected project, the user’s projects, the measures and the burn-point project tree', async () => {
    const shown = await t.api<ProjectItem>('GET', '/api/project/showPrj1', { token: kh });
    expect(shown.value).toMatchObject({ code: 'KH2026', areaPath: '浙江省 / 衢州市 / 开化县' });
    const mine = await t.api<{ list: ProjectItem[]; total: number }>('POST', '/api/project/prj1List', {
      token: kh,
      body: {},
    });
    expect(mine.value.list.map((p) => p.code).sort()).toEqual(['JS2026', 'KH2026']);
    const found = await t.api<{ list: ProjectItem[]; total: number }>('POST', '/api/project/prj1List', {
      token: kh,
      body: { keyword: '江山', pageSize: 1 },
    });
    expect(found.value).toMatchObject({ total: 1, list: [{ code: 'JS2026' }] });
    const supervisor = await t.signIn('demo_jianli', 'pine2026');
    const theirs = await t.api<{ total: number }>('POST', '/api/project/prj1List', {
      token: supervisor,
      body: {},
    });
    expect(theirs.value.total).toBe(1);

    const measures = await t.api<{ code: string; standardTableCode: string }[]>(
      'GET',
      '/api/project/fzcsList',
      {
        token: kh,
      },
    );
    expect(measures.value.map((m) => [m.code, m.standardTableCode])).toEqual([
      ['cfcz', 'gbcfcz0101'],
      ['ymfs', 'gbymfs0101'],
      ['ksdc', 'gbksdc0101'],
      ['ycjc', 'gbycjc0101'],
    ]);
    const forAdd = await t.api('GET', '/api/project/listFzcs4AddPrj1', { token: kh });
    expect(forAdd.value).toEqual(measures.value);

    // The burn-point tree: areas down to the county, each project as a leaf under its county.
    const tree = await t.api<{ value: string; type: string; children?: unknown[] }[]>(
      'GET',
      '/api/user/prjTree4Fsdgl',
      { token: supervisor },
    );
    const leaves = (nodes: { value: string; type: string; children?: unknown[] }[]): string[] =>
      nodes.flatMap((n) => (n.type === 'project' ? [n.value] : leaves((n.children ?? []) as typeof nodes)));
    expect(tree.value.map((n) => n.value)).toEqual(['330000']);
    expect(leaves(tree.value)).toEqual(['KH2026']);
  });

  it('sets control measures and serves their standard tables with column descriptors', async () => {
    const bad = await t.api('POST', '/api/project/setUpType', {
      token: kh,
      body: { prjCode: 'KH2026', measureCodes: ['nope'] },
    });
    expect(bad.message).toBe('防治措施 nope 不存在');
    const set = await t.api<{ code: string }[]>('POST', '/api/project/setUpType', {
      token: kh,
      body: { prjCode: 'KH2026', measureCodes: ['cfcz', 'ymfs', 'ycjc'] },
    });
    expect(set.value.map((m) => m.code)).toEqual(['cfcz', 'ymfs', 'ycjc']);
    const tables = await t.api<StandardTableItem[]>('POST', '/api/project/prj1StandCodeList', {
      token: kh,
      body: { prjCode: 'KH2026' },
    });
    expect(tables.value.map((tb) => tb.code)).toEqual(['gbcfcz0101', 'gbycjc0101', 'gbymfs0101']);
    const burn = tables.value.find((tb) => tb.code === 'gbymfs0101')!;
    expect(burn.columns.find((c) => c.code === 'yimushuliang')).toMatchObject({
      value: '疫木数量',
      fldInput: 'number',
      rules: { required: true, min: 0 },
    });
    expect(burn.columns.filter((c) => c.fldInput === 'photo').every((c) => c.code.startsWith('pic_'))).toBe(
      true,
    );
  });

  it('ships the demo reporting factors, each valid as the factor form would save it', async () => {
    const factors = await t.api<{ code: string; value: string }[]>('GET', '/api/yinzi/list', {
      token: admin,
    });
    expect(factors.value.map((f) => f.value)).toEqual(
      expect.arrayContaining(['天气', '小班号', '作业人数', '海拔']),
    );
    for (const factor of factors.value) expect(saveFactorBody.safeParse(factor).success).toBe(true);
  });

  it('bounds the metadata lists: a new factor beyond the limit is refused, editing one is not', async () => {
    const factors = await t.api<{ code: string }[]>('GET', '/api/yinzi/list', { token: admin });
    const saved = metadataLimits.factors;
    metadataLimits.factors = factors.value.length;
    try {
      const body = { code: 'shuliang_new', value: '数量', fldInput: 'number' };
      const refused = await t.api('POST', '/api/yinzi/save', { token: admin, body });
      expect(refused.code).toBe(ErrorCode.validation);
      expect(refused.message).toBe(`上报因子最多 ${factors.value.length} 个，请先删除不用的因子`);
      const edit = await t.api('POST', '/api/yinzi/save', {
        token: admin,
        body: { code: 'haiba', value: '海拔高度', fldInput: 'number', rules: { unit: 'm' } },
      });
      expect(edit.code).toBe(0);
    } finally {
      metadataLimits.factors = saved;
    }
  });

  it('validates column descriptors and retires a removed field instead of losing it', async () => {
    const wrongPrefix = await t.api('POST', '/api/standard/saveColumn', {
      token: admin,
      body: { tableCode: 'gbymfs0101', code: 'photo_x', value: '照片', fldInput: 'photo' },
    });
    expect(wrongPrefix.message).toBe('字段编码前缀须与类型一致：照片 pic_、视频 vdo_、多选 multi_');
    const unsafe = await t.api('POST', '/api/standard/saveColumn', {
      token: admin,
      body: { tableCode: 'gbymfs0101', code: 'x"; drop table users;--', value: '坏', fldInput: 'text' },
    });
    expect(unsafe.code).toBe(ErrorCode.validation);
    const noOptions = await t.api('POST', '/api/standard/saveColumn', {
      token: admin,
      body: { tableCode: 'gbymfs0101', code: 'fsfs', value: '焚烧方式', fldInput: 'select' },
    });
    expect(noOptions.message).toBe('单选和多选字段须至少有一个选项');
    const added = await t.api('POST', '/api/standard/saveColumn', {
      token: admin,
      body: {
        tableCode: 'gbymfs0101',
        code: 'fsfs',
        value: '焚烧方式',
        fldInput: 'select',
        sort: 65,
        rules: {
          options: [
            { value: '集中焚烧', label: '集中焚烧' },
            { value: '就地焚烧', label: '就地焚烧' },
          ],
        },
      },
    });
    expect(added.code).toBe(0);
    expect(
      (
        await t.api('POST', '/api/standard/retireColumn', {
          token: admin,
          body: { tableCode: 'gbymfs0101', code: 'fsfs' },
        })
      ).message,
    ).toBe('已停用');
    const all = await t.api<StandardTableItem[]>('GET', '/api/standard/list', { token: kh });
    expect(
      all.value.find((tb) => tb.code === 'gbymfs0101')?.columns.find((c) => c.code === 'fsfs')?.retired,
    ).toBe(true);
    const active = await t.api<StandardTableItem[]>('POST', '/api/project/prj1StandCodeList', {
      token: kh,
      body: { prjCode: 'KH2026' },
    });
    expect(active.value.find((tb) => tb.code === 'gbymfs0101')?.columns.some((c) => c.code === 'fsfs')).toBe(
      false,
    );
    const byProjectAdmin = await t.api('POST', '/api/standard/saveTable', {
      token: kh,
      body: { code: 'gbtest0101', name: '测试' },
    });
    expect(byProjectAdmin.code).toBe(ErrorCode.forbidden);
  });

  it('keeps sections inside the project’s area, with a manager from the project', async () => {
    const list = await t.api<{ list: SectionItem[]; total: number }>('POST', '/api/project/prj1BDList', {
      token: kh,
      body: {},
    });
    expect(list.value.total).toBe(3);
    expect(list.value.list[0]).toMatchObject({
      code: 'KH-BD01',
      managerName: '余志强',
      areaNames: ['华埠镇', '池淮镇'],
    });
    const outside = await t.api('POST', '/api/project/updateBdInfo', {
      token: kh,
      body: { code: 'KH-BD04', name: '第四标段', areaCodes: ['330881121'] },
    });
    expect(outside.message).toBe('乡镇 330881121 不在项目所在地区内');
    const added = await t.api<SectionItem>('POST', '/api/project/updateBdInfo', {
      token: kh,
      body: {
        code: 'KH-BD04',
        name: '第四标段（苏庄镇）',
        contractor: '开化县林安工程队',
        areaCodes: ['330824108'],
        plannedTrees: 3000,
      },
    });
    expect(added.value).toMatchObject({ areaNames: ['苏庄镇'], plannedTrees: 3000 });
    const dup = await t.api('POST', '/api/project/updateBdInfo', {
      token: kh,
      body: { code: 'KH-BD04', name: '重复' },
    });
    expect(dup.message).toBe('标段编码 KH-BD04 已存在');
    const one = await t.api<SectionItem>('GET', `/api/project/selectBDInfo?id=${added.value.id}`, {
      token: kh,
    });
    expect(one.value.name).toBe('第四标段（苏庄镇）');
  });

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

  it('deletes a section of the selected project only', async () => {
    const added = await t.api<SectionItem>('POST', '/api/project/updateBdInfo', {
      token: kh,
      body: { code: 'KH-TMP', name: '误建标段' },
    });
    const removed = await t.api('POST', '/api/project/delBdInfo', {
      token: kh,
      body: { id: added.value.id },
    });
    expect(removed).toMatchObject({ code: 0, message: '删除成功' });
    const gone = await t.api('GET', `/api/project/selectBDInfo?id=${added.value.id}`, { token: kh });
    expect(gone.code).toBe(ErrorCode.notFound);
    const [foreign] = await t.deps.database.db
      .select()
      .from(sections)
      .where(eq(sections.projectCode, 'JS2026'))
      .limit(1);
    const refused = await t.api('POST', '/api/project/delBdInfo', { token: kh, body: { id: foreign!.id } });
    expect(refused.code).toBe(ErrorCode.notFound);
  });

  it('bounds the sections of a project', async () => {
    const db = t.deps.database.db;
    const existing = await t.api<{ total: number }>('POST', '/api/project/prj1BDList', {
      token: kh,
      body: {},
    });
    const room = maxSectionsPerProject - existing.value.total;
    await db.insert(sections).values(
      Array.from({ length: room }, (_, i) => ({
        projectCode: 'KH2026',
        code: `FILL-${i}`,
        name: `填充${i}`,
      })),
    );
    const refused = await t.api('POST', '/api/project/updateBdInfo', {
      token: kh,
      body: { code: 'KH-OVER', name: '超出' },
    });
    expect(refused.message).toBe(`每个项目最多 ${maxSectionsPerProject} 个标段`);
    const first = await t.api<{ list: SectionItem[] }>('POST', '/api/project/prj1BDList', {
      token: kh,
      body: {},
    });
    const edited = await t.api('POST', '/api/project/updateBdInfo', {
      token: kh,
      body: { ...first.value.list[0]!, name: '仍可修改' },
    });
    expect(edited.code).toBe(0);
    await db.delete(sections).where(like(sections.code, 'FILL-%'));
  });

  it('keeps the code of a section in use (workers name it), while its name may change', async () => {
    const list = await t.api<{ list: SectionItem[] }>('POST', '/api/project/prj1BDList', {
      token: kh,
      body: {},
    });
    const bd1 = list.value.list.find((x) => x.code === 'KH-BD01')!;
    const renamed = await t.api('POST', '/api/project/updateBdInfo', {
      token: kh,
      body: { ...bd1, code: 'KH-BD01X' },
    });
    expect(renamed.code).toBe(ErrorCode.conflict);
    expect(renamed.message).toMatch(/^标段编码已被使用（.*劳务人员.*），不能修改；可以修改标段名称$/);
    const named = await t.api('POST', '/api/project/updateBdInfo', {
      token: kh,
      body: { ...bd1, name: `${bd1.name}` },
    });
    expect(named.code).toBe(0);
  });

  it('measures storage per kind and refuses deleting a project with data', async () => {
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
    const res = new Response(form);
    await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: kh, 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    const usage = await t.api('POST', '/api/project/storeUsageDataList', { token: kh, body: {} });
    // The demo's workers bring their ID card and face photos; this upload is the one photo.
    expect(usage.value).toContainEqual({ kind: 'photo', files: 1, bytes: png.length });
    const refused = await t.api('POST', '/api/project/delete', { token: admin, body: { prjCode: 'KH2026' } });
    expect(refused.code).toBe(ErrorCode.conflict);
    const held = await holdings('KH2026');
    expect(refused.message).toMatch(
      new RegExp(
        `^项目仍有 ${held.sections} 个标段、${held.members} 名成员、\\d+ 个文件、\\d+ 名劳务人员，不能删除；请先移走这些内容（空项目删除后归档，可由超级管理员恢复）$`,
      ),
    );
    const inEnglish = await t.api('POST', '/api/project/delete', {
      token: admin,
      body: { prjCode: 'KH2026' },
      headers: { 'accept-language': 'en' },
    });
    expect(inEnglish.message).toMatch(
      new RegExp(
        `^The project still holds ${held.sections} section\\(s\\), ${held.members} member\\(s\\), \\d+ file\\(s\\), \\d+ worker\\(s\\) and`,
      ),
    );
    const stillThere = await t.api<{ total: number }>('POST', '/api/project/list', {
      token: admin,
      body: { keyword: 'KH2026' },
    });
    expect(stillThere.value.total).toBe(1);
  });

  it('archives an empty project (hidden, restorable by the super administrator) and refuses one with sections', async () => {
    const empty = { code: 'AR2026', name: '归档测试项目', areaCode: '330127' };
    expect((await t.api('POST', '/api/project/add', { token: admin, body: empty })).code).toBe(0);
    const withSection = { code: 'AS2026', name: '有标段的项目', areaCode: '330127' };
    await t.api('POST', '/api/project/add', { token: admin, body: withSection });
    await t.deps.database.db.insert(sections).values({ projectCode: 'AS2026', code: 'AS-1', name: '一标段' });
    const refused = await t.api('POST', '/api/project/delete', { token: admin, body: { prjCode: 'AS2026' } });
    expect(refused.message).toMatch(/^项目仍有 1 个标段，不能删除/);

    const archived = await t.api('POST', '/api/project/delete', {
      token: admin,
      body: { prjCode: 'AR2026' },
    });
    expect(archived).toMatchObject({ code: 0, message: '项目已归档' });
    const gone = await t.api('POST', '/api/project/list', { token: admin, body: { keyword: 'AR2026' } });
    expect(gone.value).toEqual({ list: [], total: 0 });
    const detail = await t.api('GET', '/api/project/detail?prjCode=AR2026', { token: admin });
    expect(detail.code).not.toBe(0);
    const shelf = await t.api<{ list: ProjectItem[] }>('POST', '/api/project/list', {
      token: admin,
      body: { archived: true },
    });
    expect(shelf.value.list.map((p) => p.code)).toEqual(['AR2026']);
    expect(shelf.value.list[0]!.archivedAt).not.toBeNull();

    const byKh = await t.api('POST', '/api/project/restore', { token: kh, body: { prjCode: 'AR2026' } });
    expect(byKh.code).toBe(ErrorCode.forbidden);
    const restored = await t.api<ProjectItem>('POST', '/api/project/restore', {
      token: admin,
      body: { prjCode: 'AR2026' },
    });
    expect(restored).toMatchObject({
      code: 0,
      message: '项目已恢复',
      value: { code: 'AR2026', archivedAt: null },
    });
    const back = await t.api<{ total: number }>('POST', '/api/project/list', {
      token: admin,
      body: { keyword: 'AR2026' },
    });
    expect(back.value.total).toBe(1);
    const again = await t.api('POST', '/api/project/restore', { token: admin, body: { prjCode: 'AR2026' } });
    expect(again.code).toBe(ErrorCode.notFound);
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

// Its own app and data, so it passes alone (-t "main-project store") and in any order.
describe('main-project store', () => {
  let t: TestApp;
  let kh: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.initAdmin({ demo: true });
    kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
    const measures = await t.api('POST', '/api/project/setUpType', {
      token: kh,
      body: { prjCode: 'KH2026', measureCodes: ['cfcz', 'ymfs', 'ycjc'] },
    });
    const section = await t.api('POST', '/api/project/updateBdInfo', {
      token: kh,
      body: { code: 'KH-BD04', name: '第四标段（苏庄镇）', areaCodes: ['330824108'] },
    });
    if (measures.code || section.code) throw new Error('main-project store: setup failed');
  });
  afterAll(() => t.close());

  it('returns the main-project store in one call, to project readers only', async () => {
    const res = await t.api<MainStore>('GET', '/api/project/mainStore', { token: kh });
    expect(res.value.data).toMatchObject({ code: 'KH2026', sectionCount: 4 });
    expect(res.value.sections).toHaveLength(4);
    expect(res.value.areaTree).toHaveLength(14);
    expect(res.value.checkedMeasures).toEqual(['cfcz', 'ycjc', 'ymfs']);
    expect(res.value.measures).toHaveLength(4);
    expect(res.value.admins.map((a) => a.account)).toEqual(['demo_admin']);
    expect(res.value.userTotal).toBe(5);
    expect(res.value.users).toHaveLength(5);
    expect(res.value.managers.map((m) => m.account)).toEqual(['demo_bd']);
    const worker = await t.signIn('demo_worker', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: worker, body: { prjCode: 'KH2026' } });
    const refused = await t.api('GET', '/api/project/mainStore', { token: worker });
    expect(refused.code).toBe(ErrorCode.forbidden);
  });
});
