import { clientPasswordHash, makeIdNumber } from '@pineguard/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, journeyContext, type RunningServer, snap } from './harness.ts';
import { demoPassword, useServer } from './journeys.ts';

/**
 * The field app journey (issue 18) on a phone-sized Chromium placed in 开化县: the worker signs
 * in at /m/, goes offline, fills two census records with photos, reloads (the app comes from
 * the service worker's cache), goes online: both arrive in the back office's list exactly once
 * with their photos. One of them is refused by the server (the table's range was narrowed while
 * the phone was offline); its message shows, it is corrected and sent. Clock-in is refused while
 * the worker's clock-in permission is off.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const phone = '13905707788';
const kaihua = { longitude: 118.4143, latitude: 29.1368, accuracy: 12 };

async function signInApi(account: string, password: string, prjCode?: string): Promise<string> {
  const { token } = await api<{ token: string }>(server, '/api/user/login', {
    account,
    password: clientPasswordHash(password),
  });
  if (prjCode) await api(server, '/api/user/selectProject', { prjCode }, token);
  return token;
}

/** A real JPEG drawn by the browser (no image fixture in the repository). */
async function drawJpeg(color: string): Promise<Buffer> {
  const url = await page.evaluate((c) => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const g = canvas.getContext('2d')!;
    g.fillStyle = c;
    g.fillRect(0, 0, 2400, 1800);
    g.fillStyle = '#fff';
    g.fillRect(1000, 300, 400, 1200);
    return canvas.toDataURL('image/jpeg', 0.8);
  }, color);
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

type Row = { id: string; kssl: unknown; pic_tree: unknown; beizhu: unknown };
async function backOfficeRows(token: string, keyWords: string): Promise<Row[]> {
  const v = await api<{ result: { list: Row[] } }>(
    server,
    '/api/sync/queryDataList',
    { prjStandCode: 'gbksdc0101', prjCode: 'KH2026', keyWords, pageNum: 1, pageSize: 50 },
    token,
  );
  return v.result.list;
}

useServer(async (s, b) => {
  server = s;
  browser = b;
  // The worker's account carries a phone; a worker entry with that phone exists, not yet allowed to clock in.
  const admin = await signInApi('demo_admin', demoPassword, 'KH2026');
  const users = await api<{
    list: { id: string; account: string; roles: { projectCode: string; roleId: number }[] }[];
  }>(server, '/api/user/userList', { keyword: 'demo_worker', pageNum: 1, pageSize: 10 }, admin);
  const account = users.list.find((u) => u.account === 'demo_worker')!;
  await api(
    server,
    '/api/user/addUserInfo',
    {
      id: account.id,
      name: '徐长根',
      phone,
      status: 'active',
      roleIds: account.roles.filter((r) => r.projectCode === 'KH2026').map((r) => r.roleId),
    },
    admin,
  );
  await api(
    server,
    '/api/lwryUser/insert',
    { name: '徐长根', idNumber: makeIdNumber('330824', '1975-05-06', 311), phone, sectionCode: 'KH-BD01' },
    admin,
  );
  context = await browser.newContext({
    ...journeyContext,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    locale: 'zh-CN',
    geolocation: kaihua,
    permissions: ['geolocation'],
  });
  page = await context.newPage();
});

