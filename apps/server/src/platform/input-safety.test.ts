import { clientPasswordHash, ErrorCode } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** NUL, lone surrogates and integers beyond 32 bits are refused in validation, for every route. */
describe('input PostgreSQL cannot store is refused in validation', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
  });
  afterAll(() => t.close());

  it('refuses NUL in the sign-in body, naming the field', async () => {
    const res = await t.api('POST', '/api/user/login', {
      body: { account: 'demo\u0000admin', password: clientPasswordHash('x123456'), client: 2 },
    });
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.message).toContain('U+0000');
    expect(res.message).toMatch(/^账号/);
  });

  it('refuses lone surrogates and NUL in bodies and query strings of signed-in routes', async () => {
    const lone = await t.api('POST', '/api/user/addUser', {
      token: admin,
      body: {
        account: 'surrogate1',
        password: clientPasswordHash('x123456'),
        name: 'a\ud800b',
        roleIds: [1],
      },
    });
    expect(lone.code).toBe(ErrorCode.validation);
    expect(lone.message).toContain('代理项');
    const inQuery = await t.api('POST', '/api/user/userList', { token: admin, body: { keyword: 'x\u0000' } });
    expect(inQuery.code).toBe(ErrorCode.validation);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/queryPhone?phone=138%00',
      headers: { token: admin },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toBe(ErrorCode.validation);
    // A key with NUL is refused too.
    const key = await t.api('POST', '/api/user/userList', { token: admin, body: { 'k\u0000': 1 } });
    expect(key.code).toBe(ErrorCode.validation);
  });

  it('refuses integers beyond 32 bits for ids, in queries, bodies and lists', async () => {
    const cases = [
      t.api('DELETE', '/api/auth/deleteRole?id=2147483648', { token: admin }),
      t.api('DELETE', '/api/auth/deleteRole?id=-2147483649', { token: admin }),
      t.api('POST', '/api/user/userList', { token: admin, body: { roleId: 2 ** 40 } }),
      t.api('POST', '/api/user/addUserInfo', {
        token: admin,
        body: {
          id: '00000000-0000-4000-8000-000000000000',
          name: 'x',
          status: 'active',
          roleIds: [1, 9007199254740991],
        },
      }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.code).toBe(ErrorCode.validation);
      expect(res.message).toContain('2147483647');
    }
    const inRange = await t.api('DELETE', '/api/auth/deleteRole?id=2147483647', { token: admin });
    expect(inRange.code).not.toBe(ErrorCode.validation);
    expect(inRange.code).not.toBe(ErrorCode.serverError);
  });
});
