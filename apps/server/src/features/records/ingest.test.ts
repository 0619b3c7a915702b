import { type CollectResult, type RecordDetail } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { census, png, type RecordsBed, recordsBed } from '../../../test/records.ts';

describe('records: ingestion (the field batch)', () => {
  let t: TestApp;
  let admin: string;
  let adminJs: string;
  let worker: string;
  let photoId: string;
  let collect: RecordsBed['collect'];
  let list: RecordsBed['list'];

  beforeAll(async () => {
    ({ t, admin, adminJs, worker, photoId, collect, list } = await recordsBed());
  });
  afterAll(() => t.close());

  it('ingests a batch: created, rejected per field in the user language, one bad record never fails the batch', async () => {
    const good = census({}, { pic_tree: photoId });
    const bad = census({}, { kssl: 'many', shuzhong: '橡树', pic_tree: photoId });
    const otherSection = census({ sectionCode: 'JS-BD01' }, { pic_tree: photoId });
    const unknownTable = census({ tableCode: 'gbnope0101' });
    const res = await collect(worker, [good, bad, otherSection, unknownTable, { uuid: 'x' }]);
    expect(res.code).toBe(0);
    const [a, b, c, d, e] = res.value.results;
    expect(a).toMatchObject({ uuid: good.uuid, status: 'created', id: good.uuid });
    expect(b?.status).toBe('rejected');
    expect(b?.errors?.map((x) => x.field).sort()).toEqual(['kssl', 'shuzhong']);
    expect(b?.errors?.find((x) => x.field === 'kssl')?.message).toContain('枯死株数');
    expect(c?.errors?.[0]).toMatchObject({ field: 'sectionCode' });
    expect(d?.errors?.[0]?.field).toBe('tableCode');
    expect(e?.status).toBe('rejected');
    const en = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token: worker,
      headers: { 'accept-language': 'en' },
      body: { records: [census({}, { pic_tree: photoId, kssl: -1 })] },
    });
    expect(en.value.results[0]?.errors?.[0]?.message).toMatch(/cannot be less than 0/);
    // The server filled the county from the project's area.
    const listed = await list(admin, { keyWords: '' });
    expect(listed.value.result.list.find((r) => r.id === good.uuid)?.gps_xian).toBe('开化县');
  });

  it('names the township from a GB/T 2260 township or village code, keeps what the device named', async () => {
    const byCode = census({ place: { xiang: '330824106' } }, { pic_tree: photoId });
    const byVillage = census({ place: { xzcun: '330824107201' } }, { pic_tree: photoId });
    const named = census({ place: { xiang: '华埠镇', xzcun: '金星村' } }, { pic_tree: photoId });
    const results = (await collect(worker, [byCode, byVillage, named])).value.results;
    expect(results.map((r) => r.status)).toEqual(['created', 'created', 'created']);
    const place = async (id: string) => {
      const d = await t.api<{ data: RecordDetail }>('POST', '/api/sync/queryDataDetail', {
        token: admin,
        body: { id },
      });
      return [d.value.data.gps_xian, d.value.data.gps_xiang, d.value.data.gps_xzcun];
    };
    expect(await place(byCode.uuid)).toEqual(['开化县', '桐村镇', '']);
    expect(await place(byVillage.uuid)).toEqual(['开化县', '杨林镇', '330824107201']);
    expect(await place(named.uuid)).toEqual(['开化县', '华埠镇', '金星村']);
  });

  it('stores a concurrently resent batch exactly once and answers duplicate with the id', async () => {
    const batch = Array.from({ length: 20 }, () => census({}, { pic_tree: photoId }));
    const [one, two] = await Promise.all([collect(worker, batch), collect(worker, batch)]);
    const statuses = [...one.value.results, ...two.value.results].map((r) => r.status);
    expect(statuses.filter((s) => s === 'created')).toHaveLength(20);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(20);
    const ids = batch.map((b) => b.uuid);
    const rows = await t.deps.database.db.execute(
      sql`select count(*)::int as n from records where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(20);
    const again = await collect(worker, batch.slice(0, 1));
    expect(again.value.results[0]).toMatchObject({ status: 'duplicate', id: batch[0]!.uuid });
  });

  it('refuses a uuid of another project, media of another project, 501 records and oversized fields', async () => {
    const js = census({ sectionCode: 'JS-BD01' }, { pic_tree: undefined });
    const jsForm = new FormData();
    jsForm.append('file', new Blob([png], { type: 'image/png' }), 'js.png');
    const res = new Response(jsForm);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: adminJs, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    const jsPhoto = (up.json() as { value: { id: string } }).value.id;
    const made = await collect(adminJs, [{ ...js, fields: { ...js.fields, pic_tree: jsPhoto } }]);
    expect(made.value.results[0]?.status).toBe('created');
    const reuse = await collect(worker, [{ ...census({}, { pic_tree: photoId }), uuid: js.uuid }]);
    expect(reuse.value.results[0]).toMatchObject({ status: 'rejected' });
    expect(reuse.value.results[0]?.errors?.[0]?.field).toBe('uuid');
    const foreignMedia = await collect(worker, [census({}, { pic_tree: jsPhoto })]);
    expect(foreignMedia.value.results[0]?.errors?.[0]).toMatchObject({ field: 'pic_tree' });
    const tooMany = await collect(
      worker,
      Array.from({ length: 501 }, () => census()),
    );
    expect(tooMany.code).not.toBe(0);
    expect(tooMany.message).toContain('记录');
    const huge = await collect(worker, [census({}, { pic_tree: photoId, beizhu: 'x'.repeat(70_000) })]);
    expect(huge.value.results[0]?.errors?.[0]?.field).toBe('fields');
  });
});
