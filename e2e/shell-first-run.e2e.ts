import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { chooseProject, fillLogin, sidebarLink, tab, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer(
  (s, b) => {
    server = s;
    browser = b;
  },
  { demo: false },
);

it('first run: initialise → sign in → select a project → dashboard, all in Chinese', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/`);
  // Signed out: the guard sends / to the login page with the way back.
  await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2F');
  await expect.poll(() => page.title()).toBe('登录 - 松材线虫病防治监管平台');
  await page.getByText('系统尚未初始化，请先创建超级管理员。').waitFor();
  await snap(page, 'first-run-01-login-not-initialised');

  await page.getByRole('button', { name: '去初始化' }).click();
  await expect.poll(() => pathOf(page)).toBe('/init');
  await page.getByLabel('管理员账号').fill('admin');
  await page.getByLabel('姓名').fill('系统管理员');
  await page.getByLabel('密码', { exact: true }).fill('admin123');
  await page.getByLabel('确认密码').fill('admin999');
  await page.getByText('两次输入的密码不一致').waitFor();
  await page.getByLabel('确认密码').fill('admin123');
  await page.getByLabel(/同时加载演示数据/).check();
  await snap(page, 'first-run-02-init-form');
  await page.getByRole('button', { name: '创建管理员' }).click();

  // Back on the login page with the account filled in.
  await expect.poll(() => pathOf(page), { timeout: 30_000 }).toBe('/login?account=admin');
  await expect.poll(() => page.getByLabel('账号').inputValue()).toBe('admin');
  await fillLogin(page, 'admin', 'admin123');

  // No project yet: the picker, flagged, with the way back to /.
  await expect.poll(() => pathOf(page)).toBe('/selectProject?flag=true&redirect=%2F');
  await page.getByText('开化县2026年度松材线虫病疫木除治项目（KH2026）').waitFor();
  await snap(page, 'first-run-03-select-project');
  await chooseProject(page, 'KH2026');

  await expect.poll(() => pathOf(page)).toBe('/dashboard');
  await expect.poll(() => page.title()).toBe('首页 - 松材线虫病防治监管平台');
  await page.getByText('欢迎，系统管理员').waitFor();
  await page.getByText('当前项目：开化县2026年度松材线虫病疫木除治项目').waitFor();
  // Sidebar from the server's menus; the dashboard tab is pinned (no close button).
  await sidebarLink(page, '首页').waitFor();
  await sidebarLink(page, '枯死树详情').waitFor();
  await expect.poll(() => tab(page, '/dashboard').count()).toBe(1);
  await expect.poll(() => tab(page, '/dashboard').getByRole('button').count()).toBe(0);
  // Stored beside the token as spec §3 says.
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('Admin-Token'),
    project: localStorage.getItem('project'),
  }));
  expect(stored.token).toMatch(/.{20,}/);
  expect(JSON.parse(stored.project ?? 'null')).toMatchObject({ code: 'KH2026' });
  await snap(page, 'first-run-04-dashboard');

  // /init after initialisation says so instead of offering the form again.
  await page.goto(`${server.url}/init`);
  await page.getByText('系统已初始化').waitFor();
  await page.context().close();
});
