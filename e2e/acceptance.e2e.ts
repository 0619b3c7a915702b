import { TAG_ALPHABET, tagCodeFor } from '@pineguard/contract';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, journeyContext, newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, openFromSidebar, signIn, useServer } from './journeys.ts';

/**
 * 检查验收 (issue 30): a supervisor draws a 10 % sample on the PC (1366×768), records one check
 * on the phone (390×844, the field app, with its position), and sees the pass rate on the PC.
 * The population: 30 approved fellings of KH-BD01 in the last days (made through the API).
 */
let server: RunningServer;
let browser: Browser;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const tag = (i: number) =>
  tagCodeFor('KH', Array.from({ length: 10 }, (_, j) => TAG_ALPHABET[(i * 7 + j * 3) % 32]).join(''));

useServer(async (s, b) => {
  server = s;
  browser = b;
  const admin = await apiSignIn(server, 'demo_admin');
  const photo = await apiUploadPhoto(server, admin, png, { name: 'stump.png', type: 'image/png' });
  const records = Array.from({ length: 30 }, (_, i) => ({
    uuid: crypto.randomUUID(),
    tableCode: 'gbcfcz0101',
    sectionCode: 'KH-BD01',
    timeSubmit: new Date(Date.now() - ((i % 5) + 1) * 86_400_000).toISOString(),
    gps: { long: 118.41 + i * 0.001, lat: 29.14, alt: 300, range: 5 },
    fields: {
      qrcode: tag(i),
      shuzhong: '马尾松',
      xiongjing: 20,
      dungao: 3,
      multi_fzcl: '剥皮',
      pic_before: photo,
      pic_stump: photo,
      pic_treated: photo,
    },
  }));
  const sent = await api<{ results: { status: string }[] }>(
    server,
    '/api/collect/records',
    { records },
    admin,
  );
  expect(sent.results.every((r) => r.status === 'created')).toBe(true);
  await api(server, '/api/data/examine', { ids: records.map((r) => r.uuid), action: 'approve' }, admin);
});

it('draws a 10 % sample on the PC, records one check on the phone, and shows the pass rate', async () => {
  const pc: Page = await newPage(browser, { width: 1366, height: 768 });
  await pc.goto(`${server.url}/login`);
  await signIn(pc, 'demo_jianli', demoPassword, 'KH2026', '/dashboard');
  await openFromSidebar(pc, '检查验收', '/acceptance');
  await pc.getByTestId('acceptance-draw').click();
  const dialog = pc.getByRole('dialog');
  await dialog.getByTestId('draw-seed').fill('e2e-2026');
  await snap(pc, 'acceptance-draw-dialog');
  await dialog.getByRole('button', { name: '抽取样本' }).click();
  // The sample opens: 3 of 30 in KH-BD01 (ceil 10 %), nothing checked yet.
  await pc.getByTestId('acceptance-params').waitFor();
  expect(await pc.getByTestId('acceptance-params').textContent()).toContain('种子 e2e-2026');
  const strata = pc.getByTestId('acceptance-strata');
  await expect.poll(() => strata.textContent()).toContain('0/3');
  await expect
    .poll(() => pc.getByTestId('acceptance-items').locator('tbody tr.ant-table-row').count())
    .toBe(3);
  await snap(pc, 'acceptance-sample-pc');

  const phone = await browser.newContext({
    ...journeyContext,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    geolocation: { longitude: 118.4105, latitude: 29.1402, accuracy: 8 },
    permissions: ['geolocation'],
  });
  const m = await phone.newPage();
  await m.goto(`${server.url}/m/`);
  await m.getByLabel('账号').fill('demo_jianli');
  await m.getByLabel('密码').fill(demoPassword);
  await m.getByRole('button', { name: '登录' }).click();
  const project = m.getByRole('button', { name: /开化县/ }).first();
  const opened = m.getByTestId('acceptance-open');
  await expect.poll(async () => (await project.isVisible()) || (await opened.isVisible())).toBe(true);
  if (await project.isVisible()) await project.click();
  await opened.click();
  await m.getByTestId('acceptance-sample').first().click();
  const items = m.getByTestId('acceptance-items').locator('li');
  await expect.poll(() => items.count()).toBe(3);
  // Nearest first, with distance and bearing from the phone's position, and a geo: link.
  await expect.poll(() => items.first().textContent()).toMatch(/距离 \d+(\.\d)? (m|km) · 方位/);
  expect(await items.first().getByRole('link', { name: '导航' }).getAttribute('href')).toMatch(
    /^geo:29\.14,118\.4/,
  );
  await snap(m, 'acceptance-phone-list');
  await items.first().getByTestId('acceptance-check').click();
  await m.getByTestId('acc-found-yes').check();
  await m.getByTestId('acc-stump').fill('4');
  await m.getByTestId('acc-covered-yes').check();
  await m.getByTestId('acc-branches-yes').check();
  await m.getByTestId('acc-disposal-yes').check();
  await m.getByLabel('备注').fill('伐桩低于 5 cm，已覆膜');
  await snap(m, 'acceptance-phone-check');
  await m.getByTestId('acc-save').click();
  // Back on the list; the outbox empties once the check is sent, and the record shows 合格.
  await expect.poll(() => items.count()).toBe(3);
  await expect.poll(() => m.getByTestId('acceptance-outbox').count(), { timeout: 20_000 }).toBe(0);
  await m.getByRole('button', { name: '返回' }).click();
  await m.getByTestId('acceptance-sample').first().click();
  await expect.poll(() => m.getByTestId('acceptance-items').textContent()).toContain('合格');
  await snap(m, 'acceptance-phone-done');

  await pc.reload();
  expect(pathOf(pc)).toBe('/acceptance');
  await pc.getByRole('button', { name: '查看' }).first().click();
  await expect.poll(() => pc.getByTestId('pass-rate-total').textContent()).toBe('100.0%');
  expect(await pc.getByTestId('pass-rate-KH-BD01').textContent()).toBe('100.0%');
  expect(await strata.textContent()).toContain('1/3');
  await snap(pc, 'acceptance-pass-rate-pc');

  // A second record checked at the PC fails (stump 9 cm, branches left): 50 %, and the record
  // gets 检查验收不合格 in 疑点核查.
  await pc
    .getByTestId('acceptance-items')
    .getByRole('button', { name: /^检\s*查$/ })
    .first()
    .click();
  const check = pc.getByRole('dialog');
  await check.getByLabel('实测伐桩高度（cm）').fill('9');
  await check.locator('.ant-form-item', { hasText: '枝桠已处理' }).getByText('否').click();
  await check.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect.poll(() => pc.getByTestId('pass-rate-total').textContent()).toBe('50.0%');
  await pc.getByTestId('acceptance-state').getByText('不合格').click();
  await expect.poll(() => pc.getByTestId('acceptance-items').textContent()).toContain('伐桩过高');
  await snap(pc, 'acceptance-failures-pc');
  await pc.goto(`${server.url}/anomalies?anomalyKind=acceptance_failed`);
  await expect
    .poll(() => pc.getByTestId('anomalies-page').textContent(), { timeout: 20_000 })
    .toContain('检查验收不合格');
  await snap(pc, 'acceptance-anomaly-pc');
  await phone.close();
}, 180_000);
