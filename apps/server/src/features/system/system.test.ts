import { clientPasswordHash, ErrorCode } from '@pineguard/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { projects, sections, userProjectRoles, userSections, users } from '../../db/schema/index.ts';
import { demoAccounts } from '../../seed/demo.ts';

describe('system', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports health with the database driver', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res).toEqual({
      code: 0,
      message: 'success',
      value: { status: 'ok', database: t.deps.database.driver },
    });
  });

  it('is not initialised before the first administrator exists', async () => {
    const res = await t.api<{ initialised: boolean }>('GET', '/api/system/init');
    expect(res.value.initialised).toBe(false);
  });

  it('refuses an init whose password was not client-hashed, naming the field', async () => {
    const res = await t.api('POST', '/api/system/init', {
      body: { account: 'admin', password: 'plain-text', name: '管理员' },
    });
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.message).toBe('密码须经客户端加密后提交');
  });

  it('refuses a demo scale out of 0–1, naming the field, and creates nothing', async () => {
    const res = await t.api('POST', '/api/system/init', {
      body: {
        account: 'admin',
        password: clientPasswordHash('admin123'),
        name: '管理员',
        demo: true,
        demoScale: 2,
      },
    });
    expect(res.code).toBe(ErrorCode.validation);
    expect(JSON.stringify(res)).toContain('demoScale');
    expect((await t.api<{ initialised: boolean }>('GET', '/api/system/init')).value.initialised).toBe(false);
  });

  it('creates exactly one super administrator when two inits race', async () => {
    const body = (account: string) => ({
      account,
      password: clientPasswordHash('admin123'),
      name: '管理员',
      demo: true,
      demoScale: 0,
    });
    const [a, b] = await Promise.all([
      t.api('POST', '/api/system/init', { body: body('admin') }),
      t.api('POST', '/api/system/init', { body: body('admin2') }),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([0, ErrorCode.conflict]);
    const [row] = await t.deps.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.isSuperAdmin, true));
    expect(row?.n).toBe(1);
    const again = await t.api('POST', '/api/system/init', { body: body('admin3') });
    expect(again.code).toBe(ErrorCode.conflict);
    expect(again.message).toBe('系统已初始化，不能重复创建管理员');
    const status = await t.api<{ initialised: boolean; demo: unknown }>('GET', '/api/system/init');
    // demoScale 0: the base only, no background load (demo.test.ts follows a load).
    expect(status.value).toEqual({ initialised: true, demo: null });
  });

  it('loads the demo with real county codes, sections and one account per role', async () => {
    const { db } = t.deps.database;
    const prj = await db.select().from(projects).orderBy(projects.code);
    expect(prj.map((p) => [p.code, p.areaCode])).toEqual([
      ['JS2026', '330881'],
      ['KH2026', '330824'],
    ]);
    const [sec] = await db.select({ n: count() }).from(sections);
    expect(sec?.n).toBe(6);
    for (const demo of demoAccounts) {
      const token = await t.signIn(demo.account, 'pine2026');
      expect(token).toHaveLength(43);
    }
    const [grants] = await db.select({ n: count() }).from(userProjectRoles);
    expect(grants?.n).toBe(demoAccounts.reduce((n, a) => n + a.projects.length, 0));
    // The field worker records in KH-BD01 only (issue 26: a worker without a section records nowhere).
    const assigned = await db
      .select({ project: userSections.projectCode, section: userSections.sectionCode })
      .from(userSections)
      .innerJoin(users, eq(users.id, userSections.userId))
      .where(eq(users.account, 'demo_worker'));
    expect(assigned).toEqual([{ project: 'KH2026', section: 'KH-BD01' }]);
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with a clear message instead of a stack', async () => {
    const t = await createTestApp();
    try {
      await t.deps.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: ErrorCode.serverError, message: '数据库不可用', value: null });
    } finally {
      await t.app.close();
    }
  });
});
