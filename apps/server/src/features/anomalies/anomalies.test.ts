import {
  type AnomalyCountsValue,
  type AnomalyItem,
  type AnomalyListValue,
  type AnomalyResolveValue,
  anomalyCountsValue,
  anomalyListValue,
  type CollectResult,
  ErrorCode,
} from '@pineguard/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { randomTag, signInTo, uploadPhoto } from '../../../test/records.ts';
import { auditLog } from '../../db/schema/index.ts';

/** A well-formed tag code (check character and all) that nobody issued. */
const unissued = () => randomTag('TZ');
/**
 * The 疑点 screens' API: list (filters, keyset pages), counts, a record's anomalies, and the
 * resolutions with their audit; who may do what; a section manager's sections only. The set is
 * made here, in April 2024 (the demo's records lie in the last 60 days): stumps too high in
 * KH-BD01 (the demo section manager's) and KH-BD02.
 */
describe('anomalies: list, counts, resolutions, scope', () => {
  let t: TestApp;
  let admin: string;
  let jianli: string;
  let bd: string;
  let gov: string;
  let worker: string;
  let photo: string;
  const days = { begin: '2024-04-01', end: '2024-04-30' };

  const felling = (sectionCode: string, day: number, dungao: number) => ({
    uuid: crypto.randomUUID(),
    tableCode: 'gbcfcz0101',
    sectionCode,
    timeSubmit: `2024-04-${String(day).padStart(2, '0')}T09:00:00+08:00`,
    gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
    fields: {
      qrcode: unissued(),
      shuzhong: '马尾松',
      xiongjing: 20,
      dungao,
      multi_fzcl: '剥皮',
      pic_before: photo,
      pic_stump: photo,
      pic_treated: photo,
    },
  });
  const list = (token: string, body: Record<string, unknown> = {}) =>
    t.api<AnomalyListValue>('POST', '/api/anomaly/list', { token, body: { ...days, ...body } });
  const stumps = async (token: string, body: Record<string, unknown> = {}) =>
    (await list(token, { anomalyKind: 'stump_high', pageSize: 100, ...body })).value.list;
  const resolve = (action: string, token: string, body: Record<string, unknown>) =>
    t.api<AnomalyResolveValue>('POST', `/api/anomaly/${action}`, { token, body });
  const ofRecord = async (id: string, token = admin) =>
    (await t.api<{ list: AnomalyItem[] }>('GET', `/api/anomaly/record?id=${id}`, { token })).value.list;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    jianli = await signInTo(t, 'demo_jianli', 'KH2026');
    bd = await signInTo(t, 'demo_bd', 'KH2026');
    gov = await signInTo(t, 'demo_gov', 'KH2026');
    worker = await signInTo(t, 'demo_worker', 'KH2026', 1);
    photo = await uploadPhoto(t, admin);
    const records = [
      felling('KH-BD01', 1, 6),
      felling('KH-BD01', 2, 7),
      felling('KH-BD01', 3, 8),
      felling('KH-BD02', 2, 9),
      felling('KH-BD02', 4, 10),
      felling('KH-BD02', 5, 3), // compliant
    ];
    const res = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token: admin,
      body: { records },
    });
    expect(
      res.value.results.every((r) => r.status === 'created'),
      JSON.stringify(res),
    ).toBe(true);
  });
  afterAll(() => t.close());

  it('lists a project’s anomalies newest first with filters, paged by cursor without repeats', async () => {
    const all = await stumps(admin);
    expect(all.map((a) => a.evidence.stumpCm)).toEqual(expect.arrayContaining([6, 7, 8, 9, 10]));
    expect(all).toHaveLength(5);
    const res = await list(admin, { anomalyKind: 'stump_high', pageSize: 2 });
    expect(anomalyListValue.parse(res.value)).toEqual(res.value);
    expect(res.value.total).toBe(5);
    const seen = [...res.value.list];
    let cursor = res.value.nextCursor;
    while (cursor) {
      const next = await list(admin, { anomalyKind: 'stump_high', pageSize: 2, cursor });
      seen.push(...next.value.list);
      cursor = next.value.nextCursor;
    }
    expect(seen.map((a) => a.id)).toEqual(all.map((a) => a.id));
    const keys = seen.map((a) => `${a.createdAt}|${a.id}`);
    expect([...keys].sort().reverse()).toEqual(keys);

    expect((await stumps(admin, { sectionCode: 'KH-BD02' })).map((a) => a.evidence.stumpCm).sort()).toEqual([
      10, 9,
    ]);
    expect((await stumps(admin, { begin: '2024-04-02', end: '2024-04-02' })).map((a) => a.day)).toEqual([
      '2024-04-02',
      '2024-04-02',
    ]);
    expect(await stumps(admin, { state: 'explained' })).toEqual([]);
  });

  it('refuses a bad filter or cursor naming the field, never a 5xx', async () => {
    const kind = await list(admin, { anomalyKind: 'nope' });
    expect(kind.code).toBe(ErrorCode.validation);
    const reversed = await list(admin, { begin: '2024-04-05', end: '2024-04-01' });
    expect(reversed.code).toBe(ErrorCode.validation);
    expect(reversed.message).toBe('结束日期不能早于开始日期');
    const cursor = await list(admin, { cursor: 'not-a-cursor' });
    expect(cursor.code).toBe(ErrorCode.validation);
    const big = await list(admin, { pageSize: 101 });
    expect(big.code).toBe(ErrorCode.validation);
  });

  it('gives a section manager only the sections they manage: list, counts, a record', async () => {
    const mine = await stumps(bd);
    expect(mine.map((a) => a.sectionCode)).toEqual(['KH-BD01', 'KH-BD01', 'KH-BD01']);
    const counts = await t.api<AnomalyCountsValue>('GET', '/api/anomaly/counts', { token: bd });
    expect(anomalyCountsValue.parse(counts.value)).toEqual(counts.value);
    expect(new Set(counts.value.rows.map((r) => r.sectionCode))).toEqual(new Set(['KH-BD01']));
    const other = (await stumps(admin, { sectionCode: 'KH-BD02' }))[0]!;
    // Another section's record is not found for them, as its detail is not.
    const hidden = await t.api('GET', `/api/anomaly/record?id=${other.recordId}`, { token: bd });
    expect([hidden.code, hidden.message]).toEqual([ErrorCode.notFound, '记录不存在或无权查看']);
    expect((await ofRecord(other.recordId, admin)).map((a) => a.id)).toContain(other.id);
    // Naming another section filters to nothing rather than widening.
    expect(await stumps(bd, { sectionCode: 'KH-BD02' })).toEqual([]);
  });

  it('counts per section and kind, for the dashboard', async () => {
    const counts = await t.api<AnomalyCountsValue>('GET', '/api/anomaly/counts', { token: admin });
    const row = (s: string) => counts.value.rows.find((r) => r.sectionCode === s && r.kind === 'stump_high');
    expect(row('KH-BD01')?.open).toBeGreaterThanOrEqual(3);
    expect(row('KH-BD02')?.open).toBeGreaterThanOrEqual(2);
    expect(counts.value.open).toBe(counts.value.rows.reduce((n, r) => n + r.open, 0));
  });

  it('explain → explained (note required), reopen → open, confirm → confirmed; each audited with who and when', async () => {
    const [a] = await stumps(bd);
    const noNote = await resolve('explain', bd, { ids: [a!.id], note: '' });
    expect(noNote.code).toBe(ErrorCode.validation);
    const explained = await resolve('explain', bd, { ids: [a!.id], note: '石头旁，锯不低' });
    expect(explained.code, explained.message).toBe(0);
    expect(explained.value).toEqual({ changed: 1, ids: [a!.id], rejected: 0 });
    let now = (await ofRecord(a!.recordId)).find((x) => x.id === a!.id)!;
    expect([now.state, now.note, now.resolvedBy]).toEqual(['explained', '石头旁，锯不低', '余志强']);
    expect(now.resolvedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The section manager may not confirm or reopen (the supervisor's part).
    expect((await resolve('reopen', bd, { ids: [a!.id] })).code).toBe(ErrorCode.forbidden);
    const reopened = await resolve('reopen', jianli, { ids: [a!.id], note: '照片显示桩高' });
    expect(reopened.value.changed).toBe(1);
    const confirmed = await resolve('confirm', jianli, { ids: [a!.id], note: '要求返工' });
    expect(confirmed.value.changed).toBe(1);
    now = (await ofRecord(a!.recordId)).find((x) => x.id === a!.id)!;
    expect([now.state, now.note, now.resolvedBy]).toEqual(['confirmed', '要求返工', '汪丽华']);
    // Confirmed cannot be explained; the refusal says so.
    const again = await resolve('explain', bd, { ids: [a!.id], note: 'x' });
    expect(again.code).toBe(ErrorCode.validation);

    const rows = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'anomaly'), eq(auditLog.entityId, a!.id)))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, (r.params as { kind: string }).kind, r.before, r.after])).toEqual([
      ['update', 'explain', { state: 'open', note: '' }, { state: 'explained', note: '石头旁，锯不低' }],
      [
        'update',
        'reopen',
        { state: 'explained', note: '石头旁，锯不低' },
        { state: 'open', note: '照片显示桩高' },
      ],
      [
        'update',
        'confirm',
        { state: 'open', note: '照片显示桩高' },
        { state: 'confirmed', note: '要求返工' },
      ],
    ]);
    expect(rows.every((r) => r.at instanceof Date && r.projectCode === 'KH2026')).toBe(true);
  });

  it('confirm with rejectRecord rejects the record through review; the confirmation stays', async () => {
    const b = (await stumps(admin, { sectionCode: 'KH-BD02' })).find((x) => x.evidence.stumpCm === 10)!;
    const noReason = await resolve('confirm', jianli, { ids: [b.id], rejectRecord: true });
    expect(noReason.code).toBe(ErrorCode.validation);
    expect(noReason.message).toContain('原因');
    const done = await resolve('confirm', jianli, { ids: [b.id], rejectRecord: true, note: '伐桩不合格' });
    expect(done.code, done.message).toBe(0);
    expect(done.value.rejected).toBe(1);
    const state = await t.deps.database.db.execute(sql`select state from records where id = ${b.recordId}`);
    expect(
      ((state as { rows?: { state: string }[] }).rows ?? (state as unknown as { state: string }[]))[0]!.state,
    ).toBe('40');
    // The confirmed one stays confirmed; the record's other open one (its tag, never issued) is moot.
    const after = (await ofRecord(b.recordId)).map((x) => [x.kind, x.state]).sort();
    expect(after).toEqual([
      ['stump_high', 'confirmed'],
      ['tag_unknown', 'cleared'],
    ]);
    // A rejected record cannot be rejected again.
    const reopened = await resolve('reopen', jianli, { ids: [b.id] });
    expect(reopened.value.changed).toBe(1);
    const twice = await resolve('confirm', jianli, { ids: [b.id], rejectRecord: true, note: '再驳回' });
    expect(twice.code).toBe(ErrorCode.validation);
  });

  it('answers not found for anomalies outside the caller’s sections or project', async () => {
    const other = (await stumps(admin, { sectionCode: 'KH-BD02' }))[0]!;
    const res = await resolve('explain', bd, { ids: [other.id], note: '不是我的' });
    expect(res.code).toBe(ErrorCode.notFound);
    const unknown = await resolve('explain', admin, { ids: [crypto.randomUUID()], note: 'x' });
    expect(unknown.code).toBe(ErrorCode.notFound);
  });

  it('lets each role through exactly where its permissions say', async () => {
    const one = (await stumps(admin))[0]!;
    // The government viewer reads, resolves nothing; the field worker sees no anomalies at all.
    expect((await list(gov)).code).toBe(0);
    expect((await t.api('GET', '/api/anomaly/counts', { token: gov })).code).toBe(0);
    expect((await resolve('explain', gov, { ids: [one.id], note: 'x' })).code).toBe(ErrorCode.forbidden);
    expect((await resolve('confirm', gov, { ids: [one.id] })).code).toBe(ErrorCode.forbidden);
    expect((await list(worker)).code).toBe(ErrorCode.forbidden);
    expect((await t.api('GET', `/api/anomaly/record?id=${one.recordId}`, { token: worker })).code).toBe(
      ErrorCode.forbidden,
    );
    // Another project named by a non-super-administrator: refused, never silently their own.
    expect((await list(admin, { prjCode: 'JS2026' })).code).toBe(ErrorCode.forbidden);
  });
});
