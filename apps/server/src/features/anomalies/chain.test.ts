import { type AnomalyItem, type CollectResult, type QrItem, type QrScanAnswer } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { randomTag, signInTo, uploadPhoto } from '../../../test/records.ts';
import { burnDayOf, chainAnomalies } from './chain.ts';

/** A well-formed tag code nobody issued. */
const unissued = () => randomTag('ZZ');
/** An instant of March 2025 in China time: day d at hh:00 (fixed dates: the window is about them). */
const at = (d: number, hh = 10) =>
  `2025-03-${String(d).padStart(2, '0')}T${String(hh).padStart(2, '0')}:00:00+08:00`;

describe('chain rules (no database)', () => {
  const rec = (id: string, section: string, day: string, codes: string[], hh = 10) => ({
    id,
    tableCode: '',
    sectionCode: section,
    timeSubmit: new Date(`${day}T${String(hh).padStart(2, '0')}:00:00+08:00`),
    eventDay: day,
    codes,
  });
  it('a burn without a 焚烧时间 burns on the day it was saved (China day)', () => {
    expect(burnDayOf({}, new Date('2025-03-01T17:00:00Z'))).toBe('2025-03-02');
    expect(burnDayOf({ fssj: '2025-03-05' }, new Date('2025-03-01T17:00:00Z'))).toBe('2025-03-05');
    expect(burnDayOf({ fssj: 'soon' }, new Date('2025-03-01T01:00:00Z'))).toBe('2025-03-01');
  });
  it('the window counts whole days: day + window is in time, one more day is late', () => {
    const base = {
      projectCode: 'P',
      windowDays: 10,
      issued: new Map([['A', 'P']]),
      codes: ['A'],
      fellings: [rec('f', 'S1', '2025-03-01', ['A'], 23)],
    };
    expect(chainAnomalies({ ...base, burns: [rec('b', 'S1', '2025-03-11', ['A'], 1)] })).toEqual([]);
    const late = chainAnomalies({ ...base, burns: [rec('b', 'S1', '2025-03-12', ['A'])] });
    expect(late.map((a) => [a.kind, a.evidence.days])).toEqual([['burn_late', 11]]);
  });
  it('the first record of a tag is the felling: later ones are "twice", whatever order they arrive in', () => {
    const out = chainAnomalies({
      projectCode: 'P',
      windowDays: 10,
      issued: new Map([['A', 'P']]),
      codes: ['A'],
      fellings: [rec('late', 'S1', '2025-03-02', ['A']), rec('early', 'S1', '2025-03-01', ['A'])],
      burns: [],
    });
    expect(out.map((a) => [a.recordId, a.kind, a.otherRecordId])).toEqual([
      ['late', 'tag_felled_twice', 'early'],
    ]);
  });
});

