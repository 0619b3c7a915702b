import { randomUUID } from 'node:crypto';
import {
  type CollectResult,
  type QueryDataListValue,
  queryDataListValue,
  type RecordDetail,
  recordDetail,
} from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { assignSections } from '../../../test/records.ts';

/** A real 1×1 PNG (uploaded as a photo). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const census = (over: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  tableCode: 'gbksdc0101',
  sectionCode: 'KH-BD01',
  timeSubmit: '2026-11-20T09:30:00+08:00',
  gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
  fields: { kssl: 3, shuzhong: '马尾松', dcfs: '地面调查', ...fields },
  ...over,
});

describe('records', () => {
  let t: TestApp;
  let admin: string;
  let jianli: string;
  let bd: string;
  let worker: string;
  let adminJs: string;
  let photoId: string;
  let sys: string;

  const collect = async (token: string, records: unknown[]) =>
    t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', { token, body: { records } });
  const list = (token: string, body: Record<string, unknown>) =>
    t.api<QueryDataListValue>('POST', '/api/sync/queryDataList', {
      token,
      body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 10, ...body },
    });

  beforeAll(async () => {
    t = await createTestApp();
    sys = await t.initAdmin({ demo: true });
    const select = async (token: string, prjCode: string) => {
      const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
      if (res.code !== 0) throw new Error(res.message);
      return token;
    };
    admin = await select(await t.signIn('demo_admin', 'pine2026'), 'KH2026');
    adminJs = await select(await t.signIn('demo_admin', 'pine2026'), 'JS2026');
    jianli = await select(await t.signIn('demo_jianli', 'pine2026'), 'KH2026');
    bd = await select(await t.signIn('demo_bd', 'pine2026'), 'KH2026');
    worker = await select(await t.signIn('demo_worker', 'pine2026', 1), 'KH2026');
    // These tests collect in every section of KH2026 (the section rule: sectionAccess.test.ts).
    await assignSections(t, 'demo_worker', 'KH2026');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'tree.png');
    const res = new Response(form);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: worker, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    photoId = (up.json() as { value: { id: string } }).value.id;
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

  it('lists with filters, checked sort, keyset cursors and counter totals', async () => {
    const batch = Array.from({ length: 25 }, (_, i) =>
      census(
        {
          sectionCode: i % 2 ? 'KH-BD02' : 'KH-BD01',
          timeSubmit: new Date(Date.UTC(2026, 9, 1 + i, 2)).toISOString(),
        },
        { pic_tree: photoId, kssl: i, beizhu: i === 7 ? '松林边缘 KH26-0881917' : '' },
      ),
    );
    expect((await collect(worker, batch)).value.results.every((r) => r.status === 'created')).toBe(true);
    const oct = { begin: '2026-10-01', end: '2026-10-31' };
    const first = await list(admin, { ...oct });
    expect(first.code).toBe(0);
    expect(first.value.result.total).toBe(25);
    expect(first.value.result.totalExact).toBe(true);
    expect(first.value.columnList.map((c) => c.code)).toContain('kssl');
    const p1 = first.value.result.list;
    expect(p1).toHaveLength(10);
    expect(p1[0]!.time_submit >= p1[9]!.time_submit).toBe(true);
    const second = await list(admin, { ...oct, pageNum: 2, cursor: first.value.result.nextCursor });
    const byOffset = await list(admin, { ...oct, pageNum: 2 });
    expect(second.value.result.list.map((r) => r.id)).toEqual(byOffset.value.result.list.map((r) => r.id));
    const back = await list(admin, { ...oct, pageNum: 1, cursor: second.value.result.prevCursor });
    expect(back.value.result.list.map((r) => r.id)).toEqual(p1.map((r) => r.id));
    const section = await list(admin, { ...oct, biaoduan: 'KH-BD02', codeState: '10' });
    expect(section.value.result.total).toBe(12);
    const keyword = await list(admin, { keyWords: 'KH26-0881917' });
    expect(keyword.value.result.list.map((r) => r.kssl)).toEqual([7]);
    const byNumber = await list(admin, { ...oct, sort: 'kssl asc' });
    expect(byNumber.value.result.list.map((r) => r.kssl)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const injected = await list(admin, { sort: 'kssl; drop table records' });
    expect(injected.code).not.toBe(0);
    const unknown = await list(admin, { sort: 'nosuch desc' });
    expect(unknown.code).not.toBe(0);
    expect(unknown.message).toContain('nosuch');
    const deep = await list(admin, { pageNum: 5000 });
    expect(deep.code).not.toBe(0);
    // The section manager of KH-BD01 sees that section only.
    const mine = await list(bd, { ...oct });
    expect(mine.value.result.total).toBe(13);
    expect(mine.value.result.list.every((r) => r.code_project4 === 'KH-BD01')).toBe(true);
  });

  it('answers a page in one statement besides the session, exactly as the contract says; keyword totals follow writes', async () => {
    const census2 = Array.from({ length: 3 }, (_, i) =>
      census(
        { timeSubmit: new Date(Date.UTC(2026, 8, 1 + i, 2)).toISOString() },
        { pic_tree: photoId, beizhu: '红松岭样地' },
      ),
    );
    await collect(worker, census2);
    // Every statement the driver is asked to run during one list call.
    const client = (t.deps.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    const sent: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text: string };
      sent.push(typeof first === 'string' ? first : first.text);
      return original.apply(this, args);
    };
    let res: Awaited<ReturnType<typeof list>>;
    try {
      await list(admin, {}); // descriptors and project context are read once, then reused
      sent.length = 0;
      res = await list(admin, { pageSize: 20 });
    } finally {
      client.query = original;
    }
    expect(res.code).toBe(0);
    // The session (with its grants) and the page with its total: no separate count, no metadata.
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/from records r/);
    expect(sent[1]).toMatch(/record_counts/);
    // The list is serialised without zod (plainJson): prove nothing would be stripped or refused.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/sync/queryDataList',
      headers: { token: admin },
      payload: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 5 },
    });
    const body = raw.json() as { value: unknown };
    expect(queryDataListValue.parse(body.value)).toEqual(body.value);
    const detailRaw = await t.app.inject({
      method: 'POST',
      url: '/api/sync/queryDataDetail',
      headers: { token: admin },
      payload: { id: census2[0]!.uuid },
    });
    const detailBody = detailRaw.json() as { value: { data: unknown } };
    expect(recordDetail.parse(detailBody.value.data)).toEqual(detailBody.value.data);
    // Times leave as China time text.
    expect((body.value as QueryDataListValue).result.list[0]!.time_submit).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    // A keyword total is remembered for the next pages, and forgotten by a write.
    const before = await list(admin, { keyWords: '红松岭' });
    expect(before.value.result.total).toBe(3);
    const approved = await t.api('POST', '/api/data/examine', {
      token: jianli,
      body: { ids: [census2[0]!.uuid], action: 'approve' },
    });
    expect(approved.code).toBe(0);
    const pending = await list(admin, { keyWords: '红松岭', codeState: '10' });
    expect(pending.value.result.total).toBe(2);
    await t.api('POST', '/api/data/del', { token: admin, body: { ids: [census2[1]!.uuid] } });
    const after = await list(admin, { keyWords: '红松岭' });
    expect(after.value.result.total).toBe(2);
  });

  it('makes a thumbnail and reads EXIF time, position and camera at upload; the detail serves both', async () => {
    // A real JPEG carrying EXIF, made here (no binary in the repository).
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 60 } },
    })
      .jpeg({ quality: 80 })
      .withExif({
        IFD0: { Make: 'HUAWEI', Model: 'Mate 60', DateTime: '2026:11:20 09:30:05' },
        IFD2: { DateTimeOriginal: '2026:11:20 09:30:05' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '29/1 8/1 2400/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '118/1 24/1 3600/100',
        },
      })
      .toBuffer();
    const upload = async (bytes: Buffer, type: string, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const res = new Response(form);
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/file/upload?kind=photo',
        headers: { token: worker, 'content-type': res.headers.get('content-type') ?? '' },
        payload: Buffer.from(await res.arrayBuffer()),
      });
      return (up.json() as { value: { id: string } }).value.id;
    };
    const withExif = await upload(jpeg, 'image/jpeg', 'stump.jpg');
    const plain = await upload(png, 'image/png', 'plain.png');
    const rec = census({}, { pic_tree: [withExif, plain] });
    expect((await collect(worker, [rec])).value.results[0]?.status).toBe('created');
    const detail = await t.api<{ data: RecordDetail }>('POST', '/api/sync/queryDataDetail', {
      token: admin,
      body: { id: rec.uuid },
    });
    const [photo, other] = detail.value.data.media;
    expect(photo).toMatchObject({
      fileId: withExif,
      takenAt: '2026-11-20T01:30:05.000Z', // 09:30:05 China time
      camera: 'HUAWEI Mate 60',
    });
    expect(photo!.exifLat).toBeCloseTo(29.14, 5);
    expect(photo!.exifLong).toBeCloseTo(118.41, 5);
    expect(photo!.thumbUrl).toContain('v=thumb');
    const thumb = await t.app.inject({ method: 'GET', url: photo!.thumbUrl! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const size = await sharp(thumb.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['jpeg', 320, 240]);
    const full = await t.app.inject({ method: 'GET', url: photo!.url });
    expect(full.rawPayload.equals(jpeg)).toBe(true);
    // A photo without EXIF gets a thumbnail (never enlarged) and no facts.
    expect(other).toMatchObject({ fileId: plain, takenAt: null, exifLat: null, camera: null });
    const small = await t.app.inject({ method: 'GET', url: other!.thumbUrl! });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(1);
  });

  it('shows detail with media and timeline; reviews, corrects, deletes and restores with history', async () => {
    const rec = census({}, { pic_tree: photoId, kssl: 4 });
    await collect(worker, [rec]);
    const noReason = await t.api('POST', '/api/data/examine', {
      token: jianli,
      body: { ids: [rec.uuid], action: 'return' },
    });
    expect(noReason.code).not.toBe(0);
    expect(noReason.message).toContain('原因');
    const ret = await t.api('POST', '/api/data/examine', {
      token: jianli,
      body: { ids: [rec.uuid], action: 'return', reason: '照片不清楚' },
    });
    expect(ret.code).toBe(0);
    const fix = await t.api('POST', '/api/data/update', {
      token: jianli,
      body: { id: rec.uuid, fields: { kssl: 5, beizhu: '复核' } },
    });
    expect(fix.code).toBe(0);
    const badFix = await t.api('POST', '/api/data/update', {
      token: jianli,
      body: { id: rec.uuid, fields: { pic_tree: photoId } },
    });
    expect(badFix.code).not.toBe(0);
    const approve = await t.api('POST', '/api/data/examine', {
      token: jianli,
      body: { ids: [rec.uuid], action: 'approve' },
    });
    expect(approve.code).toBe(0);
    expect(
      (await t.api('POST', '/api/data/del', { token: jianli, body: { ids: [rec.uuid] } })).code,
    ).not.toBe(0);
    expect((await t.api('POST', '/api/data/del', { token: admin, body: { ids: [rec.uuid] } })).code).toBe(0);
    const gone = await list(admin, { keyWords: '复核' });
    expect(gone.value.result.list).toHaveLength(0);
    expect((await t.api('POST', '/api/data/restore', { token: admin, body: { ids: [rec.uuid] } })).code).toBe(
      0,
    );
    const d = await t.api<{ data: RecordDetail }>('POST', '/api/sync/queryDataDetail', {
      token: jianli,
      body: { id: rec.uuid },
    });
    expect(d.code).toBe(0);
    expect(d.value.data.code_state).toBe('20');
    expect(d.value.data.kssl).toBe(5);
    expect(d.value.data.user_edit).toBe('汪丽华');
    expect(d.value.data.record.map((h) => h.action)).toEqual([
      'created',
      'returned',
      'corrected',
      'approved',
      'deleted',
      'restored',
    ]);
    expect(d.value.data.record[1]?.reason).toBe('照片不清楚');
    expect(d.value.data.record[2]?.changes).toEqual(
      expect.arrayContaining([{ field: 'kssl', label: '枯死株数', before: 4, after: 5 }]),
    );
    expect(d.value.data.media).toHaveLength(1);
    const media = await t.app.inject({ method: 'GET', url: d.value.data.media[0]!.url });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    const forged = await t.app.inject({
      method: 'GET',
      url: d.value.data.media[0]!.url.replace(/s=[^&]+/, 's=AAAA'),
    });
    expect(forged.statusCode).toBe(403);
  });

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

  it('reviews every record of a filter after the count is confirmed, refusing a moved count', async () => {
    const marked = Array.from({ length: 4 }, () => census({}, { pic_tree: photoId, beizhu: '全选批审样本' }));
    await collect(worker, marked);
    const filter = { prjStandCode: 'gbksdc0101', keyWords: '全选批审样本', codeState: '10' as const };
    const listed = await list(jianli, filter);
    expect(listed.value.result.total).toBe(4);
    const stale = await t.api<{ changed: number }>('POST', '/api/data/examine', {
      token: jianli,
      body: { filter, expected: 3, action: 'approve' },
    });
    expect(stale.code).not.toBe(0);
    expect(stale.message).toContain('4');
    const neither = await t.api('POST', '/api/data/examine', { token: jianli, body: { action: 'approve' } });
    expect(neither.code).not.toBe(0);
    const foreign = await t.api('POST', '/api/data/examine', {
      token: jianli,
      body: { filter: { ...filter, prjCode: 'JS2026' }, expected: 4, action: 'approve' },
    });
    expect(foreign.code).not.toBe(0);
    const done = await t.api<{ changed: number; ids: string[] }>('POST', '/api/data/examine', {
      token: jianli,
      body: { filter, expected: 4, action: 'return', reason: '照片不清晰' },
    });
    expect(done.code).toBe(0);
    expect(done.value.changed).toBe(4);
    expect(done.value.ids.sort()).toEqual(marked.map((m) => m.uuid).sort());
    expect((await list(jianli, filter)).value.result.total).toBe(0);
    const back = await list(jianli, { ...filter, codeState: '30' });
    expect(back.value.result.list.every((r) => r.state_reason === '照片不清晰')).toBe(true);
  });

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
