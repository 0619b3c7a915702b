import { addDays, chinaToday, clientPasswordHash, ErrorCode } from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sessions, users } from '../../db/schema/index.ts';

const hash = clientPasswordHash;

describe('sign-in and sessions', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '100' },
    });
    admin = await t.initAdmin({ demo: true });
  });
  afterAll(() => t.close());

  it('signs in with a trimmed account, case-insensitively, and stores only the token hash', async () => {
    const res = await t.api<{ token: string }>('POST', '/api/user/login', {
      body: { account: '  Demo_Admin ', password: hash('pine2026'), client: 2 },
    });
    expect(res.code).toBe(0);
    const stored = await t.deps.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.tokenHash === res.value.token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it('gives one message for a wrong password and an unknown account', async () => {
    const wrong = await t.api('POST', '/api/user/login', {
      body: { account: 'demo_gov', password: hash('nope123'), client: 2 },
    });
    const unknown = await t.api('POST', '/api/user/login', {
      body: { account: 'nobody_here', password: hash('nope123'), client: 2 },
    });
    expect(wrong).toEqual({ code: ErrorCode.badCredentials, message: '账号或密码错误', value: null });
    expect(unknown).toEqual(wrong);
  });

  it('stores a salted scrypt, never the client hash', async () => {
    const [row] = await t.deps.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.account, 'demo_bd'));
    expect(row?.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(row?.passwordHash).not.toContain(hash('pine2026'));
  });

  it('throttles repeated failures per account, even with the right password afterwards', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.api('POST', '/api/user/login', {
        body: { account: 'demo_jianli', password: hash('wrong1'), client: 2 },
      });
      expect(res.code).toBe(ErrorCode.badCredentials);
    }
    const locked = await t.api('POST', '/api/user/login', {
      body: { account: 'demo_jianli', password: hash('pine2026'), client: 2 },
    });
    expect(locked.code).toBe(ErrorCode.rateLimited);
    expect(locked.message).toBe('登录失败次数过多，请 15 分钟后再试');
    // Another account is not affected.
    const other = await t.api('POST', '/api/user/login', {
      body: { account: 'demo_bd', password: hash('pine2026'), client: 2 },
    });
    expect(other.code).toBe(0);
  });

  it('throttles per address across accounts', async () => {
    const app = await createTestApp({
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', LOGIN_MAX_FAILURES_PER_ADDRESS: '4' },
    });
    try {
      for (let i = 0; i < 4; i++) {
        await app.api('POST', '/api/user/login', {
          body: { account: `ghost${i}`, password: hash('x123456'), client: 2 },
        });
      }
      const res = await app.api('POST', '/api/user/login', {
        body: { account: 'ghost-new', password: hash('x123456'), client: 2 },
      });
      expect(res.code).toBe(ErrorCode.rateLimited);
    } finally {
      await app.close();
    }
  });

  it('accepts the token in token, X-Token and Authorization: Bearer headers', async () => {
    const token = await t.signIn('demo_gov', 'pine2026');
    const variants: Record<string, string>[] = [
      { token },
      { 'x-token': token },
      { authorization: `Bearer ${token}` },
    ];
    for (const headers of variants) {
      const res = await t.api<{ userIdOrCode: string }>('GET', '/api/user/self', { headers });
      expect(res.code).toBe(0);
      expect(res.value.userIdOrCode).toBe('demo_gov');
    }
  });

  it('answers 2 without a token and 50014 for an unknown or expired token', async () => {
    expect((await t.api('GET', '/api/user/self')).code).toBe(ErrorCode.notSignedIn);
    expect((await t.api('GET', '/api/user/self', { token: 'made-up' })).code).toBe(ErrorCode.tokenInvalid);
    const token = await t.signIn('demo_gov', 'pine2026');
    await t.deps.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(
        sql`${sessions.endedAt} is null and ${sessions.userId} = (select id from users where account = 'demo_gov')`,
      );
    expect((await t.api('GET', '/api/user/self', { token })).code).toBe(ErrorCode.tokenInvalid);
  });

  it('slides the expiry forward on use', async () => {
    const token = await t.signIn('demo_bd', 'pine2026');
    const db = t.deps.database.db;
    await db.execute(
      sql`update sessions set last_seen_at = now() - interval '1 hour', expires_at = now() + interval '1 hour' where ended_at is null`,
    );
    expect((await t.api('GET', '/api/user/self', { token })).code).toBe(0);
    const rows = await db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(sql`ended_at is null`);
    const latest = Math.max(...rows.map((r) => r.expiresAt.getTime()));
    expect(latest).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  it('revokes the token on log-out', async () => {
    const token = await t.signIn('demo_bd', 'pine2026');
    const out = await t.api('POST', '/api/user/loginOut', { token });
    expect(out.code).toBe(0);
    expect((await t.api('GET', '/api/user/self', { token })).code).toBe(ErrorCode.tokenInvalid);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const first = await t.signIn('demo_worker', 'pine2026');
    const second = await t.signIn('demo_worker', 'pine2026');
    const wrongOld = await t.api('POST', '/api/user/password', {
      token: second,
      body: { oldPassword: hash('not-it'), newPassword: hash('newpass1') },
    });
    expect(wrongOld.code).toBe(ErrorCode.validation);
    expect(wrongOld.message).toBe('原密码错误');
    const changed = await t.api('POST', '/api/user/password', {
      token: second,
      body: { oldPassword: hash('pine2026'), newPassword: hash('newpass1') },
    });
    expect(changed).toEqual({ code: 0, message: '密码修改成功', value: null });
    expect((await t.api('GET', '/api/user/self', { token: second })).code).toBe(0);
    expect((await t.api('GET', '/api/user/self', { token: first })).code).toBe(ErrorCode.tokenInvalid);
    await expect(t.signIn('demo_worker', 'pine2026')).rejects.toThrow();
    expect(await t.signIn('demo_worker', 'newpass1')).toBeTruthy();
  });

  it('tells a pending account why it cannot sign in, after a correct password only', async () => {
    await t.deps.database.db.update(users).set({ status: 'pending' }).where(eq(users.account, 'demo_gov'));
    const res = await t.api('POST', '/api/user/login', {
      body: { account: 'demo_gov', password: hash('pine2026'), client: 2 },
    });
    expect(res.code).toBe(ErrorCode.accountNotActive);
    expect(res.message).toBe('账号正在等待审核，审核通过后才能登录');
    const wrong = await t.api('POST', '/api/user/login', {
      body: { account: 'demo_gov', password: hash('guess12'), client: 2 },
    });
    expect(wrong.code).toBe(ErrorCode.badCredentials);
    await t.deps.database.db.update(users).set({ status: 'active' }).where(eq(users.account, 'demo_gov'));
  });

  it('answers in English when asked', async () => {
    const res = await t.api('POST', '/api/user/login', {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      body: { account: 'nobody', password: hash('x12345'), client: 2 },
    });
    expect(res.message).toBe('Wrong account or password');
  });

  it('ends other sessions of the same client with 50012 when single sign-in is on', async () => {
    const sso = await createTestApp({ env: { SINGLE_SIGN_IN: 'true' } });
    try {
      await sso.initAdmin();
      const first = await sso.signIn('admin', 'admin123');
      const fieldApp = await sso.signIn('admin', 'admin123', 1);
      const second = await sso.signIn('admin', 'admin123');
      expect((await sso.api('GET', '/api/user/self', { token: first })).code).toBe(
        ErrorCode.signedInElsewhere,
      );
      expect((await sso.api('GET', '/api/user/self', { token: second })).code).toBe(0);
      expect((await sso.api('GET', '/api/user/self', { token: fieldApp })).code).toBe(0);
    } finally {
      await sso.close();
    }
  });

  describe('projects', () => {
    it('lists only member projects, grouped province → city → county', async () => {
      const token = await t.signIn('demo_bd', 'pine2026');
      const res = await t.api<unknown[]>('GET', '/api/user/userProjectTree', { token });
      expect(res.value).toEqual([
        {
          value: '330000',
          label: '浙江省',
          type: 'area',
          children: [
            {
              value: '330800',
              label: '衢州市',
              type: 'area',
              children: [
                {
                  value: '330824',
                  label: '开化县',
                  type: 'area',
                  children: [
                    { value: 'KH2026', label: '开化县2026年度松材线虫病疫木除治项目', type: 'project' },
                  ],
                },
              ],
            },
          ],
        },
      ]);
    });

    it('refuses a project outside the membership and an unknown one', async () => {
      const token = await t.signIn('demo_bd', 'pine2026');
      const outside = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'JS2026' } });
      expect(outside.code).toBe(ErrorCode.forbidden);
      expect(outside.message).toBe('您不是该项目的成员');
      const unknown = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'NOPE' } });
      // Alike for an unknown code: codes cannot be probed.
      expect(unknown).toEqual(outside);
      const self = await t.api<{ project: unknown; menus: unknown[] }>('GET', '/api/user/self', { token });
      expect(self.value.project).toBeNull();
      expect(self.value.menus).toEqual([]);
    });

    it('returns the menus of the role in the selected project', async () => {
      const token = await t.signIn('demo_bd', 'pine2026');
      const sel = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
      expect(sel.code).toBe(0);
      type Node = { id: number; title: string; children: Node[] };
      const self = await t.api<{ menus: Node[]; sysMenus: Node[]; roles: string[]; ifAdmin: boolean }>(
        'GET',
        '/api/user/self',
        { token },
      );
      expect(self.value.roles).toEqual(['section_manager']);
      expect(self.value.ifAdmin).toBe(false);
      expect(self.value.sysMenus).toEqual([]);
      // 440: 无人机巡查 (issue 32) — the section's verification tasks.
      expect(self.value.menus.map((m) => m.id)).toEqual([100, 300, 400, 410, 420, 440, 500, 700, 800, 900]);
      const workers = self.value.menus.find((m) => m.id === 700);
      // Workers are reviewed by the project office, not by the section manager (docs/decisions/0087-workers-who-may.md).
      expect(workers?.children.map((c) => c.title)).toEqual([
        '劳务人员列表',
        '劳务统计',
        '新增劳务人员',
        '编辑劳务人员',
      ]);
    });

    it('brings a granted child menu’s parent along', async () => {
      const token = await t.signIn('demo_gov', 'pine2026');
      await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'JS2026' } });
      type Node = { id: number; children: Node[] };
      const self = await t.api<{ menus: Node[] }>('GET', '/api/user/self', { token });
      const burn = self.value.menus.find((m) => m.id === 600);
      expect(burn?.children.map((c) => c.id)).toEqual([601, 603]);
    });

    it('gives the super administrator every project and the system menus', async () => {
      await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'JS2026' } });
      type Node = { title: string };
      const self = await t.api<{ menus: Node[]; sysMenus: Node[]; roles: string[]; ifAdmin: boolean }>(
        'GET',
        '/api/user/self',
        { token: admin },
      );
      expect(self.value.ifAdmin).toBe(true);
      expect(self.value.roles).toContain('admin');
      expect(self.value.sysMenus.map((m) => m.title)).toEqual([
        '子系统首页',
        '元数据管理',
        '项目列表',
        '用户管理',
        '角色权限',
      ]);
      expect(self.value.menus.length).toBeGreaterThan(10);
    });
  });

  describe('profile', () => {
    it('edits name, sex, birth month and a preset avatar; the phone stays', async () => {
      const token = await t.signIn('demo_admin', 'pine2026');
      const res = await t.api('POST', '/api/user/editSelfInfo', {
        token,
        body: { name: '周建国2', sex: 1, birthday: '1985-06', avatar: 'avatar-03.svg', phone: '13800000000' },
      });
      expect(res).toEqual({
        code: 0,
        message: '个人信息已保存',
        value: { name: '周建国2', sex: 1, birthday: '1985-06', avatar: 'avatar-03.svg', phone: null },
      });
    });

    it('refuses a name over 12 characters, a bad month and an unknown avatar, naming each field', async () => {
      const token = await t.signIn('demo_admin', 'pine2026');
      const res = await t.api<{ fields: { field: string; message: string }[] }>(
        'POST',
        '/api/user/editSelfInfo',
        {
          token,
          body: { name: '一二三四五六七八九十一二三', birthday: '1985-13', avatar: '../etc/passwd' },
        },
      );
      expect(res.code).toBe(ErrorCode.validation);
      expect(res.value.fields.map((f) => f.field).sort()).toEqual(['avatar', 'birthday', 'name']);
      expect(res.value.fields.find((f) => f.field === 'name')?.message).toBe('姓名长度不能超过 12 个字符');
    });

    it('refuses a birth month in the future (issue 12 item 18); this month is fine', async () => {
      const token = await t.signIn('demo_admin', 'pine2026');
      const thisMonth = chinaToday().slice(0, 7);
      const next = addDays(`${thisMonth}-28`, 10).slice(0, 7);
      const res = await t.api<{ fields: { field: string; message: string }[] }>(
        'POST',
        '/api/user/editSelfInfo',
        {
          token,
          body: { name: '周建国', birthday: next },
        },
      );
      expect(res.code).toBe(ErrorCode.validation);
      expect(res.value.fields).toEqual([{ field: 'birthday', message: '出生年月不能晚于本月' }]);
      const ok = await t.api('POST', '/api/user/editSelfInfo', {
        token,
        body: { name: '周建国', birthday: thisMonth },
      });
      expect(ok.code).toBe(0);
    });
  });
});
