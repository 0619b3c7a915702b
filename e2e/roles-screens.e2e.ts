import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { journeyContext, newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { demoPassword, signIn, useServer } from './journeys.ts';

/**
 * Issue 29 "Roles in the screens" and "First run and the phone": what the government viewer may
 * not do is not offered, restricted routes answer /401 alike, 通过 asks and can be undone, the
 * settings gear sits in the navbar, and the field app neither asks for a setup before a project
 * is chosen nor logs failed shell files when reloaded offline.
 */

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

const wide = { width: 1366, height: 768 };

it('the government viewer sees no write control on the workers screens and gets /401 at /lwrymanager/add', async () => {
  const page = await newPage(browser, wide);
  await page.goto(`${server.url}/lwrymanager/list`);
  await signIn(page, 'demo_gov', demoPassword, 'KH2026', '/lwrymanager/list');
  const table = page.locator('[data-page="/lwrymanager/list"] .ant-table-tbody');
  await table.locator('tr.ant-table-row').first().waitFor();
  for (const name of [/新增劳务人员/, /导出 Excel/, /^编 ?辑$/, /^删 ?除$/, /撤销审核/]) {
    await expect.poll(() => page.getByRole('button', { name }).count()).toBe(0);
  }
  await expect.poll(() => page.getByRole('switch').count()).toBe(0);
  // The status columns are on screen beside the pinned 操作 column, not under it.
  const actions = await page.getByRole('columnheader', { name: '操作' }).boundingBox();
  for (const title of ['审核', '保险', '人脸', '打卡权限', '添加时间']) {
    const box = await page.getByRole('columnheader', { name: title, exact: true }).boundingBox();
    expect(box, title).not.toBeNull();
    expect(box!.x + box!.width, title).toBeLessThanOrEqual(actions!.x + 1);
  }
  // The faces dialog only shows the photos: no upload, no "设为当前".
  await table.getByRole('button', { name: '人脸' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expect.poll(() => dialog.locator('input[type=file]').count()).toBe(0);
  await expect.poll(() => dialog.getByRole('button', { name: /上传|设为当前/ }).count()).toBe(0);
  await snap(page, 'roles-01-gov-workers');
  await dialog.getByRole('button', { name: /Close|关闭/ }).click();

  // Typed addresses of screens the role does not hold: /401 for every one, the form included.
  for (const path of ['/lwrymanager/add', '/lwrymanager/edit', '/lwrymanager/shenhe', '/system/roles']) {
    await page.goto(`${server.url}${path}`);
    await expect.poll(() => pathOf(page), { message: path }).toBe('/401');
  }
  await snap(page, 'roles-02-gov-401');
  await page.context().close();
});

it('通过 asks first and the undo puts the worker back in the queue', async () => {
  const page = await newPage(browser, wide);
  await page.goto(`${server.url}/lwrymanager/shenhe`);
  await signIn(page, 'demo_jianli', demoPassword, 'KH2026', '/lwrymanager/shenhe');
  const queue = page.locator('[data-page="/lwrymanager/shenhe"]');
  const first = queue
    .locator('tr.ant-table-row')
    .filter({ has: page.getByRole('button', { name: /^通 ?过$/ }).and(page.locator(':enabled')) })
    .first();
  await first.waitFor();
  const name = (await first.locator('td').nth(1).textContent())!.trim();
  await first.getByRole('button', { name: /^通 ?过$/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确认审核通过 ${name}？` });
  await confirm.waitFor();
  await snap(page, 'roles-03-approve-confirm');
  await confirm.getByRole('button', { name: /^通 ?过$/ }).click();
  await page.getByTestId('review-done').waitFor();
  await expect.poll(() => queue.getByRole('cell', { name, exact: true }).count()).toBe(0);
  await page.getByTestId('review-undo').click();
  // Back in the queue: pending again.
  await queue.getByRole('cell', { name, exact: true }).waitFor();
  await snap(page, 'roles-04-undone');
  await page.context().close();
});

it('the settings gear is a navbar button, not a handle over the page', async () => {
  const page = await newPage(browser, wide);
  await page.goto(`${server.url}/dashboard`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/dashboard');
  const gear = page.getByTestId('open-settings');
  const navbar = await page.locator('.pg-navbar').boundingBox();
  const box = await gear.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(navbar!.y + navbar!.height);
  await gear.click();
  await page.getByText('系统布局配置').first().waitFor();
  await page.context().close();
});

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...journeyContext,
    viewport: { width: 390, height: 844 },
    locale: 'zh-CN',
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude: 29.14, longitude: 118.41, accuracy: 12 },
    permissions: ['geolocation'],
  });
  return { context, page: await context.newPage() };
}

it('the field app asks for no setup before a project is chosen, and reloads offline without failed files', async () => {
  const { context, page } = await phone();
  const setupCalls: string[] = [];
  const failed: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/collect/setup')) setupCalls.push(new URL(r.url()).pathname);
  });
  page.on('requestfailed', (r) => failed.push(new URL(r.url()).pathname));
  page.on('console', (m) => {
    if (m.type() === 'error') failed.push(m.text());
  });
  await page.goto(`${server.url}/m/`);
  await page.getByLabel('账号').fill('demo_worker');
  await page.getByLabel('密码').fill(demoPassword);
  await page.getByRole('button', { name: '登录' }).click();
  const project = page.getByRole('button', { name: /开化县/ }).first();
  await project.waitFor();
  expect(setupCalls).toEqual([]);
  await project.click();
  await page.locator('#section').waitFor();
  expect(setupCalls).toEqual(['/api/collect/setup']);
  // The shell cache holds the two files m.html names outside /assets/.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const name = (await caches.keys()).find((k) => k.startsWith('pg-m-shell-'));
          if (!name) return [];
          const keys = await (await caches.open(name)).keys();
          return keys.map((k) => new URL(k.url).pathname).filter((p) => !p.startsWith('/assets/'));
        }),
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['/m/', '/no-eval.js', '/favicon.svg']));
  await context.setOffline(true);
  failed.length = 0;
  await page.reload();
  await expect.poll(() => page.getByTestId('net').textContent(), { timeout: 30_000 }).toBe('离线');
  await page.locator('#section').waitFor();
  expect(failed.filter((f) => /no-eval|favicon/.test(f))).toEqual([]);
  await snap(page, 'roles-05-phone-offline-reload');
  await context.close();
});

it('at phone width the worker list keeps its date range in the card and shows more than name and actions', async () => {
  const page = await newPage(browser, { width: 390, height: 844 });
  await page.goto(`${server.url}/lwrymanager/list`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/lwrymanager/list');
  const card = page.locator('[data-page="/lwrymanager/list"] .ant-card').first();
  await card.locator('tr.ant-table-row').first().waitFor();
  const cardBox = (await card.boundingBox())!;
  const range = (await card.locator('.ant-picker-range').boundingBox())!;
  expect(range.x + range.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  // Nothing is pinned: the first screenful of the row shows name, section and review status.
  const visible = await page.evaluate(() => {
    const row = document.querySelector('[data-page="/lwrymanager/list"] tr.ant-table-row');
    const body = row?.closest('.ant-table-content, .ant-table-body')?.getBoundingClientRect();
    return [...(row?.querySelectorAll('td') ?? [])].filter((td) => {
      const b = td.getBoundingClientRect();
      return body && b.width > 0 && b.left >= body.left - 1 && b.right <= body.right + 1;
    }).length;
  });
  expect(visible).toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.locator('.ant-table-cell-fix-start, .ant-table-cell-fix-end').count()).toBe(0);
  await snap(page, 'roles-06-phone-workers');
  await page.context().close();
});
