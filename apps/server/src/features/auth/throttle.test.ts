import { clientPasswordHash, ErrorCode } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const hash = clientPasswordHash;

/** The attempt is reserved before the password is checked, so the limit holds in parallel. */
describe('sign-in throttle under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_FAILURES_PER_ADDRESS: '20' },
    });
    await t.initAdmin({ demo: true });
  });
  afterAll(() => t.close());

  it('checks at most 5 passwords of 30 parallel sign-ins for one account', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.api('POST', '/api/user/login', {
          body: { account: 'demo_jianli', password: hash(i === 29 ? 'pine2026' : `wrong${i}`), client: 2 },
        }),
      ),
    );
    const checked = answers.filter((a) => a.code !== ErrorCode.rateLimited);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => [0, ErrorCode.badCredentials, ErrorCode.rateLimited].includes(a.code))).toBe(
      true,
    );
    const after = await t.api('POST', '/api/user/login', {
      body: { account: 'demo_jianli', password: hash('pine2026'), client: 2 },
    });
    // Refused attempts are not failures: locked exactly when five wrong passwords were checked.
    const failures = answers.filter((a) => a.code === ErrorCode.badCredentials).length;
    if (!answers.some((a) => a.code === 0)) {
      expect(after.code).toBe(failures >= 5 ? ErrorCode.rateLimited : 0);
    }
  });

  it('checks at most 20 of 80 parallel sign-ins from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        t.api('POST', '/api/user/login', {
          body: { account: `ghost${i}`, password: hash('x123456'), client: 2 },
        }),
      ),
    );
    const checked = answers.filter((a) => a.code === ErrorCode.badCredentials);
    // Earlier tests left up to 5 failures from this address in the window.
    expect(checked.length).toBeLessThanOrEqual(20);
    expect(answers.filter((a) => a.code === ErrorCode.rateLimited).length).toBeGreaterThanOrEqual(60);
  });
});

describe('old-password throttle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' } });
    await t.initAdmin({ demo: true });
  });
  afterAll(() => t.close());

  it('limits wrong old passwords in POST /api/user/password, in parallel too', async () => {
    const token = await t.signIn('demo_gov', 'pine2026');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.api('POST', '/api/user/password', {
          token,
          body: { oldPassword: hash(`guess${i}`), newPassword: hash('newpass1') },
        }),
      ),
    );
    const wrong = answers.filter((a) => a.code !== ErrorCode.rateLimited).length;
    expect(wrong).toBeLessThanOrEqual(3);
    const right = await t.api('POST', '/api/user/password', {
      token,
      body: { oldPassword: hash('pine2026'), newPassword: hash('newpass1') },
    });
    expect(right.code).toBe(wrong >= 3 ? ErrorCode.rateLimited : 0);
  });
});
