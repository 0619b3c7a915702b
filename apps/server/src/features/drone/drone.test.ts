import {
  candidateRows,
  type DroneCandidateColumns,
  type DroneOrtho,
  type DroneTask,
} from '@pineguard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { collect, fellingFields, seedRecord, signInTo, uploadPhoto } from '../../../test/records.ts';
import { sections } from '../../db/schema/index.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { makeOrtho, makeSceneOrtho, sceneSectionRing, uploadOrtho } from './fixture.ts';

/**
 * 无人机巡查 through the API (issue 32): upload in parts (good files and each refusal, nothing
 * left behind), tiles, the detection job, candidates, tasks and the close by a felling record.
 * The scene lies in 开化县 (the demo's KH2026), its top-left at 118.30°E 29.20°N.
 */
const at = { lng: 118.3, lat: 29.2 };
const dead = [
  { x: 100, y: 100, r: 30 },
  { x: 280, y: 120, r: 28 },
  { x: 200, y: 250, r: 32 },
];

describe('drone orthophotos, candidates and tasks', () => {
  let t: TestApp;
  let admin: string;
  let worker: string;

  const upload = (bytes: Buffer, name = 'scene.tif', partSize?: number) =>
    uploadOrtho(t, admin, bytes, { name, ...(partSize ? { partSize } : {}) });
  const leftovers = async () => {
    const list = await t.api<{ list: DroneOrtho[] }>('GET', '/api/drone/orthophotos?pageSize=100', {
      token: admin,
    });
    return list.value.list.filter((o) => o.state === 'uploading').length;
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    worker = await signInTo(t, 'demo_worker', 'KH2026', 1);
    // KH-BD01's outline covers the scene (and more).
    await t.deps.database.db
      .update(sections)
      .set({ boundary: [[sceneSectionRing]], boundaryVertices: 5 })
      .where(eq(sections.code, 'KH-BD01'));
  }, 60_000);
  afterAll(() => t.close());

  it('accepts a striped UTM GeoTIFF and a tiled CGCS2000 one, with their georeference', async () => {
    const utm = await upload(await makeOrtho({ ...at, dead }));
    expect(utm.res.code, utm.res.message).toBe(0);
    const o = utm.res.value;
    expect(o).toMatchObject({ state: 'ready', width: 400, height: 400, bands: 3, epsg: 32650 });
    expect(o.gsd).toBeCloseTo(0.05, 3);
    expect(o.bounds[0]).toBeCloseTo(118.3, 4);
    expect(o.bounds[3]).toBeCloseTo(29.2, 4);
    const gk = await upload(
      await makeOrtho({
        ...at,
        epsg: 4548,
        bands: 4,
        options: [
          '-co',
          'TILED=YES',
          '-co',
          'BLOCKXSIZE=128',
          '-co',
          'BLOCKYSIZE=128',
          '-co',
          'COMPRESS=DEFLATE',
        ],
      }),
    );
    expect(gk.res.code, gk.res.message).toBe(0);
    expect(gk.res.value).toMatchObject({ epsg: 4548, bands: 4, hasNir: false });
  });

  it('takes parts in any order and again after a break (restartable), then completes', async () => {
    const bytes = await makeOrtho({ ...at, size: 600 });
    const start = await t.api<DroneOrtho>('POST', '/api/drone/orthophotos', {
      token: admin,
      body: { name: 'x.tif', size: bytes.length },
    });
    expect(start.value.partCount).toBe(1);
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/drone/orthophotos/${start.value.id}/parts/0`,
        headers: { token: admin, 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
    const early = await t.api('POST', `/api/drone/orthophotos/${start.value.id}/complete`, { token: admin });
    expect(early.code).not.toBe(0);
    expect(early.message).toMatch(/分片|parts/);
    // Another project's session cannot send parts to this orthophoto (the cross-project sweep
    // cannot send raw bytes, so it is checked here).
    const other = await t.signIn('admin', 'admin123');
    await t.api('POST', '/api/user/selectProject', { token: other, body: { prjCode: 'JS2026' } });
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/drone/orthophotos/${start.value.id}/parts/0`,
      headers: { token: other, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(foreign.json()).toMatchObject({ code: 40400 });
    expect((await put()).json()).toMatchObject({ code: 0, value: { received: [0] } });
    expect((await put()).json()).toMatchObject({ code: 0, value: { received: [0] } });
    const view = await t.api<DroneOrtho>('GET', `/api/drone/orthophotos/${start.value.id}`, { token: admin });
    expect(view.value.received).toEqual([0]);
    const done = await t.api<DroneOrtho>('POST', `/api/drone/orthophotos/${start.value.id}/complete`, {
      token: admin,
    });
    expect(done.value.state).toBe('ready');
  });

  it('refuses bad files with a message naming what was found, leaving nothing stored', async () => {
    const before = await leftovers();
    const good = await makeOrtho({ ...at });
    const cases: [string, Buffer, RegExp][] = [
      ['not a TIFF', Buffer.from('%PDF-1.4 this is not an image at all'), /不是 TIFF.*25 50 44 46/],
      ['no georeference', await plainTiff(), /没有地理参考/],
      ['unsupported CRS', await makeOrtho({ ...at, epsg: 3857 }), /不支持的坐标系 EPSG:3857/],
      ['16-bit bands', await makeOrtho({ ...at, options: ['-ot', 'UInt16'] }), /不支持的波段：3 × 16-bit/],
      ['float bands', await makeOrtho({ ...at, options: ['-ot', 'Float32'] }), /32-bit float/],
      ['truncated', good.subarray(0, Math.floor(good.length / 2)), /不完整|无法读取/],
      ['huge header, no data', await hugeHeader(), /100000 × 100000|不完整/],
      ['outside the county', await makeOrtho({ lng: 116.4, lat: 39.9 }), /不在本项目所在县/],
    ];
    for (const [what, bytes, message] of cases) {
      const { id, res } = await upload(bytes, `${what}.tif`);
      expect(res.code, what).not.toBe(0);
      expect(res.message, what).toMatch(message);
      const gone = await t.api('GET', `/api/drone/orthophotos/${id}`, { token: admin });
      expect(gone.code, what).not.toBe(0);
    }
    expect(await leftovers()).toBe(before);
    const stored = await t.deps.storage.size(`drone/KH2026/x/part-0`);
    expect(stored).toBeNull();
  });

  it('serves map tiles from the file (PNG) and a chip, by signed URL only', async () => {
    const { res } = await upload(await makeOrtho({ ...at, dead }));
    const o = res.value;
    // z 21 tile containing the scene's top-left corner.
    const z = 21;
    const x = Math.floor(((at.lng + 0.000001 + 180) / 360) * 2 ** z);
    const latR = ((at.lat - 0.000001) * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(latR) + 1 / Math.cos(latR)) / Math.PI) / 2) * 2 ** z);
    const url = o.tileUrl.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
    const tile = await t.app.inject({ method: 'GET', url });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    const sharp = (await import('sharp')).default;
    const stats = await sharp(tile.rawPayload).stats();
    expect(stats.channels[3]!.max).toBe(255); // part of the tile is the scene
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(tile.rawPayload)).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: url.replace(/s=[^&]+/, 's=AAAA') });
    expect(forged.json()).toMatchObject({ code: expect.not.stringMatching(/^0$/) });
    const chip = await t.app.inject({
      method: 'GET',
      url: o.chipUrl.replace('{px}', '100').replace('{py}', '100'),
    });
    expect(chip.headers['content-type']).toBe('image/jpeg');
  });

  it('detects dead crowns in a job, lists candidates, issues tasks, and a felling closes a confirmed one', async () => {
    // A generated scene (grass, green and autumn crowns, soil, roads) with its true dead crowns.
    const scene = await makeSceneOrtho({ seed: 7, size: 800, ...at });
    const { res } = await upload(scene.bytes);
    const o = res.value;
    // The overviews are queued by the accepted upload and said so until their job has run.
    expect(o.overviewState).toBe('queued');
    const started = await t.api<DroneOrtho>('POST', `/api/drone/orthophotos/${o.id}/detect`, {
      token: admin,
    });
    expect(started.value.detectState).toBe('queued');
    while ((await runDueJobs(t.deps)) > 0);
    const after = await t.api<DroneOrtho>('GET', `/api/drone/orthophotos/${o.id}`, { token: admin });
    expect(after.value, after.value.detectMessage).toMatchObject({
      detectState: 'done',
      detectProgress: 100,
      overviewState: 'done',
      overviewProgress: 100,
    });
    const cols = await t.api<DroneCandidateColumns>('GET', `/api/drone/orthophotos/${o.id}/candidates`, {
      token: admin,
    });
    const list = candidateRows(cols.value);
    // A true dead crown is among the candidates within 2 m (40 px), and the best one is one of them.
    const near = (c: { px: number; py: number }) =>
      scene.dead.some((d) => Math.hypot(c.px - d.x, c.py - d.y) <= 40);
    expect(list.length).toBeGreaterThan(0);
    expect(near(list[0]!), JSON.stringify({ found: list.slice(0, 5), dead: scene.dead })).toBe(true);
    expect(list.every((c) => c.sectionCode === 'KH-BD01')).toBe(true);
    expect(list.length).toBeGreaterThan(1);
    const first = list[0];
    const second = list[list.length - 1];
    expect(
      (
        await t.api('POST', `/api/drone/candidates/${second!.id}/drop`, {
          token: admin,
          body: { dropped: true },
        })
      ).code,
    ).toBe(0);
    await t.api('POST', `/api/drone/orthophotos/${o.id}/threshold`, { token: admin, body: { threshold: 0 } });
    const issued = await t.api<{ issued: number }>('POST', `/api/drone/orthophotos/${o.id}/issue`, {
      token: admin,
    });
    expect(issued.value.issued).toBe(list.length - 1);

    const mine = await t.api<{ id: string; distanceM: number }[]>(
      'GET',
      `/api/drone/field/tasks?lng=${first!.lng}&lat=${first!.lat}`,
      { token: worker },
    );
    expect(mine.value[0]!.id).toBe(first!.id);
    expect(mine.value.map((m) => m.distanceM)).toEqual(
      [...mine.value.map((m) => m.distanceM)].sort((a, b) => a - b),
    );
    const noReason = await t.api('POST', `/api/drone/field/tasks/${first!.id}/check`, {
      token: worker,
      body: { result: 'not_pine' },
    });
    expect(noReason.message).toMatch(/原因/);
    const check = await t.api('POST', `/api/drone/field/tasks/${first!.id}/check`, {
      token: worker,
      body: { result: 'confirmed', lng: first!.lng, lat: first!.lat },
    });
    expect(check.code, check.message).toBe(0);

    // A felling 3 m east of the confirmed crown closes it; one 20 m away would not.
    const photo = await uploadPhoto(t, worker);
    const ids: Record<string, string> = {};
    const east = 3 / (111_320 * Math.cos((first!.lat * Math.PI) / 180));
    await collect(t, worker, [
      seedRecord(ids, 'far', {
        tableCode: 'gbcfcz0101',
        sectionCode: 'KH-BD01',
        at: new Date().toISOString(),
        fields: fellingFields(photo),
        long: first!.lng + 20 * east,
        lat: first!.lat,
      }),
    ]);
    const still = await t.api<{ list: DroneTask[] }>('GET', '/api/drone/tasks?state=confirmed', {
      token: admin,
    });
    expect(still.value.list.map((x) => x.id)).toContain(first!.id);
    await collect(t, worker, [
      seedRecord(ids, 'near', {
        tableCode: 'gbcfcz0101',
        sectionCode: 'KH-BD01',
        at: new Date().toISOString(),
        fields: fellingFields(photo),
        long: first!.lng + east,
        lat: first!.lat,
      }),
    ]);
    const felled = await t.api<{ list: DroneTask[]; total: number }>('GET', '/api/drone/tasks?state=felled', {
      token: admin,
    });
    expect(felled.value.list.map((x) => [x.id, x.fellingRecordId])).toEqual([[first!.id, ids['near']]]);
    expect(felled.value.list[0]!.cgcs2000.epsg).toBe(4548);

    const report = await t.api<
      { sectionCode: string; candidates: number; confirmed: number; felled: number; open: number }[]
    >('GET', '/api/drone/report', { token: admin });
    const bd01 = report.value.find((r) => r.sectionCode === 'KH-BD01')!;
    expect(bd01).toMatchObject({ confirmed: 1, felled: 1, candidates: issued.value.issued });
    expect(bd01.open).toBe(issued.value.issued - 1);
  });

  it('keeps the routes behind session and permission', async () => {
    expect((await t.api('GET', '/api/drone/orthophotos')).code).not.toBe(0);
    const res = await t.api('POST', '/api/drone/orthophotos', {
      token: worker,
      body: { name: 'a.tif', size: 10 },
    });
    expect(res.code).not.toBe(0);
  });
});

