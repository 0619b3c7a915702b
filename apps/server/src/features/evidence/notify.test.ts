import { ErrorCode, type EvidenceStatusValue, type NoticeItem } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signInTo, uploadBytes } from '../../../test/records.ts';
import { rowsOf } from '../../platform/sql.ts';
import { runEvidence } from './run.ts';
import { giveSquareOutline } from './testOutline.ts';
import { treePhoto } from './testPhotos.ts';

/**
 * What a county user meets around the evidence check (issue 30): the section manager hears of
 * what a run raised in the section — one notice per section and run, linking 疑点 filtered by
 * kind and section — and the project administrator sets the thresholds from the project form
 * (which saves them through /api/evidence/settings, with its validation and audit).
 */
describe('evidence: the section manager is told, the project form sets the thresholds', () => {
  let t: TestApp;
  let admin: string;
  let bd: string;
  let gov: string;
  const inside = { long: 118.41, lat: 29.12, alt: 300, range: 5 };
  const outside = { ...inside, long: 118.46 };

  async function upload(bytes: Buffer): Promise<string> {
    const body = await uploadBytes(t, admin, bytes, 'p.jpg', 'image/jpeg');
    expect(body.code, body.message).toBe(0);
    return body.value.id;
  }
  /** A survey record of `section` at `gps`, its photo taken an hour before at the same place. */
  async function survey(seed: number, section: string, gps: typeof inside, photoAt = '2024:04:10 09:00:00') {
    const pic = await upload(await treePhoto(seed, { takenAt: photoAt, lat: gps.lat, lng: gps.long }));
    return {
      uuid: crypto.randomUUID(),
      tableCode: 'gbksdc0101',
      sectionCode: section,
      timeSubmit: '2024-04-10T10:00:00+08:00',
      gps,
      fields: { kssl: 1, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: [pic] },
    };
  }
  async function post(records: unknown[]) {
    const res = await t.api<{ results: { status: string }[] }>('POST', '/api/collect/records', {
      token: admin,
      body: { records },
    });
    expect(res.code, res.message).toBe(0);
    expect(res.value.results.map((r) => r.status)).toEqual(records.map(() => 'created'));
  }
  const evidenceNotices = async (token: string) =>
    (
      await t.api<{ list: NoticeItem[]; total: number }>('POST', '/api/notice/list', {
        token,
        body: { pageNum: 1, pageSize: 50, noticeKind: 'anomaliesFound' },
      })
    ).value.list.filter((n) => n.text.startsWith('证据检查'));

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    bd = await signInTo(t, 'demo_bd', 'KH2026');
    gov = await signInTo(t, 'demo_gov', 'KH2026');
    // KH-BD01 (demo_bd's) and KH-BD02 (no manager) get the same 6 × 5.5 km outline near 华埠镇.
    await giveSquareOutline(t.deps.database.db, ['KH-BD01', 'KH-BD02']);
  }, 120_000);
  afterAll(() => t.close());

  it('sends one notice per section and run, however many records, linking 疑点 by kind and section', async () => {
    await post([
      await survey(1, 'KH-BD01', outside),
      await survey(2, 'KH-BD01', { ...outside, lat: 29.13 }),
      await survey(3, 'KH-BD01', { ...outside, lat: 29.14 }),
      await survey(4, 'KH-BD01', inside),
      await survey(5, 'KH-BD02', outside),
    ]);
    await runEvidence(t.deps, 'KH2026');
    const [notice, ...more] = await evidenceNotices(bd);
    expect(more).toEqual([]);
    expect(notice!.text).toBe('证据检查：标段 第一标段（华埠镇、池淮镇） 新增 3 个疑点（位于标段范围外 3）');
    expect(notice!.link).toBe('/anomalies?anomalyKind=outside_section&sectionCode=KH-BD01&state=open');
    expect(notice!.prjCode).toBe('KH2026');
    // KH-BD02 has no manager; the government viewer manages nothing.
    expect(await evidenceNotices(gov)).toEqual([]);
  });

  it('stays quiet when a run raises nothing new, and links the section when it raises several kinds', async () => {
    const rerun = await t.api('POST', '/api/evidence/settings', { token: admin, body: { rerun: true } });
    expect(rerun.code, rerun.message).toBe(0);
    await runEvidence(t.deps, 'KH2026');
    expect(await evidenceNotices(bd)).toHaveLength(1);

    await post([
      await survey(6, 'KH-BD01', outside),
      await survey(7, 'KH-BD01', inside, '2024:04:10 13:00:00'),
    ]);
    await runEvidence(t.deps, 'KH2026');
    const [latest, first] = await evidenceNotices(bd);
    expect(first).toBeDefined();
    expect(latest!.text).toContain('新增 2 个疑点');
    expect(latest!.link).toBe('/anomalies?sectionCode=KH-BD01&state=open');
  });

  it("saves the project form's thresholds, names a bad field, keeps the others, audits the change", async () => {
    const before = await t.api<EvidenceStatusValue>('GET', '/api/evidence/status', { token: admin });
    expect(before.value.settings).toEqual({
      photoBeforeHours: 72,
      photoPlaceM: 50,
      photoDupBits: 5,
      outlineToleranceM: 50,
      photoExifRequired: false,
    });
    for (const [field, value] of [
      ['photoBeforeHours', 0],
      ['photoPlaceM', 5],
      ['outlineToleranceM', 5001],
      ['photoDupBits', 2.5],
      ['photoExifRequired', 'yes'],
    ] as const) {
      const bad = await t.api('POST', '/api/evidence/settings', { token: admin, body: { [field]: value } });
      expect(bad.code, field).toBe(ErrorCode.validation);
      expect(bad.message, field).toContain(field);
    }
    const saved = await t.api<EvidenceStatusValue>('POST', '/api/evidence/settings', {
      token: admin,
      body: { photoPlaceM: 120, outlineToleranceM: 200 },
    });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.value.settings).toEqual({
      ...before.value.settings,
      photoPlaceM: 120,
      outlineToleranceM: 200,
    });
    // Without rerun nothing is queued.
    expect(saved.value.pending).toBe(0);
    for (const token of [bd, gov]) {
      const denied = await t.api('POST', '/api/evidence/settings', { token, body: { photoPlaceM: 60 } });
      expect(denied.code).toBe(ErrorCode.forbidden);
    }
    const audit = rowsOf<{ after: unknown }>(
      await t.deps.database.db.execute(sql`select after from audit_log where entity = 'project'
        and entity_id = 'KH2026' and params->>'kind' = 'evidence' order by id desc limit 1`),
    );
    const after = typeof audit[0]?.after === 'string' ? JSON.parse(audit[0].after) : audit[0]?.after;
    expect(after).toMatchObject({ photoPlaceM: 120, outlineToleranceM: 200 });
  });
});
