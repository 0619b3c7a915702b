import { randomUUID } from 'node:crypto';
import { type QueryDataListValue, type RecordDetail } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { census, type RecordsBed, recordsBed } from '../../../test/records.ts';

describe('records: tree-quantity calls, columns and what records hold', () => {
  let t: TestApp;
  let sys: string;
  let admin: string;
  let jianli: string;
  let bd: string;
  let worker: string;
  let photoId: string;
  let collect: RecordsBed['collect'];

  beforeAll(async () => {
    ({ t, sys, admin, jianli, bd, worker, photoId, collect } = await recordsBed());
  });
  afterAll(() => t.close());

  it('serves the tree-quantity calls, columns, upload columns and examiners', async () => {
    const burn = {
      uuid: randomUUID(),
      tableCode: 'gbymfs0101',
      sectionCode: 'KH-BD02',
      timeSubmit: '2026-11-21T10:00:00+08:00',
      gps: { long: 118.4, lat: 29.1 },
      fields: {
        fsd: '2号焚烧点',
        yimushuliang: 30,
        jldw: '株',
        fssj: '2026-11-21',
        pic_before: photoId,
        pic_burning: [photoId],
      },
    };
    expect((await collect(worker, [burn])).value.results[0]?.status).toBe('created');
    const ymfsList = await t.api<QueryDataListValue>('POST', '/api/sync/queryYmfsList', {
      token: jianli,
      body: { pageNum: 1, pageSize: 10 },
    });
    expect(ymfsList.value.result.list[0]?.yimushuliang).toBe(30);
    const upd = await t.api('POST', '/api/data/updateYmfs', {
      token: jianli,
      body: {
        id: burn.uuid,
        projectCode: 'KH2026',
        yimushuliang: 28,
        tableCode: 'gbymfs0101',
        beizhu: '复核减少',
      },
    });
    expect(upd.code).toBe(0);
    const exam = await t.api('POST', '/api/data/examineYmfs', {
      token: jianli,
      body: { code_result: 20, pid: burn.uuid, extras: '' },
    });
    expect(exam.code).toBe(0);
    const detail = await t.api<{
      yimushuliang: number;
      beizhu: string;
      table_code: string;
      data: RecordDetail;
    }>('GET', `/api/sync/queryYmfsDetail?id=${burn.uuid}`, { token: jianli });
    expect(detail.value).toMatchObject({ yimushuliang: 28, beizhu: '复核减少', table_code: 'gbymfs0101' });
    expect(detail.value.data.code_state).toBe('20');
    expect(detail.value.data.media.map((m) => m.field)).toEqual(['pic_before', 'pic_burning']);
    const cols = await t.api<{ code: string }[]>('POST', '/api/data/columnList', {
      token: jianli,
      body: { prjStandCode: 'gbymfs0101' },
    });
    expect(cols.value.map((c) => c.code)).toContain('yimushuliang');
    const upCols = await t.api<{ tbName: string; sections: unknown[] }>('POST', '/api/data/uploadColumns', {
      token: admin,
      body: { prjCode: 'KH2026', fzcs: 'ksdc' },
    });
    expect(upCols.value.tbName).toBe('gbksdc0101');
    expect(upCols.value.sections).toHaveLength(3);
    const bdCols = await t.api<{ sections: { code: string }[] }>('POST', '/api/data/uploadColumns', {
      token: bd,
      body: { prjCode: 'KH2026' },
    });
    expect(bdCols.value.sections.map((x) => x.code)).toEqual(['KH-BD01']);
    const examiners = await t.api<{ name: string }[]>('POST', '/api/sync/examineUserList', {
      token: admin,
      body: {},
    });
    expect(examiners.value.map((u) => u.name).sort()).toEqual(['周建国', '汪丽华'].sort());
    const del = await t.api('DELETE', `/api/data/delYmfs?id=${burn.uuid}`, { token: admin });
    expect(del.code).toBe(0);
    const pc = await t.api<{ id: string }>('POST', '/api/sync/uploadData4PC', {
      token: admin,
      body: {
        tbName: 'gbksdc0101',
        data: {
          code_project4: 'KH-BD03',
          kssl: 2,
          shuzhong: '马尾松',
          dcfs: '无人机',
          pic_tree: photoId,
          gps_long: '118.3',
          gps_lat: '29.2',
        },
      },
    });
    expect(pc.code).toBe(0);
    const pcd = await t.api<{ data: RecordDetail }>('POST', '/api/sync/queryDataDetail', {
      token: admin,
      body: { id: pc.value.id },
    });
    expect(pcd.value.data).toMatchObject({
      code_state: '10',
      gps_xiaoban: '0.0',
      gps_xzcun: '0.0',
      gps_alt: '0.0',
      gps_range: '0.0',
    });
  });

  it('locks a column type once records hold it, versions the descriptor, audits metadata; refuses deleting a section or project with records', async () => {
    const first = census({}, { pic_tree: photoId });
    await collect(worker, [first]);
    const version = (
      await t.api<{ data: RecordDetail }>('POST', '/api/sync/queryDataDetail', {
        token: admin,
        body: { id: first.uuid },
      })
    ).value.data.descriptor_version;
    const retype = await t.api('POST', '/api/standard/saveColumn', {
      token: sys,
      body: { tableCode: 'gbksdc0101', code: 'kssl', value: '枯死株数', fldInput: 'text' },
    });
    expect(retype.code).not.toBe(0);
    expect(retype.message).toContain('kssl');
    const relabel = await t.api('POST', '/api/standard/saveColumn', {
      token: sys,
      body: {
        tableCode: 'gbksdc0101',
        code: 'kssl',
        value: '枯死树株数',
        fldInput: 'number',
        rules: { required: true, min: 0, max: 10000 },
      },
    });
    expect(relabel.code).toBe(0);
    const rec = census({}, { pic_tree: photoId });
    await collect(worker, [rec]);
    const d = await t.api<{ data: RecordDetail }>('POST', '/api/sync/queryDataDetail', {
      token: admin,
      body: { id: rec.uuid },
    });
    expect(d.value.data.descriptor_version).toBe(version + 1);
    await t.api('POST', '/api/user/selectProject', { token: sys, body: { prjCode: 'KH2026' } });
    const log = await t.api<{ list: { entity: string; entityId: string }[] }>('POST', '/api/audit/list', {
      token: sys,
      body: { entity: 'standard', pageNum: 1, pageSize: 10 },
    });
    expect(log.value.list.map((e) => e.entityId)).toContain('gbksdc0101.kssl');
    const sections = await t.api<{ id: string; code: string }[]>(
      'GET',
      '/api/project/selectBDInfo?prjCode=KH2026',
      { token: admin },
    );
    const bd1 = (Array.isArray(sections.value) ? sections.value : []).find((s) => s.code === 'KH-BD01');
    if (bd1) {
      const delSection = await t.api('POST', '/api/project/delBdInfo', {
        token: admin,
        body: { id: bd1.id },
      });
      expect(delSection.code).not.toBe(0);
      expect(delSection.message).toContain('采集记录');
    }
    const delProject = await t.api('POST', '/api/project/delete', {
      token: sys,
      body: { prjCode: 'KH2026' },
    });
    expect(delProject.code).not.toBe(0);
  });
});
