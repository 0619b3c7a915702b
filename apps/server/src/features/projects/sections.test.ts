import { ErrorCode, maxSectionsPerProject, type SectionItem } from '@pineguard/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { demoProjectAdmins } from './testKit.ts';
import { sections } from '../../db/schema/index.ts';

// A project's sections (标段): inside its area, bounded in number, deleted or renamed only while nothing names their code.
describe('sections of a project', () => {
  let t: TestApp;
  let kh: string;

  beforeAll(async () => {
    ({ t, kh } = await demoProjectAdmins());
  });
  afterAll(() => t.close());

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
});
