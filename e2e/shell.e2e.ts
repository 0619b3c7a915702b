import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, pathOf, type RunningServer, snap } from './harness.ts';
import {
  chooseProject,
  demoPassword,
  fillLogin,
  openFromSidebar,
  signIn,
  tab,
  useServer,
} from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

async function signedIn(account: string, path = '/dashboard'): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${server.url}${path}`);
  await signIn(page, account, demoPassword, 'KH2026', path);
  return page;
}

it('deep link while signed out → login → project → back to the deep link', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/lwrymanager/shenhe?tab=2`);
  await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2Flwrymanager%2Fshenhe%3Ftab%3D2');
  await fillLogin(page, 'demo_admin', demoPassword);
  await expect
    .poll(() => pathOf(page))
    .toBe('/selectProject?flag=true&redirect=%2Flwrymanager%2Fshenhe%3Ftab%3D2');
  await chooseProject(page, 'KH2026');
  await expect.poll(() => pathOf(page)).toBe('/lwrymanager/shenhe?tab=2');
  await expect.poll(() => page.title()).toBe('劳务人员审核 - 松材线虫病防治监管平台');
  // Breadcrumb: home, the group (linking to its redirect), the page.
  const crumbs = page.locator('.pg-breadcrumb');
  await expect.poll(() => crumbs.innerText()).toMatch(/首页\s*\/\s*劳务人员管理\s*\/\s*劳务人员审核/);
  await expect
    .poll(() => crumbs.getByRole('link', { name: '劳务人员管理' }).getAttribute('href'))
    .toBe('/lwrymanager/list');
  await snap(page, 'deep-link-01-back-on-page');

  // Signed in: /login goes home, an unknown path goes to /404.
  await page.goto(`${server.url}/login`);
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
  await page.goto(`${server.url}/no/such/page`);
  await expect.poll(() => pathOf(page)).toBe('/404');
  await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  await page.context().close();
});

it('tabs: open from the sidebar, keep pages alive, refresh, close, close others, close all', async () => {
  const page = await signedIn('demo_gov');
  await openFromSidebar(page, '枯死树详情', '/kusishu');
  await openFromSidebar(page, '数据中心', '/dataCenter');
  await openFromSidebar(page, 'GIS地图', '/gistest');
  await expect
    .poll(() => page.locator('[data-testid="tabs"] .pg-tag').allInnerTexts())
    .toEqual(['首页', '枯死树详情', '数据中心', 'GIS地图']);
  // Cached pages stay mounted (hidden) while another tab is shown.
  await expect.poll(() => page.locator('[data-page="/kusishu"]').count()).toBe(1);
  await snap(page, 'tabs-01-four-tabs');

  // Refresh re-routes through /redirect and lands on the same page, mounted afresh.
  await page.locator('[data-page="/gistest"]').evaluate((el) => el.setAttribute('data-before-refresh', ''));
  await tab(page, '/gistest').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '刷新' }).click();
  await page.locator('[data-page="/gistest"]:not([data-before-refresh])').waitFor({ state: 'visible' });
  await expect.poll(() => pathOf(page)).toBe('/gistest');
  await page.locator('[data-page="/gistest"] [data-testid="gis-map"] .leaflet-container').waitFor();

  // Close the active tab with its ×: the last remaining tab opens.
  await tab(page, '/gistest').getByRole('button', { name: '关闭 GIS地图' }).click();
  await expect.poll(() => pathOf(page)).toBe('/dataCenter');
  await expect.poll(() => tab(page, '/gistest').count()).toBe(0);

  // Middle-click closes a background tab and its cached page.
  await tab(page, '/kusishu').click({ button: 'middle' });
  await expect.poll(() => tab(page, '/kusishu').count()).toBe(0);
  await expect.poll(() => page.locator('[data-page="/kusishu"]').count()).toBe(0);
  await expect.poll(() => pathOf(page)).toBe('/dataCenter');

  // Close others keeps the pinned home tab and the chosen one.
  await openFromSidebar(page, '消息中心', '/messageCenter');
  await openFromSidebar(page, '枯死树详情', '/kusishu');
  await tab(page, '/messageCenter').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect
    .poll(() => page.locator('[data-testid="tabs"] .pg-tag').allInnerTexts())
    .toEqual(['首页', '消息中心']);
  await expect.poll(() => pathOf(page)).toBe('/messageCenter');

  // Close all keeps only the pinned tab, which cannot be closed.
  await tab(page, '/messageCenter').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭所有' }).click();
  await expect.poll(() => page.locator('[data-testid="tabs"] .pg-tag').allInnerTexts()).toEqual(['首页']);
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
  await tab(page, '/dashboard').click({ button: 'right' });
  await expect
    .poll(() => page.getByRole('menuitem', { name: '关闭', exact: true }).getAttribute('aria-disabled'))
    .toBe('true');
  await snap(page, 'tabs-02-only-pinned');
  await page.context().close();
});

