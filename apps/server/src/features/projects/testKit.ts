import { createTestApp, type TestApp } from '../../../test/app.ts';

/**
 * A test app with the demo, signed in twice with KH2026 selected: the super administrator
 * (`admin`) and the project's administrator demo_admin (`kh`). Shared by the projects tests.
 */
export async function demoProjectAdmins(): Promise<{ t: TestApp; admin: string; kh: string }> {
  const t = await createTestApp({ demo: true });
  const admin = await t.initAdmin({ demo: true });
  await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
  const kh = await t.signIn('demo_admin', 'pine2026');
  await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
  return { t, admin, kh };
}
