import { makeIdNumber } from '@pineguard/contract';
import QRCode from 'qrcode';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, journeyContext, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, useServer } from './journeys.ts';

/**
 * The field app's second journey (issue 18): a newcomer joins with the project's invitation code
 * on the phone and sees that the account waits for review until it is approved; signed in, the
 * records list shows a record the worker sent from another phone; a refused clock-in shows its
 * reasons on the clock-in screen at once.
 */
let server: RunningServer;
let context: BrowserContext;
let page: Page;
let admin: string;
const phone = '13905709911';
const account = 'e2e_field2';
const password = 'field2026';
const kaihua = { longitude: 118.4143, latitude: 29.1368, accuracy: 15 };
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

useServer(async (s, browser) => {
  server = s;
  admin = await apiSignIn(server, 'demo_admin');
  context = await browser.newContext({
    ...journeyContext,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    geolocation: kaihua,
    permissions: ['geolocation'],
  });
  page = await context.newPage();
});

it('joins with an invitation code, waits for review, then signs in once approved', async () => {
  const roles = await api<{ id: number; code: string }[]>(server, '/api/common/role', undefined, admin);
  const invite = await api<{ code: string }>(
    server,
    '/api/user/insertInvite',
    { roleId: roles.find((r) => r.code === 'worker')!.id },
    admin,
  );

  await page.goto(`${server.url}/m/`);
  await page.getByRole('button', { name: '没有账号？用邀请码注册' }).click();
  // Checked on the phone first: a code of the wrong length is named before anything is sent.
  await page.getByLabel('邀请码').fill('ABC');
  await page.getByRole('button', { name: '注册' }).click();
  await page.getByText('邀请码为 8 位').waitFor();
  await page.getByLabel('邀请码').fill(invite.code);
  await page.getByLabel('姓名').fill('章新民');
  await page.getByLabel('手机号（选填）').fill(phone);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码（6–11 位）').fill(password);
  await page.getByRole('button', { name: '注册' }).click();

  const pending = page.getByTestId('pending');
  await pending.waitFor();
  expect(await pending.textContent()).toContain(account);
  expect(await pending.textContent()).toMatch(/开化县/);
  await snap(page, 'fieldapp2-pending');

  // Signing in before the review: the panel stays and says the account still waits.
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect.poll(() => pending.textContent()).toContain('账号正在等待审核');
  // Reopening the app keeps the state.
  await page.reload();
  await pending.waitFor();
  expect(await page.getByLabel('账号').inputValue()).toBe(account);

  const waiting = await api<{ list: { id: string; account: string }[] }>(
    server,
    '/api/user/verifyUserList',
    { keyword: account, pageNum: 1, pageSize: 10 },
    admin,
  );
  const userId = waiting.list.find((u) => u.account === account)!.id;
  await api(server, '/api/user/verify', { userId, approve: true }, admin);
  // A field worker records only in the sections the project administrator gives them (issue 26).
  await api(server, '/api/project/setMemberSections', { userId, sectionCodes: ['KH-BD01'] }, admin);

  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page
    .getByRole('button', { name: /开化县/ })
    .first()
    .click();
  await page.locator('#section').waitFor();
  expect(await page.getByTestId('pending').count()).toBe(0);
  await page.locator('#section').selectOption('KH-BD01');
}, 180_000);

it('lists the worker’s records sent from another phone with their states', async () => {
  // The same worker on another phone (another session) sends a record; a supervisor sends it back.
  const other = await apiSignIn(server, account, { password });
  const photo = await apiUploadPhoto(server, other, png, { name: 'tree.png', type: 'image/png' });
  const uuid = crypto.randomUUID();
  const sent = await api<{ results: { status: string }[] }>(
    server,
    '/api/collect/records',
    {
      records: [
        {
          uuid,
          tableCode: 'gbksdc0101',
          sectionCode: 'KH-BD01',
          timeSubmit: new Date().toISOString(),
          gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
          fields: { kssl: 2, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: photo, beizhu: '另一台手机' },
        },
      ],
    },
    other,
  );
  expect(sent.results[0]!.status).toBe('created');
  const jianli = await apiSignIn(server, 'demo_jianli');
  await api(server, '/api/data/examine', { ids: [uuid], action: 'return', reason: '树种拍不清' }, jianli);

  await page.locator('.m-tabs button').nth(2).click();
  const row = page.getByTestId('mine-item');
  await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
  expect(await row.getAttribute('data-state')).toBe('30');
  const text = await row.textContent();
  expect(text).toContain('已退回');
  expect(text).toContain('树种拍不清');
  expect(text).toContain('其他设备上传');
  await snap(page, 'fieldapp2-my-records');
}, 120_000);

it('shows a refused clock-in’s reasons on the clock-in screen at once', async () => {
  // A worker entry with the account's phone: not reviewed, not insured, clock-in off.
  await api(
    server,
    '/api/lwryUser/insert',
    { name: '章新民', idNumber: makeIdNumber('330824', '1980-03-04', 517), phone, sectionCode: 'KH-BD01' },
    admin,
  );
  await page.locator('.m-tabs button').nth(1).click();
  await expect
    .poll(() => page.getByTestId('position').textContent(), { timeout: 30_000 })
    .toContain('118.41');
  await page
    .locator('input[data-field="face"]')
    .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
  await page.locator('.m-main').getByRole('button', { name: '打卡', exact: true }).click();
  const result = page.getByTestId('clockin-result');
  await expect.poll(() => result.getAttribute('data-state'), { timeout: 60_000 }).toBe('refused');
  const text = await result.textContent();
  expect(text).toContain('打卡被拒绝');
  for (const reason of ['打卡权限未开启', '未审核通过', '未投保', '没有当前人脸照片'])
    expect(text).toContain(reason);
  // Still on the clock-in screen.
  expect(await page.locator('input[data-field="face"]').count()).toBe(1);
  await snap(page, 'fieldapp2-clockin-refused');
}, 120_000);

it('reads a QR tag from a photo without BarcodeDetector (ZXing wasm from our own server)', async () => {
  // Chromium on Linux has no BarcodeDetector: the scan goes through the lazily loaded ponyfill.
  expect(await page.evaluate(() => 'BarcodeDetector' in globalThis)).toBe(false);
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('.wasm')) wasm.push(r.url());
  });
  const tag = await QRCode.toBuffer('KH26-0000042', { type: 'png', width: 360, margin: 4 });
  await page.locator('.m-tabs button').nth(0).click();
  await page.locator('#table').selectOption('gbcfcz0101');
  await page
    .locator('[data-field="qrcode"] label', { hasText: '扫码' })
    .locator('input')
    .setInputFiles({ name: 'tag.png', mimeType: 'image/png', buffer: tag });
  await expect.poll(() => page.locator('#qrcode').inputValue(), { timeout: 30_000 }).toBe('KH26-0000042');
  expect(wasm.length).toBeGreaterThan(0);
  expect(wasm.every((u) => u.startsWith(`${server.url}/assets/`))).toBe(true);
  await snap(page, 'fieldapp2-qr-scanned');
}, 120_000);