it('password change: rules, then log in again with the new password', async () => {
  const page = await signedIn('demo_jianli');
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByLabel('原密码').fill('123');
  await dialog.getByLabel('新密码', { exact: true }).fill('newpass1');
  await dialog.getByLabel('确认新密码').fill('newpass2');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await dialog.getByText('密码长度为6-11位').waitFor();
  // Both new and repeat say so: the rule applies to whichever was typed last.
  await expect.poll(() => dialog.getByText('两次输入的密码不一致').count()).toBe(2);
  await snap(page, 'password-01-rules');

  await dialog.getByLabel('原密码').fill(demoPassword);
  await dialog.getByLabel('确认新密码').fill('newpass1');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await page.getByText('密码修改成功，是否重新登录？').waitFor();
  await snap(page, 'password-02-relogin-confirm');
  await page.getByRole('button', { name: '重新登录' }).click();
  await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2Fdashboard');

  await fillLogin(page, 'demo_jianli', 'newpass1');
  await chooseProject(page, 'KH2026');
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
  await page.getByText('欢迎，汪丽华').waitFor();
  await page.context().close();
});

it('log out: confirm, back to /login with the way back; tabs and storage cleared', async () => {
  const page = await signedIn('demo_bd');
  await openFromSidebar(page, '进度管理', '/process');
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByText('确定注销并退出系统吗？').waitFor();
  await snap(page, 'logout-01-confirm');
  await page.getByRole('button', { name: '确 定' }).click();
  await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2Fprocess');
  const stored = await page.evaluate(() => [
    localStorage.getItem('Admin-Token'),
    localStorage.getItem('project'),
  ]);
  expect(stored).toEqual([null, null]);
  // The old session is gone: any page leads back to the login page.
  await page.goto(`${server.url}/dashboard`);
  await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2Fdashboard');
  // Signing in again starts with the pinned tab only.
  await signIn(page, 'demo_bd', demoPassword, 'KH2026', '/dashboard');
  await expect.poll(() => page.locator('[data-testid="tabs"] .pg-tag').allInnerTexts()).toEqual(['首页']);
  await page.context().close();
});

