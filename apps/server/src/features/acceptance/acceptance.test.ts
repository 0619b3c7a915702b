import { randomUUID } from 'node:crypto';
import {
  type AcceptanceCheckValue,
  type AcceptanceItemsValue,
  type AcceptanceListValue,
  type AcceptanceSampleDetail,
  type AnomalyItem,
  ErrorCode,
} from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { collect, examine, fellingFields, seedRecord, signInTo, uploadPhoto } from '../../../test/records.ts';
import { rowsOf } from '../../platform/sql.ts';

/**
 * 检查验收 through the API: a reproducible stratified draw (same seed and population → same
 * records; a changed population → the documented behaviour), checks and pass rates, a failed
 * check as an anomaly on the record, who may do what, and bad input naming its field. The
 * population is made here in March 2024 (the demo's records lie in the last 60 days): 40 approved
 * fellings in KH-BD01, 25 in KH-BD02, and 5 not approved.
 */
describe('acceptance sampling', () => {
  let t: TestApp;
  let admin: string;
  let jianli: string;
  let gov: string;
  let bd: string;
  let worker: string;
  let photo: string;
  const ids: Record<string, string> = {};
  const range = { begin: '2024-03-01', end: '2024-03-31' };
  const sections = ['KH-BD01', 'KH-BD02'];

  const draw = (token: string, body: Record<string, unknown>) =>
    t.api<AcceptanceSampleDetail>('POST', '/api/acceptance/draw', { token, body: { ...range, ...body } });
  const items = async (token: string, id: string, body: Record<string, unknown> = {}) =>
    (
      await t.api<AcceptanceItemsValue>('POST', '/api/acceptance/items', {
        token,
        body: { id, pageSize: 500, ...body },
      })
    ).value;
  const check = (token: string, body: Record<string, unknown>) =>
    t.api<AcceptanceCheckValue>('POST', '/api/acceptance/check', {
      token,
      body: { clientId: randomUUID(), photos: [photo], gps: { long: 118.4, lat: 29.1, range: 4 }, ...body },
    });
  const good = { found: true, stumpCm: 4, covered: true, branches: true, disposal: true };
  /** The documented order, asked of the database: uuid_hash_extended(id, hashtextextended(seed, 0)), then id. */
  const expected = async (seed: string, population: string[], take: number) =>
    rowsOf<{ id: string }>(
      await t.deps.database.db
        .execute(sql`select id from unnest(string_to_array(${population.join(',')}, ',')::uuid[]) x(id)
        order by uuid_hash_extended(id, hashtextextended(${seed}, 0)), id limit ${take}`),
    ).map((r) => String(r.id));
  const approvedIn = async (section: string) =>
    rowsOf<{ id: string }>(
      await t.deps.database.db.execute(sql`select id from records where section_code = ${section}
        and state = '20' and deleted_at is null and time_submit >= '2024-03-01' and time_submit < '2024-04-01'`),
    ).map((r) => String(r.id));

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    jianli = await signInTo(t, 'demo_jianli', 'KH2026');
    gov = await signInTo(t, 'demo_gov', 'KH2026');
    bd = await signInTo(t, 'demo_bd', 'KH2026');
    worker = await signInTo(t, 'demo_worker', 'KH2026', 1);
    photo = await uploadPhoto(t, admin);
    const make = (section: string, n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) =>
        seedRecord(ids, `${prefix}${i}`, {
          tableCode: 'gbcfcz0101',
          sectionCode: section,
          at: `2024-03-${String((i % 28) + 1).padStart(2, '0')}T09:00:00+08:00`,
          fields: fellingFields(photo),
        }),
      );
    const one = make('KH-BD01', 40, 'a');
    const two = make('KH-BD02', 25, 'b');
    const pending = make('KH-BD01', 5, 'p');
    await collect(t, admin, [...one, ...two, ...pending]);
    await examine(
      t,
      admin,
      [...one, ...two].map((r) => r.uuid),
      'approve',
    );
  });
  afterAll(() => t.close());

  it('draws ceil(10 %) of each section, the same records for the same seed, in the documented order', async () => {
    const first = await draw(jianli, { sectionCodes: sections, seed: 'county-2024' });
    expect(first.code, first.message).toBe(0);
    expect(first.value.seed).toBe('county-2024');
    expect(first.value.strata.map((s) => [s.sectionCode, s.population, s.drawn])).toEqual([
      ['KH-BD01', 40, 4],
      ['KH-BD02', 25, 3],
    ]);
    expect(first.value).toMatchObject({ population: 65, drawn: 7, sharePct: 10, createdBy: '汪丽华' });
    const again = await draw(gov, { sectionCodes: sections, seed: 'county-2024' });
    const a = (await items(jianli, first.value.id)).list;
    const b = (await items(gov, again.value.id)).list;
    expect(b.map((i) => i.recordId)).toEqual(a.map((i) => i.recordId));
    expect(a.filter((i) => i.sectionCode === 'KH-BD01').map((i) => i.recordId)).toEqual(
      await expected('county-2024', await approvedIn('KH-BD01'), 4),
    );
    expect(a.filter((i) => i.sectionCode === 'KH-BD02').map((i) => i.recordId)).toEqual(
      await expected('county-2024', await approvedIn('KH-BD02'), 3),
    );
    // Another seed draws other records (7 of 65 twice alike by chance: ~1e-9).
    const other = await draw(jianli, { sectionCodes: sections, seed: 'other-seed' });
    expect((await items(jianli, other.value.id)).list.map((i) => i.recordId)).not.toEqual(
      a.map((i) => i.recordId),
    );
    // Without a seed the server makes one and stores it.
    const random = await draw(jianli, { sectionCodes: ['KH-BD02'], sharePct: 20 });
    expect(random.value.seed).toMatch(/^[0-9a-f]{16}$/);
    expect(random.value.strata).toEqual([expect.objectContaining({ population: 25, drawn: 5 })]);
    const listed = await t.api<AcceptanceListValue>('GET', '/api/acceptance/list?pageSize=100', {
      token: gov,
    });
    expect(listed.value.list.map((s) => s.id)).toEqual(
      expect.arrayContaining([first.value.id, again.value.id, other.value.id, random.value.id]),
    );
  });

  it('with the same seed and a changed population: each record keeps its key, the draw follows the documented order', async () => {
    const before = await draw(jianli, { sectionCodes: ['KH-BD01'], seed: 'grow' });
    const old = (await items(jianli, before.value.id)).list.map((i) => i.recordId);
    // Five more records approved in KH-BD01: 45 → take 5.
    await examine(
      t,
      admin,
      [0, 1, 2, 3, 4].map((i) => ids[`p${i}`]!),
      'approve',
    );
    const after = await draw(jianli, { sectionCodes: ['KH-BD01'], seed: 'grow' });
    expect(after.value.strata[0]).toMatchObject({ population: 45, drawn: 5 });
    const now = (await items(jianli, after.value.id)).list.map((i) => i.recordId);
    expect(now).toEqual(await expected('grow', await approvedIn('KH-BD01'), 5));
    // A record drawn before stays drawn unless a newcomer's key sorts before it.
    const newcomers = new Set([0, 1, 2, 3, 4].map((i) => ids[`p${i}`]!));
    const displaced = old.filter((id) => !now.includes(id));
    expect(displaced.length).toBeLessThanOrEqual(now.filter((id) => newcomers.has(id)).length);
    // The earlier sample is stored: it still lists its own records.
    expect((await items(jianli, before.value.id)).list.map((i) => i.recordId)).toEqual(old);
  });

  it('records checks: pass rates per section and overall; a failure becomes an anomaly on the record', async () => {
    const s = await draw(jianli, { sectionCodes: sections, seed: 'checks' });
    const list = (await items(jianli, s.value.id)).list;
    const [p1, p2, f1] = list.filter((i) => i.sectionCode === 'KH-BD01');
    const [p3] = list.filter((i) => i.sectionCode === 'KH-BD02');
    for (const it of [p1!, p2!, p3!]) {
      const res = await check(jianli, { sampleId: s.value.id, recordId: it.recordId, ...good });
      expect(res.code, res.message).toBe(0);
      expect(res.value.item.state).toBe('passed');
    }
    const failed = await check(gov, {
      sampleId: s.value.id,
      recordId: f1!.recordId,
      ...good,
      stumpCm: 12,
      branches: false,
      remark: '伐桩过高，枝桠未清理',
    });
    expect(failed.value.item.check).toMatchObject({
      passed: false,
      reasons: ['stumpHigh', 'branches'],
      checkedBy: '郑晓燕',
      stumpCm: 12,
      gps: { long: 118.4, lat: 29.1, range: 4 },
    });
    expect(failed.value.item.check!.photos).toHaveLength(1);
    expect(failed.value.item.recordPhotos.length).toBeGreaterThan(0);
    const detail = (
      await t.api<AcceptanceSampleDetail>('GET', `/api/acceptance/sample?id=${s.value.id}`, { token: gov })
    ).value;
    expect(detail.strata.map((x) => [x.sectionCode, x.checked, x.passed, x.failed, x.passRate])).toEqual([
      ['KH-BD01', 3, 2, 1, 2 / 3],
      ['KH-BD02', 1, 1, 0, 1],
    ]);
    expect(detail).toMatchObject({ checked: 4, passed: 3, failed: 1, passRate: 0.75 });
    expect((await items(gov, s.value.id, { state: 'failed' })).list.map((i) => i.recordId)).toEqual([
      f1!.recordId,
    ]);
    // Filters and pages read the same draw order: the checked rows, the rest, and pages of it.
    const passedNow = await items(gov, s.value.id, { state: 'passed' });
    expect(passedNow.list.map((i) => i.recordId)).toEqual([p1!.recordId, p2!.recordId, p3!.recordId]);
    expect(passedNow.total).toBe(3);
    const unchecked = await items(gov, s.value.id, { state: 'unchecked' });
    expect(unchecked.list.map((i) => i.recordId)).toEqual(
      list.filter((i) => ![p1, p2, p3, f1].includes(i)).map((i) => i.recordId),
    );
    expect(unchecked.total).toBe(list.length - 4);
    expect(unchecked.list.every((i) => i.state === 'unchecked' && i.check === null)).toBe(true);
    const page2 = await items(gov, s.value.id, { pageSize: 2, pageNum: 2 });
    expect(page2.list.map((i) => i.recordId)).toEqual(list.slice(2, 4).map((i) => i.recordId));
    expect(page2.total).toBe(list.length);
    const second = await items(gov, s.value.id, { sectionCode: 'KH-BD02', pageSize: 2, pageNum: 2 });
    expect(second.list.map((i) => i.recordId)).toEqual(
      list
        .filter((i) => i.sectionCode === 'KH-BD02')
        .slice(2, 4)
        .map((i) => i.recordId),
    );

    const ofRecord = async () =>
      (
        await t.api<{ list: AnomalyItem[] }>('GET', `/api/anomaly/record?id=${f1!.recordId}`, {
          token: admin,
        })
      ).value.list.filter((a) => a.kind === 'acceptance_failed');
    const [anomaly] = await ofRecord();
    expect(anomaly).toMatchObject({
      state: 'open',
      sectionCode: 'KH-BD01',
      day: expect.stringMatching(/^2024-03-/),
    });
    expect(anomaly!.evidence).toMatchObject({
      sampleId: s.value.id,
      reasons: '伐桩过高、枝桠未处理',
      checkedBy: '郑晓燕',
    });
    // A re-check that passes clears the open anomaly; the item follows its latest check.
    const recheck = await check(jianli, { sampleId: s.value.id, recordId: f1!.recordId, ...good });
    expect(recheck.value.item.state).toBe('passed');
    expect((await ofRecord())[0]!.state).toBe('cleared');
  });

  it('stores a check sent twice (the offline queue resending) once', async () => {
    const s = await draw(jianli, { sectionCodes: ['KH-BD02'], seed: 'resend' });
    const [it] = (await items(jianli, s.value.id)).list;
    const body = {
      sampleId: s.value.id,
      recordId: it!.recordId,
      clientId: randomUUID(),
      ...good,
      found: false,
    };
    const one = await check(jianli, body);
    const two = await check(jianli, body);
    expect([one.value.duplicate, two.value.duplicate]).toEqual([false, true]);
    expect(two.value.item.check).toMatchObject({ found: false, passed: false, reasons: ['notFound'] });
    const n = await t.deps.database.db.execute(
      sql`select count(*)::int as n from acceptance_checks where client_id = ${body.clientId}::uuid`,
    );
    expect(Number(rowsOf<{ n: number }>(n)[0]!.n)).toBe(1);
  });

  it('refuses bad input naming the field, never a 5xx', async () => {
    const zero = await draw(jianli, { sharePct: 0 });
    expect(zero.code).toBe(ErrorCode.validation);
    expect(zero.message).toBe('抽样比例须大于 0 且不超过 100%');
    expect(zero.value).toEqual({ fields: [{ field: 'sharePct', message: zero.message }] });
    const over = await draw(jianli, { sharePct: 150 });
    expect(over.value).toEqual({ fields: [expect.objectContaining({ field: 'sharePct' })] });
    const unknown = await draw(jianli, { sectionCodes: ['KH-BD01', 'NOPE'] });
    expect(unknown.code).toBe(ErrorCode.validation);
    expect(unknown.value).toEqual({
      fields: [{ field: 'sectionCodes', message: '标段不存在或不可见：NOPE' }],
    });
    const empty = await draw(jianli, { begin: '2020-01-01', end: '2020-01-31' });
    expect(empty.value).toEqual({ fields: [expect.objectContaining({ field: 'sectionCodes' })] });
    expect(empty.message).toBe('所选标段和日期内没有已通过的记录，无法抽样');
    const reversed = await draw(jianli, { begin: '2024-03-31', end: '2024-03-01' });
    expect(reversed.value).toEqual({ fields: [expect.objectContaining({ field: 'end' })] });
    const badDay = await draw(jianli, { begin: '2024-13-01' });
    expect(badDay.code).toBe(ErrorCode.validation);
    const badSeed = await draw(jianli, { seed: 'a b' });
    expect(badSeed.code).toBe(ErrorCode.validation);
    const notFound = await t.api('GET', `/api/acceptance/sample?id=${randomUUID()}`, { token: jianli });
    expect(notFound.code).toBe(ErrorCode.notFound);
    const s = await draw(jianli, { sectionCodes: ['KH-BD02'], seed: 'bad' });
    const notInSample = await check(jianli, { sampleId: s.value.id, recordId: ids.a0, ...good });
    const drawnIds = (await items(jianli, s.value.id)).list.map((i) => i.recordId);
    if (!drawnIds.includes(ids.a0!)) expect(notInSample.code).toBe(ErrorCode.notFound);
    const noStump = await check(jianli, { sampleId: s.value.id, recordId: drawnIds[0], found: true });
    expect(noStump.value).toEqual({ fields: [expect.objectContaining({ field: 'stumpCm' })] });
    const big = await t.api('POST', '/api/acceptance/items', {
      token: jianli,
      body: { id: s.value.id, pageSize: 501 },
    });
    expect(big.code).toBe(ErrorCode.validation);
  });

  it('lets supervisors, government inspectors and administrators draw and check; others not; never another project', async () => {
    expect((await draw(admin, { seed: 'x' })).code).toBe(0);
    expect((await draw(bd, { seed: 'x' })).code).toBe(ErrorCode.forbidden);
    expect((await draw(worker, { seed: 'x' })).code).toBe(ErrorCode.forbidden);
    expect((await t.api('GET', '/api/acceptance/list', { token: bd })).code).toBe(ErrorCode.forbidden);
    expect((await t.api('GET', '/api/acceptance/list')).code).not.toBe(0);
    const other = await draw(jianli, { prjCode: 'JS2026', seed: 'x' });
    expect(other.code).toBe(ErrorCode.forbidden);
    // A sample of KH2026 read from another project of the same inspector is not found.
    const s = await draw(gov, { sectionCodes: ['KH-BD02'], seed: 'scope' });
    const govJs = await signInTo(t, 'demo_gov', 'JS2026');
    const fromJs = await t.api('GET', `/api/acceptance/sample?id=${s.value.id}`, { token: govJs });
    expect(fromJs.code).toBe(ErrorCode.notFound);
  });

  it('exports the county table as .xlsx (summary and detail sheets)', async () => {
    const s = await draw(jianli, { sectionCodes: sections, seed: 'export' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/acceptance/export?id=${s.value.id}`,
      headers: { token: jianli },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [summary, detail] = book.worksheets;
    expect(summary!.name).toBe('检查验收汇总表');
    expect(detail!.rowCount).toBe(1 + s.value.drawn);
    expect(s.value.drawn).toBe(8); // 5 of KH-BD01's 45 (five approved above) + 3 of 25
    expect(detail!.getRow(1).getCell(17).value).toBe('检查结论');
    expect(detail!.getRow(2).getCell(17).value).toBe('未检查');
  });
});