/** A TIFF without any geo tags (sharp writes none). */
async function plainTiff(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#4e7834' } })
    .tiff({ compression: 'deflate' })
    .toBuffer();
}

/** A classic TIFF header declaring 100,000 × 100,000 RGB pixels in one strip of no bytes. */
async function hugeHeader(): Promise<Buffer> {
  const { writeArrayBuffer } = await import('geotiff');
  const values = new Uint8Array(1 * 1 * 3).fill(1);
  const buf = Buffer.from(
    writeArrayBuffer(values, {
      width: 1,
      height: 1,
      SamplesPerPixel: 3,
      BitsPerSample: [8, 8, 8],
      PhotometricInterpretation: 2,
      ModelPixelScale: [0.05, 0.05, 0],
      ModelTiepoint: [0, 0, 0, 118.3, 29.2, 0],
      GeographicTypeGeoKey: 4326,
      GTModelTypeGeoKey: 2,
    } as never),
  );
  return patchDimensions(buf, 100_000, 100_000);
}

/** Rewrites ImageWidth (256) and ImageLength (257) in the first IFD, and zeroes StripByteCounts (279). */
function patchDimensions(buf: Buffer, w: number, h: number): Buffer {
  const le = buf.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? buf.readUInt16LE(o) : buf.readUInt16BE(o));
  const u32 = (o: number) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const w32 = (o: number, v: number) => (le ? buf.writeUInt32LE(v, o) : buf.writeUInt32BE(v, o));
  const ifd = u32(4);
  const n = u16(ifd);
  for (let i = 0; i < n; i++) {
    const e = ifd + 2 + i * 12;
    const tag = u16(e);
    const type = u16(e + 2);
    // Written as LONG (type 4): a SHORT cannot hold 100,000.
    const put = (v: number) => {
      if (le) buf.writeUInt16LE(4, e + 2);
      else buf.writeUInt16BE(4, e + 2);
      w32(e + 8, v);
    };
    if (tag === 256) put(w);
    if (tag === 257 || tag === 278) put(h);
    if (tag === 279) (type === 3 ? put : put)(0);
  }
  return buf;
}
