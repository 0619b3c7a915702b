/** The rules of approval and clock-in permission, and the daily check that takes clock-in away. */
import { addDays, ErrorCode } from '@pineguard/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { notices, users, workerHistory } from '../../db/schema/index.ts';
import { expireInsurance } from './index.ts';
import { png, today, workersTestApp } from './testKit.ts';

describe('workers (lwry): rules', () => {
  const kit = workersTestApp();
  const { upload, register, complete, detail } = kit;
  let t: TestApp;
  let admin: string;
  let jianli: string;
  beforeAll(() => void ({ t, admin, jianli } = kit));

  it('gives clock-in permission only to approved, insured, faced workers, saying what is missing', async () => {
    const id = await register(admin, { name: '徐土根' });
    const refused = await t.api('POST', '/api/lwryUser/updateAllowCard', {
      token: admin,
      body: { id, allowCard: 1 },
    });
    expect(refused.code).toBe(ErrorCode.validation);
    expect(refused.message).toContain('未审核通过');
    expect(refused.message).toContain('未投保');
    expect(refused.message).toContain('人脸');
    // Incomplete workers cannot be approved.
    const early = await t.api('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: id, examineStatus: 1 },
    });
    expect(early.code).toBe(ErrorCode.validation);
    expect(early.message).toContain('身份证人像面');
    // Complete the worker: photos and a face.
    const d = (await detail(admin, id)).value;
    const faceFile = await upload(admin, 'face', png, 'f.png', 'image/png');
    const update = await t.api('POST', '/api/lwryUser/update', {
      token: admin,
      body: {
        id,
        name: d.name,
        idNumber: d.idNumber,
        phone: d.phone,
        sectionCode: d.sectionCode,
        idCardFront: await upload(admin, 'idCard', png, 'a.png', 'image/png'),
        idCardBack: await upload(admin, 'idCard', png, 'b.png', 'image/png'),
        faceFileIds: [faceFile],
      },
    });
    expect(update.code, update.message).toBe(0);
    const approved = await t.api('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: [id], examineStatus: 1 },
    });
    expect(approved.value).toMatchObject({ approved: 1, rejected: 0, skipped: [] });
    const uninsured = await t.api('POST', '/api/lwryUser/updateAllowCard', {
      token: admin,
      body: { id, allowCard: 1 },
    });
    expect(uninsured.message).toContain('未投保');
    expect(uninsured.message).not.toContain('未审核通过');
    const insured = await t.api('POST', '/api/lwryUser/update', {
      token: admin,
      body: {
        id,
        name: d.name,
        idNumber: d.idNumber,
        phone: d.phone,
        sectionCode: d.sectionCode,
        ifToubao: 1,
        insurer: '中国人寿',
        policyNo: 'P-1',
        bxStart: addDays(today, -1),
        bxEnd: addDays(today, 100),
        idCardFront: (await detail(admin, id)).value.idCardFront,
        idCardBack: (await detail(admin, id)).value.idCardBack,
      },
    });
    expect(insured.code, insured.message).toBe(0);
    const allowed = await t.api('POST', '/api/lwryUser/updateAllowCard', {
      token: admin,
      body: { id, allowCard: 1 },
    });
    expect(allowed.code, allowed.message).toBe(0);
    expect((await detail(admin, id)).value.allowCard).toBe(1);
  });

  it('reviews many at once, rejects with a reason, skips those not pending', async () => {
    const a = await complete({ name: '批量甲' });
    const b = await complete({ name: '批量乙' });
    const noReason = await t.api('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: [a, b], examineStatus: 2 },
    });
    expect(noReason.code).toBe(ErrorCode.validation);
    expect(noReason.message).toContain('原因');
    const rejected = await t.api<{ rejected: number }>('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: [a, b], examineStatus: 2, reason: '照片不清晰' },
    });
    expect(rejected.value.rejected).toBe(2);
    expect((await detail(admin, a)).value).toMatchObject({ examineStatus: 2, examineReason: '照片不清晰' });
    const again = await t.api<{ approved: number; skipped: unknown[] }>('POST', '/api/lwryUser/examine', {
      token: jianli,
      body: { userId: [a, b], examineStatus: 1 },
    });
    expect(again.value).toMatchObject({ approved: 0, skipped: [{ id: a }, { id: b }] });
  });

  it('turns clock-in off when insurance ends (fixed clock), with history and a notice to the section manager', async () => {
    const id = await complete({
      name: '到期工',
      ifToubao: 1,
      bxStart: addDays(today, -30),
      bxEnd: addDays(today, 2),
    });
    await t.api('POST', '/api/lwryUser/examine', { token: jianli, body: { userId: id, examineStatus: 1 } });
    expect(
      (await t.api('POST', '/api/lwryUser/updateAllowCard', { token: admin, body: { id, allowCard: 1 } }))
        .code,
    ).toBe(0);
    // The last insured day keeps clock-in; the day after turns it off.
    await expireInsurance(t.deps, addDays(today, 2));
    expect((await detail(admin, id)).value.allowCard).toBe(1);
    expect(await expireInsurance(t.deps, addDays(today, 3))).toBeGreaterThanOrEqual(1);
    expect(await expireInsurance(t.deps, addDays(today, 3))).toBe(0);
    const d = (await detail(admin, id)).value;
    expect(d.allowCard).toBe(0);
    expect(d.history.at(-1)).toMatchObject({ action: 'clockIn', actor: null });
    const [manager] = await t.deps.database.db.select().from(users).where(eq(users.account, 'demo_bd'));
    const mine = await t.deps.database.db.select().from(notices).where(eq(notices.recipientId, manager!.id));
    expect(mine.some((n) => n.text.includes('到期工') && n.link.includes(id))).toBe(true);
    const rows = await t.deps.database.db.select().from(workerHistory).where(eq(workerHistory.workerId, id));
    expect(rows.filter((h) => h.action === 'clockIn')).toHaveLength(2);
  });
});
