import { clientPasswordHash, ErrorCode } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { isDatabaseDown } from './error-handler.ts';

describe('a database outage', () => {
  it('answers business calls 503 "数据库不可用", signed in or not, never a 500', async () => {
    const t = await createTestApp();
    try {
      await t.initAdmin();
      const token = await t.signIn('admin', 'admin123');
      await t.deps.database.close();
      for (const [method, url, body] of [
        ['POST', '/api/user/userList', {}],
        ['GET', '/api/user/self', undefined],
        ['POST', '/api/user/login', { account: 'admin', password: clientPasswordHash('admin123') }],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { token },
          ...(body ? { payload: body } : {}),
        });
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toEqual({
          code: ErrorCode.serverError,
          message: '数据库不可用',
          value: null,
        });
      }
    } finally {
      await t.app.close();
    }
  });

  it('tells connection faults from query faults', () => {
    expect(
      isDatabaseDown(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(isDatabaseDown(new Error('q', { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(
      true,
    );
    expect(isDatabaseDown(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseDown(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseDown(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
