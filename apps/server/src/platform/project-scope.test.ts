import { clientPasswordHash, ErrorCode } from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { projects, users } from '../db/schema/index.ts';

const hash = clientPasswordHash;
const refused = [ErrorCode.projectRequired, ErrorCode.forbidden];

/** A project grants only while it is live and only to users who still hold a role in it. */
describe('project scope of a session', () => {
  let t: TestApp;
  let admin: string;
  let roleIds: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    const roles = await t.api<{ id: number; code: string }[]>('GET', '/api/common/role', { token: admin });
    roleIds = Object.fromEntries(roles.value.map((r) => [r.code, r.id]));
  });
  afterAll(() => t.close());

  it('refuses a removed member on every project-scoped call, access "project" ones too', async () => {
    const worker = await t.signIn('demo_worker', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: worker, body: { prjCode: 'KH2026' } });
    expect((await t.api('GET', '/api/common/role', { token: worker })).code).toBe(0);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.account, 'demo_worker'));
    const removed = await t.api('POST', '/api/project/delPrj1User', {
      token: admin,
      body: { prjCode: 'KH2026', userId: row!.id },
    });
    expect(removed.code).toBe(0);
    for (const [method, url] of [
      ['GET', '/api/project/showPrj1'],
      ['GET', '/api/common/role'],
      ['GET', '/api/menu/list'],
    ] as const) {
      const res = await t.api(method, url, { token: worker });
      expect(refused, `${method} ${url}`).toContain(res.code);
    }
    const std = await t.api('POST', '/api/project/prj1StandCodeList', { token: worker, body: {} });
    expect(refused).toContain(std.code);
  });

  it('grants nothing in a deleted project, refuses its invitation codes and adding users to it', async () => {
    const kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
    const invite = await t.api<{ code: string }>('POST', '/api/user/insertInvite', {
      token: kh,
      body: { roleId: roleIds.gov_viewer },
    });
    expect(invite.code).toBe(0);
    await t.deps.database.db
      .update(projects)
      .set({ deletedAt: sql`now()` })
      .where(eq(projects.code, 'KH2026'));
    // Written straight to the database, not through the app: every instance hears it from the
    // projects trigger's notification (at once on PGlite, within milliseconds on PostgreSQL).
    await expect
      .poll(async () => (await t.api('POST', '/api/user/userList', { token: kh, body: {} })).code, {
        timeout: 1_000,
        interval: 10,
      })
      .not.toBe(0);
    for (const [method, url, body] of [
      ['POST', '/api/user/userList', {}],
      ['POST', '/api/user/insertInvite', { roleId: roleIds.gov_viewer }],
      ['GET', '/api/common/role', undefined],
      ['GET', '/api/project/showPrj1', undefined],
    ] as const) {
      const res = await t.api(method, url, { token: kh, body });
      expect(refused, `${method} ${url}`).toContain(res.code);
    }
    const added = await t.api('POST', '/api/user/addUser', {
      token: kh,
      body: { account: 'late_user', password: hash('late123'), name: '迟到', roleIds: [roleIds.gov_viewer] },
    });
    expect(refused).toContain(added.code);
    const registered = await t.api('POST', '/api/user/register', {
      body: { account: 'late_reg', password: hash('late123'), name: '迟到', code: invite.value.code },
    });
    expect(registered.code).not.toBe(0);
    // The super administrator cannot add users into a deleted or nonexistent project either.
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'JS2026' } });
    for (const prjCode of ['KH2026', 'NOPE2099']) {
      const res = await t.api('POST', '/api/user/addUser', {
        token: admin,
        body: {
          account: `x_${prjCode}`.toLowerCase(),
          password: hash('late123'),
          name: '甲',
          roleIds: [roleIds.gov_viewer],
          prjCode,
        },
      });
      expect(res.code, prjCode).toBe(ErrorCode.notFound);
      expect(res.message).toBe('项目不存在或已删除');
    }
  });
});
