import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, pathOf, type RunningServer, snap } from './harness.ts';
import {
  chooseProject,
  fillLogin,
  openFromSidebar,
  sidebarLink,
  signIn,
  tab,
  useServer,
} from './journeys.ts';

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
  // Nobody can sign in yet: a fresh start goes straight to creating the super administrator
  // (issue 29; the login page only said so in a banner before).
  await expect.poll(() => pathOf(page)).toBe('/init');
  await expect.poll(() => page.title()).toBe('系统初始化 - 松材线虫病防治监管平台');
  await snap(page, 'first-run-01-init-on-first-start');
  // The login page, opened by address, sends there too.
  await page.goto(`${server.url}/login`);
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

  // The whole demo (about 3,000 records with photos) loads in the background with its progress
  // shown; the page moves on to sign-in when it is done.
  await page.getByRole('progressbar').first().waitFor({ timeout: 30_000 });
  await snap(page, 'first-run-02b-demo-loading');
  // Back on the login page with the account filled in.
  await expect.poll(() => pathOf(page), { timeout: 240_000, interval: 1000 }).toBe('/login?account=admin');
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
}, 300_000);

/** A figure as the page shows it: whole numbers only (thousands separated), read as a number. */
const whole = (text: string | null) => {
  expect(text?.trim()).toMatch(/^\d{1,3}(,\d{3})*$/);
  return Number(text!.replace(/,/g, ''));
};

it('the demo adds up: whole trees on the dashboard, the same figures in 数据核对, a planted chain anomaly explained', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}/login`);
  await signIn(page, 'admin', 'admin123', 'KH2026', '/dashboard');
  const card = (key: string) =>
    page.getByTestId(`card-${key}`).locator('.ant-statistic-content-value').first().textContent();
  await page.getByTestId('card-felled').waitFor();
  const felled = whole(await card('felled'));
  const burned = whole(await card('burned'));
  const found = whole(await card('found'));
  expect(felled).toBeGreaterThan(100);
  // Trees felled ≥ trees burned (wood waits at the section or in transport); tons are apart.
  expect(burned).toBeLessThanOrEqual(felled);
  expect(found).toBeGreaterThanOrEqual(felled);
  const open = whole(await card('anomalies'));
  expect(open).toBeGreaterThan(0);
  await snap(page, 'field-truth-01-dashboard');

  // 数据核对: the season's totals are the dashboard's figures (one source).
  await openFromSidebar(page, '数据核对', '/reconcile');
  const total = page.getByTestId('row-total');
  await total.waitFor();
  const cell = (i: number) => total.locator('td').nth(i).textContent();
  expect(whole(await cell(2))).toBe(felled); // 采伐（株）, after 标段 and 期初未焚烧
  expect(whole(await cell(5))).toBe(burned); // 焚烧（株）
  // Each section: felled − burned = the open balance (no opening balance in the season).
  for (const code of ['KH-BD01', 'KH-BD02', 'KH-BD03']) {
    const row = page.getByTestId(`row-${code}`);
    const at = (i: number) => row.locator('td').nth(i).textContent();
    const [sectionFelled, sectionBurned, gap] = [whole(await at(2)), whole(await at(5)), await at(9)];
    expect(Number(gap?.replace(/,/g, ''))).toBe(sectionFelled - sectionBurned);
  }
  // A section's days load when it is expanded, and add up to the section's figure.
  const bd1 = page.getByTestId('row-KH-BD01');
  const bd1Felled = whole(await bd1.locator('td').nth(2).textContent());
  await bd1.getByRole('button', { name: /展开/ }).click();
  const dayRows = page.locator('[data-testid^="row-KH-BD01|"]');
  await expect.poll(() => dayRows.count()).toBeGreaterThan(0);
  let dayFelled = 0;
  for (const text of await dayRows.locator('td:nth-child(3)').allTextContents()) dayFelled += whole(text);
  expect(dayFelled).toBe(bd1Felled);
  await snap(page, 'field-truth-02-reconcile');

  // 疑点核查: a planted tag burned in another section than felled, explained, leaves the open count.
  await openFromSidebar(page, '疑点核查', '/anomalies');
  const openTotal = page.getByTestId('open-total');
  await expect.poll(() => openTotal.textContent()).toBe(`待核查 ${open} 条`);
  await page.getByTestId('count-burn_other_section').click();
  const rows = page.getByTestId('anomaly-table').locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBeGreaterThan(0);
  await expect.poll(() => rows.first().textContent()).toContain('采伐于');
  await rows.first().locator('input[type="checkbox"]').check();
  await page.getByTestId('batch-explain').click();
  await page
    .getByRole('dialog')
    .getByLabel('说明')
    .fill('经核实：疫木运至邻近标段焚烧点集中焚烧，已报监理备案');
  await snap(page, 'field-truth-03-explain');
  await page.getByTestId('resolve-ok').click();
  await expect.poll(() => openTotal.textContent()).toBe(`待核查 ${open - 1} 条`);
  await snap(page, 'field-truth-04-explained');
  await page.context().close();
}, 120_000);
