import { clientPasswordHash } from '@pineguard/contract';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, type RunningServer, snap } from './harness.ts';
import { demoPassword, signIn, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer(async (s, b) => {
  server = s;
  browser = b;
  // Give the supervisor a second role in KH2026, so there is something to switch between.
  const { token } = await api<{ token: string }>(server, '/api/user/login', {
    account: 'demo_admin',
    password: clientPasswordHash(demoPassword),
    client: 2,
  });
  await api(server, '/api/user/selectProject', { prjCode: 'KH2026' }, token);
  const roles = await api<{ id: number; code: string }[]>(server, '/api/common/role', undefined, token);
  const id = (code: string) => roles.find((r) => r.code === code)!.id;
  const users = await api<{ list: { id: string }[] }>(
    server,
    '/api/user/userList',
    { keyword: 'demo_jianli' },
    token,
  );
  await api(
    server,
    '/api/user/addUserInfo',
    {
      id: users.list[0]!.id,
      name: '汪丽华',
      status: 'active',
      roleIds: [id('supervisor'), id('gov_viewer')],
    },
    token,
  );
});

it('switches the active role: new token, menus of that role only, tabs closed', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${server.url}/dashboard`);
  await signIn(page, 'demo_jianli', demoPassword, 'KH2026', '/dashboard');
  const sidebar = page.getByTestId('sidebar');
  // Supervisor and viewer together see the workers menu group (the viewer alone sees only its statistics).
  await sidebar.getByText('二维码管理').waitFor();
  const before = await page.evaluate(() => JSON.stringify(localStorage));

  await page.getByTestId('role-switch').click();
  await page.getByRole('menuitem', { name: '政府查看' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();

  // The viewer role has no QR menu: the sidebar is rebuilt from the new role's menus.
  await expect.poll(() => sidebar.getByText('二维码管理').count(), { timeout: 15_000 }).toBe(0);
  await sidebar.getByText('进度管理').waitFor();
  await expect.poll(() => page.getByTestId('role-switch').textContent()).toContain('政府查看');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toBe(before);
  // Every tab closed but the pinned home tab, which stays first.
  await expect
    .poll(() => page.locator('[data-testid="tabs"] .pg-tag').first().getAttribute('data-path'))
    .toBe('/dashboard');
  await snap(page, 'role-switch-viewer');
});
