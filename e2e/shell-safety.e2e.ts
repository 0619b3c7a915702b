import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, pathOf, type RunningServer, snap } from './harness.ts';
import {
  confirmPopover,
  demoPassword,
  openFromSidebar,
  sidebarLink,
  signIn,
  tab,
  useServer,
} from './journeys.ts';
import { clientPasswordHash } from '@pineguard/contract';

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
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
  await confirmPopover(page);
  await page.getByText(/项目仍有 \d+ 个标段、\d+ 名成员/).waitFor();
  await snap(page, 'safety-03-delete-refused');
  await expect.poll(() => row('KH2026').count()).toBe(1);

  await row('EMPTY26')
    .getByRole('button', { name: /删\s?除/ })
    .click();
  await confirmPopover(page);
  await page.getByText('项目已归档', { exact: true }).waitFor();
  await expect.poll(() => row('EMPTY26').count()).toBe(0);
  await page.getByText('已归档', { exact: true }).click();
  await row('EMPTY26').waitFor();
  await snap(page, 'safety-04-archived');
  await row('EMPTY26')
    .getByRole('button', { name: /恢\s?复/ })
    .click();
  await confirmPopover(page);
  await page.getByText('项目已恢复', { exact: true }).waitFor();
  await page.getByText('在用项目', { exact: true }).click();
  await row('EMPTY26').waitFor();
  await page.context().close();
});

it('with 15 tabs open the active one is in view; dialogs dim the sidebar; the collapsed sidebar marks the parent', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}/dashboard`);
  await signIn(page, 'admin', 'admin123', 'KH2026', '/dashboard');
  const sidebar = page.getByTestId('sidebar');
  const open = async (parent: string | null, name: string, path: string) => {
    if (parent && !(await sidebarLink(page, name).isVisible())) {
      await sidebar.getByText(parent, { exact: true }).click();
      await sidebarLink(page, name).waitFor();
    }
    await openFromSidebar(page, name, path);
  };
  const pages: [string | null, string, string][] = [
    [null, '枯死树详情', '/kusishu'],
    [null, '进度管理', '/process'],
    [null, '数据中心', '/dataCenter'],
    [null, 'GIS地图', '/gistest'],
    [null, '消息中心', '/messageCenter'],
    ['焚烧点管理', '焚烧点统计', '/fsdmanager/census'],
    ['焚烧点管理', '焚烧点列表', '/fsdmanager/list'],
    ['用户管理', '用户列表', '/users/userList'],
    ['用户管理', '邀请码', '/users/userInvitation'],
    ['用户管理', '用户审核', '/users/verifyPage'],
    ['系统管理', '账号管理', '/system/accountList'],
    ['系统管理', '角色管理', '/system/roles'],
    ['劳务人员管理', '劳务人员列表', '/lwrymanager/list'],
    ['劳务人员管理', '劳务人员审核', '/lwrymanager/shenhe'],
    ['劳务人员管理', '劳务统计', '/lwrymanager/laowucensus'],
  ];
  for (const [parent, name, path] of pages) await open(parent, name, path);
  const bar = page.getByTestId('tabs');
  expect(await bar.locator('.pg-tag').count()).toBe(16);
  // The active tab sits inside the tab bar's visible box, whichever end it is at.
  const inView = async (path: string) => {
    const box = (await bar.boundingBox())!;
    const t = (await tab(page, path).boundingBox())!;
    return t.x >= box.x - 1 && t.x + t.width <= box.x + box.width + 1;
  };
  await expect.poll(() => inView('/lwrymanager/laowucensus')).toBe(true);
  await snap(page, 'safety-05-fifteen-tabs');
  await open(null, '枯死树详情', '/kusishu');
  await expect.poll(() => inView('/kusishu')).toBe(true);

  // A dialog's mask lies over the sidebar: the sidebar is dimmed and cannot be clicked.
  await tab(page, '/users/userList').click();
  await page.locator('[data-page="/users/userList"]').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: /新增用户/ }).click();
  await page.getByRole('dialog').waitFor();
  const sideBox = (await sidebar.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="sidebar"]') !== null,
    [sideBox.x + sideBox.width / 2, sideBox.y + 200],
  );
  expect(onTop).toBe(false);
  await snap(page, 'safety-06-dialog-dims-sidebar');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /取\s?消/ })
    .click();
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);

  // Collapsed, the sidebar marks the parent of the page in view.
  await tab(page, '/lwrymanager/list').click();
  await page.getByTestId('hamburger').click();
  await expect.poll(() => sidebar.locator('.ant-menu-submenu-selected').count()).toBeGreaterThan(0);
  await snap(page, 'safety-07-collapsed-active-parent');
  await page.getByTestId('hamburger').click();
  await page.context().close();
}, 240_000);