describe('QR chain and value checks on every write (API)', () => {
  let t: TestApp;
  let admin: string;
  let adminJs: string;
  let bd: string;
  let photo: string;
  let tags: string[];
  let jsTag: string;
  let seq = 0;

  const felling = (sectionCode: string, when: string, qrcode: string, dungao = 3) => ({
    uuid: crypto.randomUUID(),
    tableCode: 'gbcfcz0101',
    sectionCode,
    timeSubmit: when,
    gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
    fields: {
      qrcode,
      shuzhong: '马尾松',
      xiongjing: 22,
      shugao: 12,
      dungao,
      multi_fzcl: '剥皮',
      pic_before: photo,
      pic_stump: photo,
      pic_treated: photo,
    },
  });
  const burn = (sectionCode: string, when: string, codes: string[], fssj: string, trees = codes.length) => ({
    uuid: crypto.randomUUID(),
    tableCode: 'gbymfs0101',
    sectionCode,
    timeSubmit: when,
    gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
    fields: {
      fsd: '华埠镇焚烧点',
      yimushuliang: trees,
      jldw: '株',
      fssj,
      pic_before: photo,
      pic_burning: photo,
      multi_qrcode: codes.join(','),
    },
  });
  type Rec = ReturnType<typeof felling> | ReturnType<typeof burn>;
  const collect = async (records: Rec[], token = admin) => {
    const res = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
      token,
      body: { records },
    });
    const bad = (res.value?.results ?? []).filter((r) => r.status !== 'created');
    if (res.code !== 0 || bad.length) throw new Error(JSON.stringify(res.code !== 0 ? res : bad));
    return records.map((r) => r.uuid);
  };
  const anomaliesOf = async (id: string, token = admin) => {
    const res = await t.api<{ list: AnomalyItem[] }>('GET', `/api/anomaly/record?id=${id}`, { token });
    expect(res.code, res.message).toBe(0);
    return res.value.list;
  };
  const kinds = async (id: string, state = 'open') =>
    (await anomaliesOf(id))
      .filter((a) => a.state === state)
      .map((a) => a.kind)
      .sort();
  const nextTag = () => tags[seq++]!;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    // The window the dates below are chosen for, whatever the demo sets.
    await t.deps.database.db.execute(sql`update projects set burn_window_days = 10 where code = 'KH2026'`);
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    adminJs = await signInTo(t, 'demo_admin', 'JS2026');
    bd = await signInTo(t, 'demo_bd', 'KH2026');
    photo = await uploadPhoto(t, admin);
    const made = await t.api<{ flagId: number }>('POST', '/api/qrInfo/add', {
      token: admin,
      body: { flagName: 'chain test', count: 60 },
    });
    expect(made.code, made.message).toBe(0);
    const page = await t.api<{ rows: QrItem[] }>('POST', '/api/qrInfo/list', {
      token: admin,
      body: { flagId: made.value.flagId, pageSize: 60 },
    });
    tags = page.value.rows.map((r) => r.code);
    const js = await t.api<{ first: string }>('POST', '/api/qrInfo/add', {
      token: adminJs,
      body: { flagName: 'js chain test', count: 1 },
    });
    jsTag = js.value.first;
  });
  afterAll(() => t.close());

  it('raises nothing on a clean felled → burned chain within the window, in its section', async () => {
    const a = nextTag();
    const [f, b] = await collect([felling('KH-BD02', at(1), a), burn('KH-BD02', at(4), [a], '2025-03-04')]);
    expect(await anomaliesOf(f!)).toEqual([]);
    expect(await anomaliesOf(b!)).toEqual([]);
    // A stump at the limit is compliant.
    const [edge] = await collect([felling('KH-BD02', at(1), nextTag(), 5)]);
    expect(await anomaliesOf(edge!)).toEqual([]);
  });

  it('stump_high: a stump above 5 cm, the record kept', async () => {
    const [f] = await collect([felling('KH-BD02', at(2), nextTag(), 8)]);
    const list = await anomaliesOf(f!);
    expect(list.map((x) => [x.kind, x.state, x.evidence, x.sectionCode, x.day])).toEqual([
      ['stump_high', 'open', { stumpCm: 8, limitCm: 5 }, 'KH-BD02', '2025-03-02'],
    ]);
  });

  it('tag_unknown and tag_other_project: a code never issued, a code of JS2026', async () => {
    const code = unissued();
    const [f1, f2] = await collect([felling('KH-BD02', at(2), code), felling('KH-BD02', at(2), jsTag)]);
    expect((await anomaliesOf(f1!)).map((x) => [x.kind, x.tagCode, x.evidence])).toEqual([
      ['tag_unknown', code, { code }],
    ]);
    expect((await anomaliesOf(f2!)).map((x) => [x.kind, x.evidence])).toEqual([
      ['tag_other_project', { code: jsTag, issuedTo: 'JS2026' }],
    ]);
  });

  it('tag_felled_twice and tag_burned_twice: the later record carries it, pointing at the first', async () => {
    const a = nextTag();
    const [f1, b1] = await collect([felling('KH-BD02', at(3), a), burn('KH-BD02', at(5), [a], '2025-03-05')]);
    const [f2, b2] = await collect([
      felling('KH-BD02', at(3, 11), a),
      burn('KH-BD02', at(6), [a], '2025-03-06'),
    ]);
    expect(await anomaliesOf(f1!)).toEqual([]);
    expect(await anomaliesOf(b1!)).toEqual([]);
    const twice = await anomaliesOf(f2!);
    expect(twice.map((x) => [x.kind, x.otherRecordId, x.evidence])).toEqual([
      ['tag_felled_twice', f1, { code: a, firstRecordId: f1, firstAt: '2025-03-03 10:00:00' }],
    ]);
    expect((await anomaliesOf(b2!)).map((x) => [x.kind, x.otherRecordId])).toEqual([
      ['tag_burned_twice', b1],
    ]);
  });

  it('burn_without_felling, cleared when the felling arrives later', async () => {
    const c = nextTag();
    const [b] = await collect([burn('KH-BD02', at(7), [c], '2025-03-07')]);
    expect(await kinds(b!)).toEqual(['burn_without_felling']);
    const [f] = await collect([felling('KH-BD02', at(6), c)]);
    expect(await anomaliesOf(f!)).toEqual([]);
    const after = await anomaliesOf(b!);
    expect(after.map((x) => [x.kind, x.state])).toEqual([['burn_without_felling', 'cleared']]);
    expect(after[0]!.resolvedBy).toBeNull();
    expect(after[0]!.resolvedAt).not.toBeNull();
  });

  it('burn_other_section and burn_late (fixed dates): 11 days is late, 10 is not', async () => {
    const [d, e, g] = [nextTag(), nextTag(), nextTag()];
    const [, , , b1, b2, b3] = await collect([
      felling('KH-BD02', at(1), d),
      felling('KH-BD02', at(1), e),
      felling('KH-BD02', at(1), g),
      burn('KH-BD03', at(3), [d], '2025-03-03'),
      burn('KH-BD02', at(12), [e], '2025-03-12'),
      burn('KH-BD02', at(12), [g], '2025-03-11'),
    ]);
    expect((await anomaliesOf(b1!)).map((x) => [x.kind, x.evidence])).toEqual([
      ['burn_other_section', { code: d, felledSection: 'KH-BD02', burnedSection: 'KH-BD03' }],
    ]);
    expect((await anomaliesOf(b2!)).map((x) => [x.kind, x.evidence])).toEqual([
      [
        'burn_late',
        { code: e, felledAt: '2025-03-01 10:00:00', burnedAt: '2025-03-12', days: 11, windowDays: 10 },
      ],
    ]);
    expect(await anomaliesOf(b3!)).toEqual([]);
  });

  it('re-checks what depended on a deleted, rejected or corrected record', async () => {
    const [c, d, e] = [nextTag(), nextTag(), nextTag()];
    const [fc, bc, fd, bd2, fe, be] = await collect([
      felling('KH-BD02', at(8), c),
      burn('KH-BD02', at(9), [c], '2025-03-09'),
      felling('KH-BD02', at(8), d, 9),
      burn('KH-BD03', at(9), [d], '2025-03-09'),
      felling('KH-BD02', at(1), e),
      burn('KH-BD02', at(20), [e], '2025-03-20'),
    ]);
    expect(await kinds(bc!)).toEqual([]);
    expect(await kinds(bd2!)).toEqual(['burn_other_section']);
    expect(await kinds(be!)).toEqual(['burn_late']);

    // Deleting the felling: its burn now lacks one.
    expect((await t.api('POST', '/api/data/del', { token: admin, body: { ids: [fc] } })).code).toBe(0);
    expect(await kinds(bc!)).toEqual(['burn_without_felling']);
    // Restoring it: moot again.
    expect((await t.api('POST', '/api/data/restore', { token: admin, body: { ids: [fc] } })).code).toBe(0);
    expect(await kinds(bc!)).toEqual([]);
    expect(await kinds(bc!, 'cleared')).toEqual(['burn_without_felling']);

    // Rejecting a felling (state 40 never counts): the other section's burn is now without felling,
    // and the rejected record's own open anomalies are cleared.
    const rejected = await t.api('POST', '/api/data/examine', {
      token: admin,
      body: { ids: [fd], action: 'reject', reason: '重复' },
    });
    expect(rejected.code, rejected.message).toBe(0);
    expect(await kinds(bd2!)).toEqual(['burn_without_felling']);
    expect(await kinds(bd2!, 'cleared')).toEqual(['burn_other_section']);
    expect(await kinds(fd!)).toEqual([]);
    expect(await kinds(fd!, 'cleared')).toEqual(['stump_high']);

    // Correcting a felling's tag: the old tag's burn loses its felling, the new code is unknown.
    const code = unissued();
    const fixed = await t.api('POST', '/api/data/update', {
      token: admin,
      body: { id: fe, fields: { qrcode: code }, reason: '扫错' },
    });
    expect(fixed.code, fixed.message).toBe(0);
    expect(await kinds(be!)).toEqual(['burn_without_felling']);
    expect(await kinds(fe!)).toEqual(['tag_unknown']);
  });

  it('notifies the section manager once per batch, however many anomalies', async () => {
    const unread = async () =>
      (await t.api<{ unread: number }>('GET', '/api/notice/unreadCount', { token: bd })).value.unread;
    const before = await unread();
    await collect([
      felling('KH-BD01', at(10), nextTag(), 7),
      felling('KH-BD01', at(10), nextTag(), 9),
      felling('KH-BD01', at(10), unissued()),
    ]);
    expect(await unread()).toBe(before + 1);
    // Nothing raised in the manager's section: no notice.
    await collect([felling('KH-BD02', at(10), nextTag(), 9)]);
    expect(await unread()).toBe(before + 1);
  });

  it('shows a tag’s anomalies on the scan answer to project members, not to the public', async () => {
    const a = nextTag();
    await collect([felling('KH-BD02', at(3), a), felling('KH-BD02', at(4), a)]);
    const signed = await t.api<QrScanAnswer>('GET', `/api/qrInfo/scan?qrcode=${a}`, { token: admin });
    expect(signed.code, signed.message).toBe(0);
    expect(signed.value.anomalies.map((x) => x.kind)).toEqual(['tag_felled_twice']);
    const open = await t.api<QrScanAnswer>('GET', `/api/qrInfo/scan?qrcode=${a}`);
    expect(open.value.valid).toBe(true);
    expect(open.value.anomalies).toEqual([]);
  });
});
