import { ErrorCode } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { workersTestApp } from './testKit.ts';

/** 撤销审核 (issue 29): a reviewer undoes an approval or a rejection, one or many. */
describe('undoing a worker review', () => {
  const kit = workersTestApp();
  const examine = (token: string, userId: string[], examineStatus: 1 | 2, reason = '') =>
    kit.t.api<{ approved: number; rejected: number }>('POST', '/api/lwryUser/examine', {
      token,
      body: { userId, examineStatus, reason },
    });
  const unexamine = (token: string, userId: string | string[]) =>
    kit.t.api<{ revoked: number; skipped: { id: string; reason: string }[] }>(
      'POST',
      '/api/lwryUser/unexamine',
      { token, body: { userId } },
    );

  it('puts approved and rejected workers back to pending, with the history and the audit log', async () => {
    const [a, b] = [await kit.complete(), await kit.complete()];
    expect((await examine(kit.jianli, [a], 1)).value.approved).toBe(1);
    expect((await examine(kit.jianli, [b], 2, '照片不清晰')).value.rejected).toBe(1);

    const res = await unexamine(kit.jianli, [a, b]);
    expect(res.code).toBe(0);
    expect(res.value).toEqual({ revoked: 2, skipped: [] });
    expect(res.message).toBe('已撤销 2 人的审核，退回待审核；未处理 0 人');
    for (const id of [a, b]) {
      const d = (await kit.detail(kit.admin, id)).value;
      expect(d).toMatchObject({ examineStatus: 0, examineReason: '' });
      expect(d.history.at(-1)).toMatchObject({ action: 'revoke', actor: '汪丽华' });
    }
    const log = await kit.t.api<{ list: { action: string; entityId: string }[] }>('POST', '/api/audit/list', {
      token: kit.admin,
      body: { entity: 'worker', pageNum: 1, pageSize: 20 },
    });
    expect(
      log.value.list
        .filter((r) => r.action === 'revoke')
        .map((r) => r.entityId)
        .sort(),
    ).toEqual([a, b].sort());
    // Pending again: the review can be made anew.
    expect((await examine(kit.admin, [a, b], 1)).value.approved).toBe(2);
  });

  it('skips a worker still pending, and refuses a single one with the reason', async () => {
    const [done, pending] = [await kit.complete(), await kit.complete()];
    await examine(kit.jianli, [done], 1);
    const many = await unexamine(kit.jianli, [done, pending]);
    expect(many.value.revoked).toBe(1);
    expect(many.value.skipped).toEqual([{ id: pending, name: '测试工', reason: '尚未审核，无需撤销' }]);
    const one = await unexamine(kit.jianli, pending);
    expect(one.code).toBe(ErrorCode.validation);
    expect(one.message).toBe('测试工：尚未审核，无需撤销');
  });

  it('is the reviewers’ only: the government viewer and the section manager are refused', async () => {
    const id = await kit.complete();
    await examine(kit.jianli, [id], 1);
    expect((await unexamine(kit.gov, id)).code).toBe(ErrorCode.forbidden);
    expect((await unexamine(kit.bd, id)).code).toBe(ErrorCode.forbidden);
    // A worker of another project is not found from this one.
    expect((await unexamine(kit.js, id)).code).toBe(ErrorCode.forbidden);
    expect((await kit.detail(kit.admin, id)).value.examineStatus).toBe(1);
  });
});
