import { randomUUID } from 'node:crypto';
import { ErrorCode, type MeasureItem, type StandardTableItem } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

/** Custom standard tables: retired as columns are, and attached to projects through a measure (issue 12 item 17). */
describe('custom standard tables: retire and attach to control measures', () => {
  let t: TestApp;
  let sys: string;
  let worker: string;

  const saveTable = (code: string) =>
    t.api('POST', '/api/standard/saveTable', { token: sys, body: { code, name: `自定义${code}` } });
  const saveColumn = (tableCode: string) =>
    t.api('POST', '/api/standard/saveColumn', {
      token: sys,
      body: { tableCode, code: 'shuliang', value: '数量', fldInput: 'number' },
    });
  const retire = (code: string, token = sys) =>
    t.api('POST', '/api/standard/retireTable', { token, body: { code } });
  const measures = async () =>
    (await t.api<MeasureItem[]>('GET', '/api/project/fzcsList', { token: sys })).value;
  const tables = async () =>
    (await t.api<StandardTableItem[]>('GET', '/api/standard/list', { token: sys })).value;
  const chosen = async (prjCode: string) =>
    (
      await t.api<StandardTableItem[]>('POST', '/api/project/prj1StandCodeList', {
        token: sys,
        body: { prjCode },
      })
    ).value;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    sys = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: sys, body: { prjCode: 'KH2026' } });
    worker = await t.signIn('demo_worker', 'pine2026', 1);
    await t.api('POST', '/api/user/selectProject', { token: worker, body: { prjCode: 'KH2026' } });
  });
  afterAll(() => t.close());

  it('retires an unused custom table: still listed as retired, offered nowhere; saving it again brings it back', async () => {
    expect((await saveTable('zdyb0001')).code).toBe(0);
    expect((await saveColumn('zdyb0001')).code).toBe(0);
    const made = await t.api<MeasureItem>('POST', '/api/standard/saveMeasure', {
      token: sys,
      body: { code: 'zdy_cs1', name: '自定义措施', standardTableCode: 'zdyb0001' },
    });
    expect(made.code).toBe(0);
    expect(made.value).toMatchObject({ standardTableCode: 'zdyb0001', builtIn: false });
    expect((await measures()).map((m) => m.code)).toContain('zdy_cs1');

    const res = await retire('zdyb0001');
    expect(res.code).toBe(0);
    const table = (await tables()).find((x) => x.code === 'zdyb0001');
    expect(table).toMatchObject({ retired: true });
    expect(table!.columns.map((c) => c.code)).toEqual(['shuliang']);
    // Its measure went with it; a second retirement finds nothing.
    expect((await measures()).map((m) => m.code)).not.toContain('zdy_cs1');
    expect((await retire('zdyb0001')).code).toBe(ErrorCode.notFound);
    // A measure cannot point at a retired table.
    const refused = await t.api('POST', '/api/standard/saveMeasure', {
      token: sys,
      body: { code: 'zdy_cs2', name: '又一个', standardTableCode: 'zdyb0001' },
    });
    expect(refused.code).toBe(ErrorCode.validation);
    expect(refused.message).toContain('zdyb0001');

    expect((await saveTable('zdyb0001')).code).toBe(0);
    expect((await tables()).find((x) => x.code === 'zdyb0001')).toMatchObject({ retired: false });
  });

  it('refuses built-in tables and measures, and callers without the system role', async () => {
    const builtIn = await retire('gbksdc0101');
    expect(builtIn.code).toBe(ErrorCode.validation);
    const measure = (await measures())[0]!;
    const edit = await t.api('POST', '/api/standard/saveMeasure', {
      token: sys,
      body: { code: measure.code, name: '改名', standardTableCode: 'zdyb0001' },
    });
    expect(edit.code).toBe(ErrorCode.validation);
    expect((await retire('zdyb0001', worker)).code).toBe(ErrorCode.forbidden);
  });

  it('attaches a custom table to a project through its measure, then refuses to retire it while used or holding records', async () => {
    expect((await saveTable('zdyb0002')).code).toBe(0);
    expect((await saveColumn('zdyb0002')).code).toBe(0);
    await t.api('POST', '/api/standard/saveMeasure', {
      token: sys,
      body: { code: 'zdy_cs3', name: '林下清理', standardTableCode: 'zdyb0002' },
    });
    const before = (await chosen('KH2026')).map((x) => x.code);
    const current = (await measures()).filter((m) => before.includes(m.standardTableCode)).map((m) => m.code);
    const set = await t.api('POST', '/api/project/setUpType', {
      token: sys,
      body: { prjCode: 'KH2026', measureCodes: [...current, 'zdy_cs3'] },
    });
    expect(set.code).toBe(0);
    expect((await chosen('KH2026')).map((x) => x.code)).toContain('zdyb0002');

    const used = await retire('zdyb0002');
    expect(used.code).toBe(ErrorCode.conflict);
    expect(used.message).toBe('标准表仍被 1 个项目的防治措施 使用，不能停用');

    // The field app collects a record with it; dropping the measure still leaves the records.
    const collected = await t.api<{ results: { status: string }[] }>('POST', '/api/collect/records', {
      token: worker,
      body: {
        records: [
          {
            uuid: randomUUID(),
            tableCode: 'zdyb0002',
            sectionCode: 'KH-BD01',
            timeSubmit: '2026-11-20T09:30:00+08:00',
            gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
            fields: { shuliang: 4 },
          },
        ],
      },
    });
    expect(collected.value.results[0]!.status).toBe('created');
    await t.api('POST', '/api/project/setUpType', {
      token: sys,
      body: { prjCode: 'KH2026', measureCodes: current },
    });
    const held = await t.api('POST', '/api/standard/retireTable', {
      token: sys,
      body: { code: 'zdyb0002' },
      headers: { lang: 'en' },
    });
    expect(held.code).toBe(ErrorCode.conflict);
    expect(held.message).toBe(
      'The standard table is still used by 1 collected record(s) and cannot be retired',
    );
  });
});
