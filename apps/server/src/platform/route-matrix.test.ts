import { ErrorCode } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { demoAccounts } from '../seed/demo.ts';

/**
 * The permission matrix generated from the route table: every registered /api route × every
 * demo role (and signed out), expected from the route's declared `access` and the role's
 * permissions as the server reports them. A new route is in the matrix the day it is added.
 */
describe('permission matrix generated from the route table', () => {
  let t: TestApp;
  const callers = new Map<string, { token: string; superAdmin: boolean; permissions: Set<string> }>();

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    const admin = await t.initAdmin({ demo: true });
    const tokens: [string, string][] = [['super_admin', admin]];
    for (const demo of demoAccounts) tokens.push([demo.role, await t.signIn(demo.account, 'pine2026')]);
    for (const [role, token] of tokens) {
      const selected = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
      expect(selected.code, role).toBe(0);
      const self = await t.api<{ ifAdmin: boolean; permissions: string[] }>('GET', '/api/user/self', {
        token,
      });
      callers.set(role, {
        token,
        superAdmin: self.value.ifAdmin,
        permissions: new Set(self.value.permissions),
      });
    }
  });
  afterAll(() => t.close());

  const expected = (access: string, caller: { superAdmin: boolean; permissions: Set<string> }) => {
    if (access === 'public' || access === 'session' || access === 'project') return true;
    if (caller.superAdmin) return true;
    if (access === 'system.admin') return false;
    return caller.permissions.has(access);
  };
  const skip = (url: string) =>
    url.startsWith('/api/docs') || /log(in)?out/i.test(url) || url.includes('switchRole');

  it('refuses every non-public route signed out', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.access !== 'public' && !skip(r.url));
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) {
      const url = r.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({ method: r.method as 'GET', url });
      expect(res.json().code, `${r.method} ${r.url}`).toBe(ErrorCode.notSignedIn);
    }
  });

  it.each(['super_admin', 'project_admin', 'supervisor', 'section_manager', 'worker', 'gov_viewer'])(
    '%s is let through exactly where the declared access says',
    async (role) => {
      const caller = callers.get(role)!;
      for (const r of t.app.apiRoutes.filter((x) => !skip(x.url))) {
        const url = r.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
        const res = await t.app.inject({ method: r.method as 'GET', url, headers: { token: caller.token } });
        const code = String(res.headers['content-type']).includes('json') ? res.json().code : 0;
        const label = `${role} ${r.method} ${r.url} (${r.access})`;
        if (expected(r.access, caller)) expect(code, label).not.toBe(ErrorCode.forbidden);
        else expect(code, label).toBe(ErrorCode.forbidden);
        expect(res.statusCode, label).toBeLessThan(500);
      }
    },
  );
});
