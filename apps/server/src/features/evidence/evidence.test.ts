import {
  type AnomalyListValue,
  type CollectResult,
  ErrorCode,
  type EvidenceStatusValue,
  type EvidenceViewValue,
  evidenceViewValue,
} from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signInTo, uploadBytes } from '../../../test/records.ts';
import { rowsOf } from '../../platform/sql.ts';
import { runEvidence } from './run.ts';
import { giveSquareOutline } from './testOutline.ts';
import { type PhotoExif, reworked, treePhoto } from './testPhotos.ts';

/**
 * The evidence checks end to end through the API (issue 30): records with photos posted as the
 * field app posts them, the background check run, and each new kind found with its evidence;
 * the bad inputs (no EXIF, broken EXIF, 0,0, 1970, the future) noted or flagged, never a 5xx.
 * KH-BD01 gets the outline the boundary fixtures import (a 6 × 5.5 km rectangle near 华埠镇).
 */
describe('evidence: photo time, place, duplicates, outlines', () => {
  let t: TestApp;
  let admin: string;
  let bd: string;
  const inside = { long: 118.41, lat: 29.14, alt: 300, range: 5 };
  const at = (h: number) => `2024-04-10T${String(h).padStart(2, '0')}:00:00+08:00`;
  const exifAt = (day: number, h: number) =>
    `2024:04:${String(day).padStart(2, '0')} ${String(h).padStart(2, '0')}:00:00`;
  const ids: Record<string, string> = {};

  async function upload(bytes: Buffer, name = 'p.jpg', type = 'image/jpeg'): Promise<string> {
    const body = await uploadBytes(t, admin, bytes, name, type);
    expect(body.code, body.message).toBe(0);
    return body.value.id;
  }
  const photo = (seed: number, exif?: PhotoExif) => treePhoto(seed, exif).then((b) => upload(b));
  const survey = (key: string, pic: string[], gps = inside, hour = 10) => {
    ids[key] = crypto.randomUUID();
    return {
      uuid: ids[key],
      tableCode: 'gbksdc0101',
      sectionCode: 'KH-BD01',
      timeSubmit: at(hour),
      gps,
      fields: { kssl: 1, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: pic },
    };
  };
  async function post(records: unknown[]) {
    const res = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token: admin,
      body: { records },
    });
    expect(res.code, res.message).toBe(0);
    expect(res.value.results.map((r) => r.status)).toEqual(records.map(() => 'created'));
  }
  async function kindsOf(key: string) {
    const rows = rowsOf<{ kind: string; state: string; other_record_id: string | null; evidence: unknown }>(
      await t.deps.database.db.execute(
        sql`select kind, state, other_record_id, evidence from anomalies where record_id = ${ids[key]!}::uuid
          and state <> 'cleared' order by kind`,
      ),
    );
    return rows.map((r) => ({
      ...r,
      evidence: typeof r.evidence === 'string' ? JSON.parse(r.evidence) : r.evidence,
    }));
  }

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    bd = await signInTo(t, 'demo_bd', 'KH2026');
    await giveSquareOutline(t.deps.database.db, ['KH-BD01']);
    const original = await treePhoto(101, { takenAt: exifAt(10, 9), lat: inside.lat, lng: inside.long });
    const good = await upload(original);
    const copy = await upload(await reworked(original, { crop: 0.05, width: 480, quality: 60 }));
    const broken = await treePhoto(312, { takenAt: exifAt(10, 9), lat: inside.lat, lng: inside.long });
    broken.write('Exif\0\0II*\0\xff\xff\xff\xff', broken.indexOf('Exif'), 'latin1'); // a TIFF header pointing nowhere
    await post([
      survey('clean', [good], inside, 9),
      survey('reused', [copy], inside, 11),
      survey('otherTree', [await photo(202, { takenAt: exifAt(10, 9), lat: inside.lat, lng: inside.long })]),
      survey('after', [await photo(303, { takenAt: exifAt(10, 13) })]),
      survey('tooEarly', [await photo(304, { takenAt: exifAt(5, 9) })]),
      survey('far', [await photo(305, { takenAt: exifAt(10, 9), lat: inside.lat + 0.01, lng: inside.long })]),
      survey('outside', [await photo(306)], { ...inside, long: 118.45 }),
      survey('county', [await photo(307)], { long: 120.15, lat: 30.25, alt: 10, range: 5 }),
      survey('noExif', [await photo(308)]),
      survey('brokenExif', [await upload(broken, 'broken.jpg')]),
      survey('zero', [await photo(309, { takenAt: exifAt(10, 9), lat: 0, lng: 0 })], {
        ...inside,
        long: 0,
        lat: 0,
      }),
      survey('epoch', [await photo(310, { takenAt: '1970:01:01 08:00:00' })]),
      survey('future', [await photo(311, { takenAt: '2099:01:01 08:00:00' })]),
    ]);
    const pending = await t.api<EvidenceStatusValue>('GET', '/api/evidence/status', { token: admin });
    expect(pending.value.pending).toBeGreaterThanOrEqual(13);
    await runEvidence(t.deps, 'KH2026');
  }, 120_000);
  afterAll(() => t.close());

  it('raises nothing on a clean record, and links a cropped, resized copy to the original', async () => {
    expect(await kindsOf('clean')).toEqual([]);
    expect(await kindsOf('otherTree')).toEqual([]);
    const [dup] = await kindsOf('reused');
    expect(dup).toMatchObject({ kind: 'photo_duplicate', state: 'open', other_record_id: ids.clean });
    expect(dup!.evidence.bits).toBeLessThanOrEqual(5);
  });

  it('names both times of a photo taken after the record or days before it', async () => {
    expect(await kindsOf('after')).toMatchObject([
      {
        kind: 'photo_time',
        evidence: { photoAt: '2024-04-10 13:00:00', recordAt: '2024-04-10 10:00:00', hours: -3 },
      },
    ]);
    expect(await kindsOf('tooEarly')).toMatchObject([
      { kind: 'photo_time', evidence: { photoAt: '2024-04-05 09:00:00', hours: 121, limitHours: 72 } },
    ]);
    expect(await kindsOf('future')).toMatchObject([{ kind: 'photo_time' }]);
  });

  it('names the distance of a photo taken far away, of a record outside its section or county', async () => {
    const [far] = await kindsOf('far');
    expect(far).toMatchObject({ kind: 'photo_place', evidence: { limitM: 50 } });
    expect(far!.evidence.distanceM).toBeGreaterThan(1000);
    expect(far!.evidence.distanceM).toBeLessThan(1200);
    const [out] = await kindsOf('outside');
    expect(out).toMatchObject({ kind: 'outside_section', evidence: { toleranceM: 50 } });
    // 0.01° of longitude at 29.14° N is ~972 m.
    expect(out!.evidence.distanceM).toBeGreaterThan(940);
    expect(out!.evidence.distanceM).toBeLessThan(1000);
    expect((await kindsOf('county')).map((a) => a.kind)).toEqual(['outside_county', 'outside_section']);
  });

  it('notes, does not flag, a photo without EXIF, with broken EXIF, at 0,0 or from a clock never set', async () => {
    for (const key of ['noExif', 'brokenExif', 'zero', 'epoch']) expect(await kindsOf(key), key).toEqual([]);
    const list = await t.api<AnomalyListValue>('POST', '/api/anomaly/list', {
      token: admin,
      body: { anomalyKind: 'photo_duplicate' },
    });
    const view = await t.api<EvidenceViewValue>('GET', `/api/evidence/anomaly?id=${list.value.list[0]!.id}`, {
      token: admin,
    });
    expect(evidenceViewValue.parse(view.value)).toEqual(view.value);
    expect(view.value.record.id).toBe(ids.reused);
    expect(view.value.other?.id).toBe(ids.clean);
    expect(view.value.record.photos).toHaveLength(1);
    expect(view.value.other?.photos[0]?.url).toMatch(/^\/api\/media\//);
    expect(view.value.outline).not.toBeNull();
  });

  it('requires EXIF when the project says so, after a re-run with progress; refuses a bad threshold', async () => {
    const bad = await t.api('POST', '/api/evidence/settings', { token: admin, body: { photoDupBits: 9 } });
    expect(bad.code).toBe(ErrorCode.validation);
    expect(bad.message).toContain('photoDupBits');
    const denied = await t.api('POST', '/api/evidence/settings', {
      token: bd,
      body: { photoExifRequired: true },
    });
    expect(denied.code).toBe(ErrorCode.forbidden);
    const res = await t.api<EvidenceStatusValue>('POST', '/api/evidence/settings', {
      token: admin,
      body: { photoExifRequired: true, rerun: true },
    });
    expect(res.code, res.message).toBe(0);
    expect(res.value.settings.photoExifRequired).toBe(true);
    expect(res.value.pending).toBeGreaterThanOrEqual(13);
    expect(res.value.job?.status).toBe('queued');
    const seen: number[] = [];
    await runEvidence(t.deps, 'KH2026', async (p) => void seen.push(p));
    expect(seen.length).toBeGreaterThan(0);
    expect((await kindsOf('noExif')).map((a) => a.kind)).toEqual(['photo_time']);
    expect((await kindsOf('clean')).map((a) => a.kind)).toEqual([]);
    const after = await t.api<EvidenceStatusValue>('GET', '/api/evidence/status', { token: admin });
    expect(after.value.pending).toBe(0);
  });
});
