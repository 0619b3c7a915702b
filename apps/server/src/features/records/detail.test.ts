import { type RecordDetail } from '@pineguard/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { census, png, type RecordsBed, recordsBed } from '../../../test/records.ts';

describe("records: a record's detail, media and history", () => {
  let t: TestApp;
  let admin: string;
  let jianli: string;
  let worker: string;
  let photoId: string;
  let collect: RecordsBed['collect'];
  let list: RecordsBed['list'];

  beforeAll(async () => {
    ({ t, admin, jianli, worker, photoId, collect, list } = await recordsBed());
  });
  afterAll(() => t.close());

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
});
