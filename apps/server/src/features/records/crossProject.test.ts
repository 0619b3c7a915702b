import { type CollectResult } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { census, png, type RecordsBed, recordsBed, uploadPhoto } from '../../../test/records.ts';

describe('records: another project, another section', () => {
  let t: TestApp;
  let admin: string;
  let adminJs: string;
  let jianli: string;
  let bd: string;
  let worker: string;
  let photoId: string;
  let collect: RecordsBed['collect'];

  beforeAll(async () => {
    ({ t, admin, adminJs, jianli, bd, worker, photoId, collect } = await recordsBed());
    // A record of JS2026 (made with a JS2026 photo) for the by-id refusals below.
    const jsPhoto = await uploadPhoto(t, adminJs);
    const js = census({ sectionCode: 'JS-BD01' }, { pic_tree: jsPhoto });
    const made = await collect(adminJs, [js]);
    if (made.value.results[0]?.status !== 'created') throw new Error(JSON.stringify(made));
  });
  afterAll(() => t.close());

  it('refuses a member of another project reading, examining, correcting or deleting a record by id', async () => {
    const js = census({ sectionCode: 'JS-BD02' }, { pic_tree: undefined });
    const jsFields = { kssl: 1, shuzhong: '马尾松', dcfs: '无人机' };
    // JS2026 records need a JS photo: make the census column optional for this check by using burning? Use PC entry.
    const made = await collect(adminJs, [{ ...js, tableCode: 'gbcfcz0101', fields: jsFields }]);
    expect(made.value.results[0]?.status).toBe('rejected');
    const pc = await t.api<{ id: string }>('POST', '/api/sync/uploadData4PC', {
      token: adminJs,
      body: {
        tbName: 'gbymfs0101',
        data: {
          code_project4: 'JS-BD02',
          fsd: '1号焚烧点',
          yimushuliang: 12,
          jldw: '株',
          fssj: '2026-11-01',
        },
      },
    });
    // Photos are required in the burning table: refused with the field named.
    expect(pc.code).not.toBe(0);
    expect(pc.message).toContain('焚烧前照片');
    const own = census({}, { pic_tree: photoId });
    await collect(worker, [own]);
    const jsRecordId = (await t.deps.database.db.execute(
      sql`select id from records where project_code = 'JS2026' limit 1`,
    )) as unknown as {
      rows: { id: string }[];
    };
    const id = jsRecordId.rows[0]!.id;
    for (const [url, body] of [
      ['/api/sync/queryDataDetail', { id }],
      ['/api/data/examine', { ids: [id], action: 'approve' }],
      ['/api/data/update', { id, fields: { kssl: 2 } }],
      ['/api/data/del', { ids: [id] }],
    ] as const) {
      const res = await t.api('POST', url, { token: admin, body });
      expect(res.code, url).not.toBe(0);
      expect(res.message, url).toContain('其他项目');
    }
    const ymfs = await t.api('GET', `/api/sync/queryYmfsDetail?id=${id}`, { token: jianli });
    expect(ymfs.code).not.toBe(0);
    const delYmfs = await t.api('DELETE', `/api/data/delYmfs?id=${id}`, { token: admin });
    expect(delYmfs.code).not.toBe(0);
    // A section manager cannot read a record of another section by id.
    const other = census({ sectionCode: 'KH-BD03' }, { pic_tree: photoId });
    await collect(worker, [other]);
    const hidden = await t.api('POST', '/api/sync/queryDataDetail', { token: bd, body: { id: other.uuid } });
    expect(hidden.code).not.toBe(0);
  });

  it('refuses project B on every records route of the route table (ids and prjCode), and leaves B unchanged', async () => {
    const rowsOf = async (q: ReturnType<typeof sql>) =>
      ((await t.deps.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
    // B's own record (with B's photo) and one of A's.
    const jsForm = new FormData();
    jsForm.append('file', new Blob([png], { type: 'image/png' }), 'b.png');
    const formRes = new Response(jsForm);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: adminJs, 'content-type': formRes.headers.get('content-type') ?? '' },
      payload: Buffer.from(await formRes.arrayBuffer()),
    });
    const bPhoto = (up.json() as { value: { id: string } }).value.id;
    const bRecord = census({ sectionCode: 'JS-BD01' }, { pic_tree: bPhoto });
    expect((await collect(adminJs, [bRecord])).value.results[0]?.status).toBe('created');
    const aRecord = census({}, { pic_tree: photoId });
    expect((await collect(worker, [aRecord])).value.results[0]?.status).toBe('created');
    const b = { id: bRecord.uuid, table_code: bRecord.tableCode };
    const a = { id: aRecord.uuid };
    const bId = b.id;
    const aId = a.id;
    const snapshot = () =>
      rowsOf(
        sql`select id, state, state_reason, fields, deleted_at, time_edit from records where project_code = 'JS2026' order by id`,
      );
    const before = await snapshot();
    const table = b.table_code;
    // One request per records route naming B; `refused` checks the answer.
    const refusedEnvelope = (res: { code: number }) => res.code !== 0;
    const sweep: Record<
      string,
      { body?: unknown; query?: string; refused?: (res: { code: number; value: unknown }) => boolean }
    > = {
      'POST /api/collect/records': {
        body: { records: [census({ uuid: bId })] },
        refused: (res) => (res.value as { results: CollectResult[] }).results[0]?.status === 'rejected',
      },
      'POST /api/sync/queryDataList': {
        body: { prjCode: 'JS2026', prjStandCode: table, pageNum: 1, pageSize: 10 },
      },
      'POST /api/sync/queryDataDetail': { body: { id: bId } },
      'POST /api/sync/uploadData4PC': {
        body: {
          tbName: 'gbksdc0101',
          data: {
            code_project4: 'JS-BD02',
            kssl: 1,
            shuzhong: '马尾松',
            dcfs: '地面调查',
            pic_tree: photoId,
          },
        },
      },
      'POST /api/data/examine': { body: { ids: [bId], action: 'approve' } },
      'POST /api/data/del': { body: { ids: [bId] } },
      'POST /api/data/restore': { body: { ids: [bId] } },
      'POST /api/data/update': { body: { id: bId, fields: { beizhu: 'x' } } },
      'POST /api/data/columnList': { body: { prjCode: 'JS2026', prjStandCode: table } },
      'POST /api/data/uploadColumns': { body: { prjCode: 'JS2026' } },
      'POST /api/sync/queryYmfsList': {
        body: { prjCode: 'JS2026', prjStandCode: 'gbymfs0101', pageNum: 1, pageSize: 10 },
      },
      'GET /api/sync/queryYmfsDetail': { query: `id=${bId}` },
      'DELETE /api/data/delYmfs': { query: `id=${bId}` },
      'POST /api/data/examineYmfs': { body: { code_result: 20, pid: bId } },
      'POST /api/data/updateYmfs': {
        body: { id: bId, projectCode: 'KH2026', yimushuliang: 3, tableCode: table },
      },
      'POST /api/sync/examineUserList': { body: { prjCode: 'JS2026' } },
      'GET /api/data/tableSummary': { query: 'prjCode=JS2026' },
      // The field app's setup names no project: it answers the caller's selected one, never B.
      'GET /api/collect/setup': {
        refused: (res) =>
          res.code !== 0 || (res.value as { project: { code: string } }).project.code !== 'JS2026',
      },
      // States of the caller's own records only: B's record is not answered.
      'POST /api/collect/states': {
        body: { ids: [bId] },
        refused: (res) => res.code !== 0 || !JSON.stringify(res.value).includes(bId),
      },
      // The caller's own recent records only: B's record is never listed.
      'POST /api/collect/mine': {
        body: {},
        refused: (res) => res.code !== 0 || !JSON.stringify(res.value).includes(bId),
      },
    };
    // The route table decides what is swept: a new records route without a line above fails here.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const recordsRoutes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags?.includes('records'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(recordsRoutes.sort()).toEqual(Object.keys(sweep).sort());
    for (const [key, req] of Object.entries(sweep)) {
      const [method, path] = key.split(' ') as ['GET' | 'POST' | 'DELETE', string];
      for (const token of [admin, jianli]) {
        const res = await t.api(method, req.query ? `${path}?${req.query}` : path, { token, body: req.body });
        expect((req.refused ?? refusedEnvelope)(res), `${key} answered ${res.code} ${res.message}`).toBe(
          true,
        );
      }
    }
    // A record of A named with B's project code is refused too.
    const mixed = await t.api('POST', '/api/data/updateYmfs', {
      token: admin,
      body: { id: aId, projectCode: 'JS2026', yimushuliang: 3, tableCode: table },
    });
    expect(mixed.code).not.toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});
