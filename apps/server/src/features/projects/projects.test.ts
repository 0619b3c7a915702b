import { type AreaNode, ErrorCode, type MainStore, type ProjectItem } from '@pineguard/contract';
import { and, count, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { demoProjectAdmins } from './testKit.ts';
import { areas, sections, userProjectRoles, users } from '../../db/schema/index.ts';

// Projects themselves and their areas. Beside this file: sections.test.ts, members.test.ts,
// measures.test.ts (control measures and standard tables), assignments and boundaries.

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('projects and their areas', () => {
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
    ({ t, admin, kh } = await demoProjectAdmins());
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
});

// Its own app and data, so it passes alone (-t "main-project store") and in any order.
describe('main-project store', () => {
  let t: TestApp;
  let kh: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
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
