import { addDays, chinaToday, makeIdNumber } from '@pineguard/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { notices, sections, users, workers } from '../../db/schema/index.ts';
import { INSURANCE_ENDING_DAYS, noticeInsuranceEnding } from './index.ts';

const today = chinaToday();
let seq = 0;
const newId = () => makeIdNumber('330824', '1979-05-20', 600 + seq++);

/** The daily check's "insurance ending" notices (issue #17): once per worker and end date. */
describe('insurance ending notices', () => {
  let t: TestApp;
  let admin: string;
  let managerId: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    const [bd] = await t.deps.database.db.select().from(users).where(eq(users.account, 'demo_bd'));
    managerId = bd!.id;
  });
  afterAll(() => t.close());

  const register = async (name: string, bxEnd: string, sectionCode = 'KH-BD01') => {
    const res = await t.api<{ id: string }>('POST', '/api/lwryUser/insert', {
      token: admin,
      body: {
        name,
        idNumber: newId(),
        phone: '13905706543',
        sectionCode,
        ifToubao: 1,
        bxStart: addDays(today, -60),
        bxEnd,
      },
    });
    expect(res.code, res.message).toBe(0);
    return res.value.id;
  };
  const noticesOf = async (workerId: string) =>
    (await t.deps.database.db.select().from(notices).where(eq(notices.kind, 'workerInsuranceEnding'))).filter(
      (n) => n.link.endsWith(`id=${workerId}`),
    );

  it('notices the section manager once per worker and end date, again for a new end date', async () => {
    const soon = await register('将到期工', addDays(today, 10));
    const later = await register('远期工', addDays(today, INSURANCE_ENDING_DAYS + 5));

    expect(await noticeInsuranceEnding(t.deps, today)).toBeGreaterThanOrEqual(1);
    const first = await noticesOf(soon);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      recipientId: managerId,
      projectCode: 'KH2026',
      messageKey: 'noticeInsuranceEnding',
      params: { name: '将到期工', end: addDays(today, 10) },
    });
    expect(first[0]!.text).toContain('将到期工');
    expect(await noticesOf(later)).toHaveLength(0);

    // The next days' checks: the same end date is not noticed again.
    expect(await noticeInsuranceEnding(t.deps, today)).toBe(0);
    await noticeInsuranceEnding(t.deps, addDays(today, 1));
    expect(await noticesOf(soon)).toHaveLength(1);

    // The insurance is renewed with a later end (still within the horizon): noticed once more.
    const [row] = await t.deps.database.db.select().from(workers).where(eq(workers.id, soon));
    const renewed = await t.api('POST', '/api/lwryUser/update', {
      token: admin,
      body: {
        id: soon,
        idNumber: row!.idNumber,
        name: '将到期工',
        phone: '13905706543',
        sectionCode: 'KH-BD01',
        ifToubao: 1,
        bxStart: addDays(today, -60),
        bxEnd: addDays(today, 20),
      },
    });
    expect(renewed.code, renewed.message).toBe(0);
    expect(await noticeInsuranceEnding(t.deps, today)).toBe(1);
    expect((await noticesOf(soon)).map((n) => n.params?.end).sort()).toEqual(
      [addDays(today, 10), addDays(today, 20)].sort(),
    );

    // The later worker comes within the horizon as the days pass.
    await noticeInsuranceEnding(t.deps, addDays(today, 6));
    expect(await noticesOf(later)).toHaveLength(1);
  });

  it('notices the holders of workers.manage when the section has no manager; ended insurance is not "ending"', async () => {
    const { db } = t.deps.database;
    await db
      .update(sections)
      .set({ managerId: null })
      .where(and(eq(sections.projectCode, 'KH2026'), eq(sections.code, 'KH-BD02')));
    const id = await register('无负责人工', addDays(today, 3), 'KH-BD02');
    const gone = await register('已到期工', addDays(today, -1));
    await noticeInsuranceEnding(t.deps, today);
    const sent = await noticesOf(id);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const [adminUser] = await db.select().from(users).where(eq(users.account, 'demo_admin'));
    expect(sent.map((n) => n.recipientId)).toContain(adminUser!.id);
    expect(await noticesOf(gone)).toHaveLength(0);
    const [row] = await db.select().from(workers).where(eq(workers.id, id));
    expect(row!.insuranceNoticeEnd).toBe(addDays(today, 3));
  });
});
