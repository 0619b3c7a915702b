import { clientPasswordHash, ErrorCode, type InviteItem, inviteAlphabet } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const hash = clientPasswordHash;

describe('invitation codes, registration and review', () => {
  let t: TestApp;
  let kh: string;
  let roleIds: Record<string, number>;
  const register = (code: string, account: string, phone: string | null = null) =>
    t.api('POST', '/api/user/register', {
      body: { account, password: hash('reg12345'), name: '注册用户', phone, code },
    });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
    const roles = await t.api<{ id: number; code: string }[]>('GET', '/api/common/role', { token: kh });
    roleIds = Object.fromEntries(roles.value.map((r) => [r.code, r.id]));
  });
  afterAll(() => t.close());

  const invite = async (body: object) => {
    const res = await t.api<{ id: string; code: string }>('POST', '/api/user/insertInvite', {
      token: kh,
      body,
    });
    expect(res.code).toBe(0);
    return res.value;
  };

  it('makes 8-character codes from an unambiguous alphabet, different each time', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await invite({ roleId: roleIds.worker })).code);
    expect(codes.size).toBe(20);
    for (const code of codes) {
      expect(code).toHaveLength(8);
      expect([...code].every((c) => inviteAlphabet.includes(c))).toBe(true);
    }
    const list = await t.api<{ list: InviteItem[]; total: number }>('POST', '/api/user/listInvite', {
      token: kh,
      body: {},
    });
    expect(list.value.total).toBe(20);
    expect(list.value.list).toHaveLength(10);
    expect(list.value.list[0]).toMatchObject({
      roleName: '劳务人员',
      createdBy: '周建国',
      active: true,
      uses: 0,
    });
  });

  it('registers with a code, waits for review, then signs in after approval', async () => {
    const { code } = await invite({ roleId: roleIds.supervisor });
    const res = await register(code.toLowerCase(), 'reg_ok', '13600000001');
    expect(res).toMatchObject({ code: 0, message: '注册成功，请等待项目管理员审核' });
    const early = await t.api('POST', '/api/user/login', {
      body: { account: 'reg_ok', password: hash('reg12345') },
    });
    expect(early).toMatchObject({
      code: ErrorCode.accountNotActive,
      message: '账号正在等待审核，审核通过后才能登录',
    });

    type Page = { list: { id: string; account: string }[] };
    const pending = await t.api<Page>('POST', '/api/user/verifyUserList', { token: kh, body: {} });
    const user = pending.value.list.find((u) => u.account === 'reg_ok')!;
    expect(user).toBeTruthy();
    const approve = await t.api('POST', '/api/user/verify', {
      token: kh,
      body: { userId: user.id, approve: true },
    });
    expect(approve.message).toBe('已审核通过');
    const token = await t.signIn('reg_ok', 'reg12345');
    await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
    const self = await t.api<{ roles: string[] }>('GET', '/api/user/self', { token });
    expect(self.value.roles).toEqual(['supervisor']);
    const twice = await t.api('POST', '/api/user/verify', {
      token: kh,
      body: { userId: user.id, approve: true },
    });
    expect(twice.message).toBe('该用户不在待审核状态');
  });

  it('rejects with a reason that the user is told at sign-in', async () => {
    const { code } = await invite({ roleId: roleIds.worker });
    await register(code, 'reg_no');
    type Page = { list: { id: string; account: string }[] };
    const pending = await t.api<Page>('POST', '/api/user/verifyUserList', {
      token: kh,
      body: { keyword: 'reg_no' },
    });
    const id = pending.value.list[0]!.id;
    const noReason = await t.api('POST', '/api/user/verify', {
      token: kh,
      body: { userId: id, approve: false },
    });
    expect(noReason).toMatchObject({ code: ErrorCode.validation, message: '驳回时请填写原因' });
    await t.api('POST', '/api/user/verify', {
      token: kh,
      body: { userId: id, approve: false, reason: '非本标段人员' },
    });
    const login = await t.api('POST', '/api/user/login', {
      body: { account: 'reg_no', password: hash('reg12345') },
    });
    expect(login.message).toBe('账号审核未通过：非本标段人员');
  });

  it('stops a code after its uses run out', async () => {
    const { code } = await invite({ roleId: roleIds.worker, maxUses: 1 });
    expect((await register(code, 'reg_once')).code).toBe(0);
    const second = await register(code, 'reg_twice');
    expect(second).toMatchObject({ code: ErrorCode.validation, message: '邀请码无效、已过期或已用完' });
  });

  it('lets exactly one of two racing registrations take the last use', async () => {
    const { code } = await invite({ roleId: roleIds.worker, maxUses: 1 });
    const results = await Promise.all([register(code, 'race_a'), register(code, 'race_b')]);
    expect(results.map((r) => r.code).sort()).toEqual([0, ErrorCode.validation]);
  });

  it('refuses an expired code and a revoked one', async () => {
    const past = await invite({
      roleId: roleIds.worker,
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect((await register(past.code, 'reg_late')).message).toBe('邀请码无效、已过期或已用完');
    const revoked = await invite({ roleId: roleIds.worker });
    expect(
      await t.api('POST', '/api/user/delInvite/', { token: kh, body: { id: revoked.id } }),
    ).toMatchObject({
      code: 0,
      message: '已作废',
    });
    expect((await register(revoked.code, 'reg_revoked')).code).toBe(ErrorCode.validation);
    const again = await t.api('POST', '/api/user/delInvite', { token: kh, body: { id: revoked.id } });
    expect(again.code).toBe(ErrorCode.notFound);
  });

  it('checks the code’s length and the role it grants', async () => {
    const short = await register('ABC', 'reg_short');
    expect(short.message).toBe('邀请码长度不能少于 8 个字符');
    const foreign = await t.api('POST', '/api/user/insertInvite', { token: kh, body: { roleId: 99999 } });
    expect(foreign.message).toBe('角色不存在或不能在本项目中分配');
  });

  it('joins a signed-in user to the code’s project from the avatar menu', async () => {
    const admin = await t.signIn('admin', 'admin123');
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'JS2026' } });
    const jsCode = await t.api<{ code: string }>('POST', '/api/user/insertInvite', {
      token: admin,
      body: { roleId: roleIds.gov_viewer },
    });
    const bd = await t.signIn('demo_bd', 'pine2026');
    const joined = await t.api('POST', '/api/user/addVisitUser/', {
      token: bd,
      body: { code: jsCode.value.code },
    });
    expect(joined).toMatchObject({
      code: 0,
      message: '已加入项目：江山市2026年度松材线虫病疫木除治项目',
      value: { projectCode: 'JS2026' },
    });
    const sel = await t.api('POST', '/api/user/selectProject', { token: bd, body: { prjCode: 'JS2026' } });
    expect(sel.code).toBe(0);
    const twice = await t.api('POST', '/api/user/addVisitUser/', {
      token: bd,
      body: { code: jsCode.value.code },
    });
    expect(twice.message).toBe('您已经是该项目的成员');
  });

  it('throttles one guesser without locking out the office behind the same address', async () => {
    const app = await createTestApp({
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '2' },
    });
    const guess = (account: string, code = 'ZZZZZZZZ') =>
      app.api('POST', '/api/user/register', {
        body: { account, password: hash('x123456'), name: '猜', code },
      });
    try {
      await app.initAdmin({ demo: true });
      const kh = await app.signIn('demo_admin', 'pine2026');
      await app.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
      const roles = await app.api<{ id: number; code: string }[]>('GET', '/api/common/role', { token: kh });
      const roleId = roles.value.find((r) => r.code === 'worker')!.id;
      const valid = await app.api<{ code: string }>('POST', '/api/user/insertInvite', {
        token: kh,
        body: { roleId },
      });
      // One person (one account name) is stopped after 3 wrong codes, even with a right one.
      for (let i = 0; i < 3; i++) expect((await guess('guesser')).code).toBe(ErrorCode.validation);
      expect((await guess('guesser')).code).toBe(ErrorCode.rateLimited);
      expect((await guess('guesser', valid.value.code)).code).toBe(ErrorCode.rateLimited);
      // A colleague at the same address still registers with the right code.
      expect((await guess('colleague', valid.value.code)).code).toBe(0);
      // Names changed at speed meet the address's ceiling (5 × 2 wrong codes) and stop there.
      let n = 3;
      while (n < 10) {
        expect((await guess(`rotating${n}`)).code).toBe(ErrorCode.validation);
        n++;
      }
      expect((await guess('rotating99')).code).toBe(ErrorCode.rateLimited);
    } finally {
      await app.close();
    }
  });
});
