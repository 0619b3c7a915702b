import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, launchBrowser, newPage, pathOf, type RunningServer, snap, startServer } from './harness.ts';
import { demoPassword, initWithDemo, openFromSidebar, signIn } from './journeys.ts';
import { clientPasswordHash } from '@pineguard/contract';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  await initWithDemo(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(account: string, password = demoPassword, path = '/dashboard'): Promise<Page> {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}${path}`);
  await signIn(page, account, password, 'KH2026', path);
  return page;
}

it('signing out from a list page with several cached tabs lands on a clean login page', async () => {
  const page = await signedIn('demo_admin');
  await openFromSidebar(page, '枯死树详情', '/kusishu');
  await openFromSidebar(page, '消息中心', '/messageCenter');
  await openFromSidebar(page, '数据中心', '/dataCenter');
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '确 定' }).click();
  await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2FdataCenter');
  await page.getByLabel('账号').waitFor();
  // Whatever the kept-alive pages were doing has settled: no toast, no "logged out" dialog.
  await page.waitForLoadState('networkidle');
  await snap(page, 'safety-01-clean-login');
  expect(await page.locator('.ant-message-notice').count()).toBe(0);
  expect(await page.locator('.ant-modal').count()).toBe(0);
  expect(await page.getByText('未登录或登录已失效').count()).toBe(0);
  await page.context().close();
});

it('deleting a project with data is refused with what it holds; an empty one is archived and restored', async () => {
  const token = await api<{ token: string }>(server, '/api/user/login', {
    account: 'admin',
    password: clientPasswordHash('admin123'),
    client: 2,
  });
  await api(
    server,
    '/api/project/add',
    { code: 'EMPTY26', name: '空项目（待归档）', areaCode: '330127' },
    token.token,
  );
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}/projectSys`);
  await signIn(page, 'admin', 'admin123', 'KH2026', '/projectSys');

  const row = (code: string) => page.locator('tr', { hasText: code });
  await row('KH2026')
    .getByRole('button', { name: /删\s?除/ })
    .click();
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await page.getByText(/项目仍有 \d+ 个标段、\d+ 名成员/).waitFor();
  await snap(page, 'safety-03-delete-refused');
  await expect.poll(() => row('KH2026').count()).toBe(1);

  await row('EMPTY26')
    .getByRole('button', { name: /删\s?除/ })
    .click();
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await page.getByText('项目已归档').waitFor();
  await expect.poll(() => row('EMPTY26').count()).toBe(0);
  await page.getByText('已归档', { exact: true }).click();
  await row('EMPTY26').waitFor();
  await snap(page, 'safety-04-archived');
  await row('EMPTY26')
    .getByRole('button', { name: /恢\s?复/ })
    .click();
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await page.getByText('项目已恢复').waitFor();
  await page.getByText('在用项目', { exact: true }).click();
  await row('EMPTY26').waitFor();
  await page.context().close();
});