it('mobile width: sidebar closed, opens over a backdrop that closes it', async () => {
  const page = await newPage(browser, { width: 400, height: 800 });
  await page.goto(`${server.url}/dashboard`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/dashboard');
  const layout = page.locator('.pg-layout');
  await expect.poll(() => layout.getAttribute('data-device')).toBe('mobile');
  await expect.poll(() => layout.getAttribute('data-sidebar')).toBe('closed');
  await expect.poll(() => page.getByTestId('sidebar-backdrop').count()).toBe(0);
  // Closed means off screen, not merely narrow.
  const sidebarRight = async () => {
    const box = await page.getByTestId('sidebar').boundingBox();
    return box ? box.x + box.width : -1;
  };
  await expect.poll(sidebarRight).toBeLessThanOrEqual(0);
  await snap(page, 'mobile-01-closed');

  await page.getByTestId('hamburger').click();
  await expect.poll(() => layout.getAttribute('data-sidebar')).toBe('open');
  await page.getByTestId('sidebar-backdrop').waitFor();
  await expect.poll(sidebarRight).toBe(210);
  await snap(page, 'mobile-02-open');
  await page.getByTestId('sidebar-backdrop').click({ position: { x: 380, y: 400 } });
  await expect.poll(() => layout.getAttribute('data-sidebar')).toBe('closed');

  // A route change on mobile closes an open sidebar.
  await page.getByTestId('hamburger').click();
  await openFromSidebar(page, '消息中心', '/messageCenter');
  await expect.poll(() => layout.getAttribute('data-sidebar')).toBe('closed');

  // Wider again: desktop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => layout.getAttribute('data-device')).toBe('desktop');
  await page.context().close();
});

it('top bar: profile with a preset avatar, invitation code, settings, menu flag and English', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/dashboard`);
  await signIn(page, 'admin', 'admin123', 'KH2026', '/dashboard');

  // Profile drawer, 420 px: pick a preset avatar, rename, save; the top bar follows.
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '个人信息' });
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(420);
  await drawer.getByLabel('姓名').fill('');
  await page.getByText('请输入用户名').waitFor();
  await drawer.getByLabel('姓名').fill('管理员老周');
  await drawer.getByTestId('avatar-current').click();
  await expect.poll(() => page.locator('.pg-avatar-row').count()).toBe(4);
  await page.locator('[data-avatar="avatar-05.svg"]').click();
  await drawer.getByLabel('男').check();
  await snap(page, 'topbar-01-profile');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('个人信息已保存').waitFor();
  await expect
    .poll(() => page.getByTestId('avatar-menu').locator('img').getAttribute('src'))
    .toBe('/avatars/avatar-05.svg');
  await page.getByTestId('avatar-menu').getByText('管理员老周').waitFor();

  // Invitation code: validated here; the server's side arrives with the users issue.
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '添加邀请码' }).click();
  const invite = page.getByRole('dialog', { name: '添加邀请码' });
  await invite.getByLabel('邀请码').fill('ABC');
  await invite.getByRole('button', { name: /确\s*定/ }).click();
  await invite.getByText('邀请码为8位').waitFor();
  await invite.getByRole('button', { name: /取\s*消/ }).click();

  // Settings drawer: sidebar logo on, theme colour from the presets; kept in local storage.
  await page.getByRole('button', { name: '系统布局配置' }).click();
  await page.getByRole('switch', { name: '侧边栏 Logo' }).click();
  await page.locator('.pg-logo').waitFor();
  await page.locator('.ant-color-picker-trigger').click();
  await page.locator('.ant-color-picker-presets-color').nth(4).click();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}')))
    .toMatchObject({
      sidebarLogo: true,
      theme: '#11A983',
    });
  await page.keyboard.press('Escape');
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
  // The active tab wears the chosen colour darkened for white text (WCAG AA, issue 29): #0c765c.
  await expect
    .poll(() => tab(page, '/dashboard').evaluate((el) => getComputedStyle(el).backgroundColor))
    .toBe('rgb(12, 118, 92)');
  await snap(page, 'topbar-02-theme-and-logo');

  // Menu flag: a super administrator switches to the system-admin menus.
  await page.getByTestId('menu-flag').click();
  await page.getByRole('menuitem', { name: '系统管理菜单' }).click();
  await expect.poll(() => pathOf(page)).toBe('/homeSys');
  await page.getByTestId('sidebar').getByRole('link', { name: '项目列表', exact: true }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('MenuFlag'))).toBe('SYS');

  // English: UI texts, antd, the server's menu titles and the page title all switch.
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Projects', exact: true }).waitFor();
  await expect
    .poll(() => page.title())
    .toBe('Sub-system home - Pine Wilt Disease Control Supervision Platform');
  await page.locator('.pg-breadcrumb').getByText('Sub-system home').waitFor();
  await snap(page, 'topbar-03-english-system-menus');
  await page.context().close();
});

it('a user whose roles give no menus is kept at the project picker, which says why', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/dashboard`);
  await fillLogin(page, 'demo_worker', demoPassword);
  // One project, so it is chosen at once; the worker role has no back-office menus (spec §2:
  // → /selectProject), and the picker says plainly that the account is for the field app.
  await expect.poll(() => new URL(page.url()).pathname).toBe('/selectProject');
  await page.getByText('此账号在该项目中只用于外业采集 App，没有后台管理菜单。').waitFor();
  await page.goto(`${server.url}/kusishu`);
  await expect.poll(() => pathOf(page)).toBe('/selectProject');
  await snap(page, 'no-menus-01-picker');
  await page.context().close();
});

