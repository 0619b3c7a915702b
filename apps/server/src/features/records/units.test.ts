import { randomUUID } from 'node:crypto';
import { type CollectResult, ErrorCode } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signInTo, uploadPhoto } from '../../../test/records.ts';

type Refusal = { fields: { field: string; message: string }[] };

/**
 * Units and whole counts on every way in (issue 26): the field app's batch, the PC upload, the
 * correction screens. A refused record stores nothing; the rest of its batch is stored; never a 5xx.
 */
describe('records: units and whole counts on every write path', () => {
  let t: TestApp;
  let admin: string;
  let photo: string;

  // A day no demo data holds: the rollup's sums of that day are this test's records alone.
  const at = '2024-07-01T09:30:00+08:00';
  const record = (tableCode: string, fields: Record<string, unknown>) => ({
    uuid: randomUUID(),
    tableCode,
    sectionCode: 'KH-BD01',
    timeSubmit: at,
    gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
    fields,
  });
  const census = (kssl: unknown) =>
    record('gbksdc0101', { kssl, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: photo });
  const burn = (yimushuliang: unknown, jldw: string) =>
    record('gbymfs0101', {
      fsd: '1号焚烧点',
      yimushuliang,
      jldw,
      fssj: '2024-07-01',
      pic_before: photo,
      pic_burning: photo,
    });
  const trap = (tnsl: unknown) =>
    record('gbycjc0101', { ybqbh: 'YB-001', jcrq: '2024-07-01', tnsl, pic_trap: photo });
  const collect = (records: unknown[], lang = 'zh-CN') =>
    t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token: admin,
      body: { records },
      headers: { lang },
    });
  const stored = async (ids: string[]) =>
    (
      (await t.deps.database.db.execute(
        sql`select id::text as id, fields from records where id in ${ids}`,
      )) as unknown as { rows: { id: string; fields: Record<string, unknown> }[] }
    ).rows;
  const detail = async (id: string) =>
    (
      await t.api<{ data: Record<string, unknown> }>('POST', '/api/sync/queryDataDetail', {
        token: admin,
        body: { id },
      })
    ).value.data;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    const sys = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: sys, body: { prjCode: 'KH2026' } });
    const set = await t.api('POST', '/api/project/setUpType', {
      token: sys,
      body: { prjCode: 'KH2026', measureCodes: ['cfcz', 'ymfs', 'ksdc', 'ycjc'] },
    });
    expect(set.code).toBe(0);
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    photo = await uploadPhoto(t, admin);
  });
  afterAll(() => t.close());

  it('field app batch: refuses fractional trees and insects, bad quantities and units, naming the field; stores the rest', async () => {
    const batch = [
      census(10.6),
      census(10),
      burn(32.2, '株'),
      burn(32, '株'),
      burn(201.2, '吨'),
      burn(12.75, '立方米'),
      burn(-1, '吨'),
      burn(900, '吨'),
      burn(3, '公斤'),
      trap(2.5),
      trap(2),
    ];
    const res = await collect(batch);
    expect(res.code).toBe(0);
    const results = res.value.results;
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'created',
      'rejected',
      'created',
      'created',
      'created',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'created',
    ]);
    const errorOf = (i: number) => results[i]!.errors;
    expect(errorOf(0)).toEqual([{ field: 'kssl', message: '枯死株数以“株”计，须为整数，不能为 10.6' }]);
    expect(errorOf(2)).toEqual([
      { field: 'yimushuliang', message: '疫木数量以“株”计，须为整数，不能为 32.2' },
    ]);
    expect(errorOf(6)).toEqual([{ field: 'yimushuliang', message: '疫木数量不能小于 0' }]);
    expect(errorOf(7)).toEqual([{ field: 'yimushuliang', message: '疫木数量不能大于 500 吨' }]);
    expect(errorOf(8)).toEqual([{ field: 'jldw', message: '计量单位的值“公斤”不在选项中' }]);
    expect(errorOf(9)).toEqual([{ field: 'tnsl', message: '天牛数量以“头”计，须为整数，不能为 2.5' }]);

    // Nothing of a refused record is stored; the others are, with their numbers as numbers.
    const rows = await stored(batch.map((r) => r.uuid));
    expect(rows.map((r) => r.id).sort()).toEqual([1, 3, 4, 5, 10].map((i) => batch[i]!.uuid).sort());
    const byId = new Map(rows.map((r) => [r.id, r.fields]));
    expect(byId.get(batch[4]!.uuid)).toMatchObject({ yimushuliang: 201.2, jldw: '吨' });

    // English speakers read the same refusal in English.
    const en = await collect([census(1.5)], 'en');
    expect(en.value.results[0]!.errors).toEqual([
      { field: 'kssl', message: '枯死株数 is counted in 株 and must be a whole number, not 1.5' },
    ]);
  });

  it('the rollup keeps trees whole and tons and m³ apart', async () => {
    const sums = (
      (await t.deps.database.db.execute(
        sql`select table_code, sum(qty)::float8 as qty, sum(tons)::float8 as tons, sum(m3)::float8 as m3
            from record_counts where project_code = 'KH2026' and day = '2024-07-01'
              and table_code in ('gbymfs0101', 'gbksdc0101')
            group by table_code order by table_code`,
      )) as unknown as { rows: { table_code: string; qty: number; tons: number; m3: number }[] }
    ).rows;
    expect(sums).toEqual([
      { table_code: 'gbksdc0101', qty: 10, tons: 0, m3: 0 },
      { table_code: 'gbymfs0101', qty: 32, tons: 201.2, m3: 12.75 },
    ]);
  });

  it('PC upload: refuses a fractional count with the field named, stores nothing', async () => {
    const count = async () =>
      (
        (await t.deps.database.db.execute(sql`select count(*)::int as n from records`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const before = await count();
    const pc = await t.api<Refusal>('POST', '/api/sync/uploadData4PC', {
      token: admin,
      body: {
        tbName: 'gbksdc0101',
        data: {
          code_project4: 'KH-BD01',
          kssl: '4.5',
          shuzhong: '马尾松',
          dcfs: '地面调查',
          pic_tree: photo,
        },
      },
    });
    expect(pc.code).toBe(ErrorCode.validation);
    expect(pc.message).toBe('枯死株数以“株”计，须为整数，不能为 4.5');
    expect(await count()).toBe(before);
    const ok = await t.api<{ id: string }>('POST', '/api/sync/uploadData4PC', {
      token: admin,
      body: {
        tbName: 'gbymfs0101',
        data: {
          code_project4: 'KH-BD01',
          fsd: '1号焚烧点',
          yimushuliang: '3.5',
          jldw: '立方米',
          fssj: '2026-11-20',
          pic_before: photo,
          pic_burning: photo,
        },
      },
    });
    expect(ok.code).toBe(0);
    expect((await detail(ok.value.id)).yimushuliang).toBe(3.5);
  });

  it('corrections: a count stays whole, a quantity fits its stored unit, a new unit fits the stored quantity', async () => {
    const counted = census(4);
    const trees = burn(20, '株');
    const tons = burn(12.5, '吨');
    expect((await collect([counted, trees, tons])).value.results.every((r) => r.status === 'created')).toBe(
      true,
    );

    const update = (id: string, fields: Record<string, unknown>) =>
      t.api<Refusal>('POST', '/api/data/update', { token: admin, body: { id, fields, reason: '复核' } });
    const ymfs = (id: string, yimushuliang: unknown) =>
      t.api<Refusal>('POST', '/api/data/updateYmfs', { token: admin, body: { id, yimushuliang } });

    const fractional = await update(counted.uuid, { kssl: 4.5 });
    expect(fractional.code).toBe(ErrorCode.validation);
    expect(fractional.value.fields).toEqual([
      { field: 'kssl', message: '枯死株数以“株”计，须为整数，不能为 4.5' },
    ]);
    expect((await detail(counted.uuid)).kssl).toBe(4);

    // 疫木数量 alone: the record's stored unit decides.
    const halfTree = await ymfs(trees.uuid, 19.5);
    expect(halfTree.code).toBe(ErrorCode.validation);
    expect(halfTree.message).toBe('疫木数量以“株”计，须为整数，不能为 19.5');
    expect((await ymfs(tons.uuid, 11.25)).code).toBe(0);
    expect((await detail(tons.uuid)).yimushuliang).toBe(11.25);
    const tooMuch = await ymfs(tons.uuid, 800);
    expect(tooMuch.message).toBe('疫木数量不能大于 500 吨');

    // The unit alone: 11.25 吨 cannot become 11.25 株; both together can.
    const toTrees = await update(tons.uuid, { jldw: '株' });
    expect(toTrees.code).toBe(ErrorCode.validation);
    expect(toTrees.value.fields).toEqual([
      { field: 'yimushuliang', message: '疫木数量以“株”计，须为整数，不能为 11.25' },
    ]);
    expect((await update(tons.uuid, { jldw: '株', yimushuliang: 11 })).code).toBe(0);
    expect(await detail(tons.uuid)).toMatchObject({ jldw: '株', yimushuliang: 11 });
    const badUnit = await update(trees.uuid, { jldw: '车' });
    expect(badUnit.value.fields).toEqual([{ field: 'jldw', message: '计量单位的值“车”不在选项中' }]);
    expect((await detail(trees.uuid)).jldw).toBe('株');
  });
});
