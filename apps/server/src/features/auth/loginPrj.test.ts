import { clientPasswordHash, ErrorCode } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sessions } from '../../db/schema/index.ts';

const hash = clientPasswordHash;
type Node = { id: number; children: Node[] };
type Self = { project: { code: string } | null; menus: Node[]; roles: string[] };

/** Spec §7 POST /api/user/loginPrj: login + selectProject in one call (issue 29). */
describe('signing in straight into a project', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '100' },
    });
    await t.initAdmin({ demo: true });
  });
  afterAll(() => t.close());

  const loginPrj = (account: string, password: string, prjCode: string) =>
    t.api<{ token: string; project: { code: string; name: string } }>('POST', '/api/user/loginPrj', {
      body: { account, password: hash(password), client: 2, prjCode },
    });

  it('opens a session in the project: the same self as login followed by selectProject', async () => {
    const res = await loginPrj('demo_bd', 'pine2026', 'KH2026');
    expect(res.code).toBe(0);
    expect(res.value.project).toEqual({ code: 'KH2026', name: expect.stringContaining('开化县') });
    const direct = await t.api<Self>('GET', '/api/user/self', { token: res.value.token });

    const token = await t.signIn('demo_bd', 'pine2026');
    const selected = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
    expect(selected.value).toEqual(res.value.project);
    const twoSteps = await t.api<Self>('GET', '/api/user/self', { token });

    expect(direct.value.project?.code).toBe('KH2026');
    expect(direct.value.roles).toEqual(['section_manager']);
    expect(direct.value.menus.map((m) => m.id)).toEqual(twoSteps.value.menus.map((m) => m.id));
    expect(direct.value).toEqual(twoSteps.value);
    // The session may read the project's data at once.
    const workers = await t.api('POST', '/api/lwryUser/lwryList', {
      token: res.value.token,
      body: { pageNum: 1, pageSize: 5 },
    });
    expect(workers.code).toBe(0);
  });

  it('refuses a project the account is not a member of, as selectProject does, opening no session', async () => {
    const token = await t.signIn('demo_bd', 'pine2026');
    const viaSelect = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'JS2026' } });
    const count = async () => (await t.deps.database.db.select({ id: sessions.id }).from(sessions)).length;
    const before = await count();
    const outside = await loginPrj('demo_bd', 'pine2026', 'JS2026');
    expect(await count()).toBe(before);
    expect(outside).toEqual(viaSelect);
    expect(outside).toEqual({ code: ErrorCode.forbidden, message: '您不是该项目的成员', value: null });
    // An unknown code answers alike, so codes cannot be probed.
    expect(await loginPrj('demo_bd', 'pine2026', 'NOPE')).toEqual(outside);
  });

  it('checks the password first, with login’s message and throttle', async () => {
    const wrong = await loginPrj('demo_gov', 'nope123', 'KH2026');
    const unknownProject = await loginPrj('demo_gov', 'nope123', 'NOPE');
    expect(wrong).toEqual({ code: ErrorCode.badCredentials, message: '账号或密码错误', value: null });
    expect(unknownProject).toEqual(wrong);
    expect((await loginPrj('demo_gov', 'nope123', 'KH2026')).code).toBe(ErrorCode.badCredentials);
    const locked = await loginPrj('demo_gov', 'pine2026', 'KH2026');
    expect(locked.code).toBe(ErrorCode.rateLimited);
  });

  it('lets the super administrator into any project and validates the body like login', async () => {
    const admin = await loginPrj('admin', 'admin123', 'JS2026');
    expect(admin.code).toBe(0);
    const self = await t.api<Self>('GET', '/api/user/self', { token: admin.value.token });
    expect(self.value.project?.code).toBe('JS2026');
    const missing = await t.api('POST', '/api/user/loginPrj', {
      body: { account: 'admin', password: hash('admin123'), client: 2 },
    });
    expect(missing.code).toBe(ErrorCode.validation);
    const plain = await t.api('POST', '/api/user/loginPrj', {
      body: { account: 'admin', password: 'admin123', client: 2, prjCode: 'JS2026' },
    });
    expect(plain.code).toBe(ErrorCode.validation);
  });
});