it('preferences survive a reload; a session ended elsewhere offers to log in again', async () => {
  const page = await signedIn('demo_gov');

  // Sidebar collapsed and the size picked are kept in cookies; fixed header in local storage.
  await page.getByTestId('hamburger').click();
  await expect.poll(() => page.locator('.pg-layout').getAttribute('data-sidebar')).toBe('closed');
  await page.getByRole('button', { name: '全局字号' }).click();
  await page.getByRole('menuitem', { name: '迷你' }).click();
  await page.getByText('字号切换成功').waitFor();
  await page.getByRole('button', { name: '系统布局配置' }).click();
  await page.getByRole('switch', { name: '固定头部' }).click();
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.reload();
  await expect.poll(() => page.locator('.pg-layout').getAttribute('data-sidebar')).toBe('closed');
  await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(54);
  const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
  expect(cookies).toMatchObject({ sidebarStatus: '0', size: 'mini' });
  await expect
    .poll(() => page.locator('.pg-header').evaluate((el) => getComputedStyle(el).position))
    .toBe('fixed');
  await snap(page, 'prefs-01-collapsed-mini-fixed');

  // The session ends on the server (as after a password change elsewhere): the next call
  // shows the server's message and the prompt; "log in again" resets the token and reloads.
  const token = await page.evaluate(() => localStorage.getItem('Admin-Token'));
  const ended = await fetch(`${server.url}/api/user/loginOut`, {
    method: 'POST',
    headers: { token: token ?? '', 'content-type': 'application/json' },
    body: '{}',
  }).then((r) => r.json() as Promise<{ code: number }>);
  expect(ended.code).toBe(0);
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await page.getByText('您已被登出，可以取消继续留在该页面，或者重新登录').waitFor();
  await snap(page, 'prefs-02-relogin-prompt');
  await page.getByRole('button', { name: '重新登录' }).click();
  await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2Fdashboard');
  expect(await page.evaluate(() => localStorage.getItem('Admin-Token'))).toBeNull();
  await page.context().close();
});

it('the select-main-project icon: flag=false, a way back, and another project brings the user back', async () => {
  const page = await signedIn('demo_admin');
  await openFromSidebar(page, '消息中心', '/messageCenter');
  await page.getByTestId('select-project').click();
  await expect.poll(() => pathOf(page)).toBe('/selectProject?flag=false&redirect=%2FmessageCenter');
  await page.getByText('当前项目：开化县2026年度松材线虫病疫木除治项目').waitFor();
  // Back without choosing.
  await page.getByRole('button', { name: /返\s*回/ }).click();
  await expect.poll(() => pathOf(page)).toBe('/messageCenter');

  // Choosing another project returns to the same page in the new project.
  await page.getByTestId('select-project').click();
  await chooseProject(page, 'JS2026');
  await expect.poll(() => pathOf(page)).toBe('/messageCenter');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('project'))) ?? 'null')).toMatchObject({
    code: 'JS2026',
  });
  // Menu paths carry the new project's code.
  await expect
    .poll(() =>
      page.getByTestId('sidebar').getByRole('link', { name: '安全台账', exact: true }).getAttribute('href'),
    )
    .toBe('/safe/JS2026');
  await snap(page, 'select-project-01-switched');
  await page.context().close();
});