it('collects offline, survives a reload, sends each record once with its photos, and resends a corrected refusal', async () => {
  await page.goto(`${server.url}/m/`);
  await page.getByLabel('账号').fill('demo_worker');
  await page.getByLabel('密码').fill(demoPassword);
  await page.getByRole('button', { name: '登录' }).click();
  await page
    .getByRole('button', { name: /开化县/ })
    .first()
    .click();
  await page.locator('#section').selectOption('KH-BD01');
  await expect
    .poll(() => page.getByTestId('position').textContent(), { timeout: 30_000 })
    .toContain('118.41');
  await expect.poll(() => page.getByTestId('position').textContent()).toContain('±12');
  // The shell is cached by the service worker before the network goes, in the one cache named by
  // the build (pg-m-shell-<build id>; the worker is /m/sw.js?v=<build id>).
  const shellCaches = () =>
    page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('pg-m-')));
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const name = (await caches.keys()).find((k) => k.startsWith('pg-m-shell-'));
          return name ? (await (await caches.open(name)).keys()).length : 0;
        }),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(3);
  const worker = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '',
  );
  const build = new URL(worker).searchParams.get('v');
  expect(new URL(worker).pathname).toBe('/m/sw.js');
  expect(build).toMatch(/^[\w-]+$/);
  expect(await shellCaches()).toEqual([`pg-m-shell-${build}`]);

  const photos = [await drawJpeg('#2d6a4f'), await drawJpeg('#9c6644')];
  await context.setOffline(true);
  await expect.poll(() => page.getByTestId('net').textContent()).toBe('离线');

  const fill = async (kssl: string, note: string, jpeg: Buffer) => {
    await page.locator('#table').selectOption('gbksdc0101');
    await page.locator('#kssl').fill(kssl);
    await page.locator('#shuzhong').selectOption({ index: 1 });
    await page.locator('#dcfs').selectOption('地面调查');
    await page.locator('#beizhu').fill(note);
    await page
      .locator('input[data-field="pic_tree"]')
      .setInputFiles({ name: 'tree.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect.poll(() => page.locator('.m-media img').count()).toBe(1);
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByTestId('queue-item').count()).toBeGreaterThan(0);
  };
  await fill('3', 'e2e现场甲', photos[0]!);
  await page.locator('.m-tabs button').nth(0).click();
  await fill('8', 'e2e现场乙', photos[1]!);
  await expect.poll(() => page.locator('[data-testid="queue-item"][data-state="waiting"]').count()).toBe(2);
  await snap(page, 'fieldapp-offline-queue');

  // While the phone is offline, the table's range is narrowed: 8 trees is now refused.
  const sys = await signInApi('admin', 'admin123');
  const tables = await api<{ code: string; columns: { code: string; value: string; sort: number }[] }[]>(
    server,
    '/api/standard/list',
    undefined,
    sys,
  );
  const kssl = tables.find((x) => x.code === 'gbksdc0101')!.columns.find((c) => c.code === 'kssl')!;
  await api(
    server,
    '/api/standard/saveColumn',
    {
      tableCode: 'gbksdc0101',
      code: 'kssl',
      value: kssl.value,
      fldInput: 'number',
      sort: kssl.sort,
      rules: { required: true, min: 0, max: 5, unit: '株' },
    },
    sys,
  );

  // Closing and reopening the app offline: it comes from the cache, the queue from IndexedDB.
  await page.reload();
  await expect.poll(() => page.getByTestId('net').textContent(), { timeout: 30_000 }).toBe('离线');
  await page.locator('.m-tabs button').nth(2).click();
  await expect.poll(() => page.locator('[data-testid="queue-item"][data-state="waiting"]').count()).toBe(2);

  await context.setOffline(false);
  await page.getByRole('button', { name: '立即上传' }).click();
  await expect
    .poll(() => page.locator('[data-testid="queue-item"][data-state="sent"]').count(), { timeout: 60_000 })
    .toBe(1);
  const refused = page.locator('[data-testid="queue-item"][data-state="refused"]');
  await expect.poll(() => refused.count(), { timeout: 60_000 }).toBe(1);
  await expect.poll(() => refused.textContent()).toMatch(/枯死株数.*5/);
  await snap(page, 'fieldapp-refused');

  const admin = await signInApi('demo_admin', demoPassword, 'KH2026');
  const first = await backOfficeRows(admin, 'e2e现场甲');
  expect(first).toHaveLength(1);
  expect(String(first[0]!.pic_tree)).toMatch(/[0-9a-f-]{36}/);
  expect(await backOfficeRows(admin, 'e2e现场乙')).toHaveLength(0);

  // Correct the refused record and send it again.
  await refused.getByRole('button', { name: '修改后重发' }).click();
  await expect.poll(() => page.locator('.m-field.error').count()).toBeGreaterThan(0);
  await page.locator('#kssl').fill('4');
  await page.getByRole('button', { name: '保存' }).click();
  await expect
    .poll(() => page.locator('[data-testid="queue-item"][data-state="sent"]').count(), { timeout: 60_000 })
    .toBe(2);
  await snap(page, 'fieldapp-sent');

  // Resending does no harm: a second sync pass leaves exactly one of each.
  await page.getByRole('button', { name: '立即上传' }).click();
  const second = await backOfficeRows(admin, 'e2e现场乙');
  expect(second).toHaveLength(1);
  expect(second[0]!.kssl).toBe(4);
  expect(String(second[0]!.pic_tree)).toMatch(/[0-9a-f-]{36}/);
  expect(await backOfficeRows(admin, 'e2e现场甲')).toHaveLength(1);
}, 300_000);

it('refuses clock-in with the reason while the worker may not clock in', async () => {
  await page.locator('.m-tabs button').nth(1).click();
  await page
    .locator('input[data-field="face"]')
    .setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: await drawJpeg('#c9a27e') });
  await page.locator('.m-main').getByRole('button', { name: '打卡' }).click();
  const item = page.locator('[data-testid="queue-item"]', { hasText: '打卡' });
  await expect.poll(() => item.getAttribute('data-state'), { timeout: 60_000 }).toBe('refused');
  await expect.poll(() => item.textContent()).toContain('打卡权限未开启');
  await snap(page, 'fieldapp-clockin-refused');
}, 120_000);
