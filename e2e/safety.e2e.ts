import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { artifactsDir, newPage, type RunningServer, snap } from './harness.ts';
import { demoPassword, openFromSidebar, signIn, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const topic = '班前安全交底：油锯伐木与倒树方向';

it('records a safety briefing with attendees and a photo, views it, and prints the ledger on A4', async () => {
  const page = await newPage(browser);
  // The browser's print dialog is counted, not opened.
  await page.addInitScript(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  await page.goto(`${server.url}/login`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/dashboard');
  await openFromSidebar(page, '安全台账', '/safe/KH2026');

  await page.getByTestId('safety-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('主题').fill(topic);
  await dialog.getByLabel('地点').fill('华埠镇下溪村');
  await dialog.getByLabel('主讲人/负责人').fill('余志强');
  await dialog.getByLabel('标段').click();
  await page.locator('.ant-select-item-option', { hasText: '第一标段' }).click();
  // The section list fades out: until it has, its options would be the first "visible" ones.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  // Attendees: the first two workers the section's search offers.
  await dialog.getByLabel('参加人员').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect.poll(() => options.count()).toBeGreaterThan(1);
  await options.nth(0).click();
  await options.nth(1).click();
  await dialog.getByLabel('主题').click(); // closes the dropdown
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'briefing.png', mimeType: 'image/png', buffer: png });
  await dialog
    .locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')
    .first()
    .waitFor();
  await snap(page, 'safety-01-form');
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await dialog.waitFor({ state: 'hidden' });

  const row = page.getByRole('row', { name: new RegExp(topic) });
  await row.waitFor();
  await expect.poll(() => row.textContent()).toContain('第一标段');
  await expect.poll(() => row.textContent()).toContain('班前安全交底');
  await snap(page, 'safety-02-list');

  await row.getByText('查看').click();
  const detail = page.getByTestId('safety-detail');
  await detail.waitFor();
  await expect.poll(() => detail.textContent()).toContain('参加人员（2 人）');
  await expect.poll(() => detail.textContent()).toContain('华埠镇下溪村');
  await snap(page, 'safety-03-detail');
  await page.keyboard.press('Escape');
  await detail.waitFor({ state: 'hidden' });

  await page.getByTestId('safety-print-open').click();
  const printDialog = page.getByRole('dialog');
  await printDialog.getByRole('button', { name: '打印台账' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  const sheet = page.getByTestId('safety-print');
  await expect.poll(() => sheet.textContent()).toContain(topic);
  // On screen the print block is hidden; on paper it is all there is.
  expect(await sheet.isVisible()).toBe(false);
  await page.emulateMedia({ media: 'print' });
  expect(await sheet.isVisible()).toBe(true);
  expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
  await expect.poll(() => sheet.textContent()).toContain('参加人员（2 人）');
  await snap(page, 'safety-04-print');
  mkdirSync(artifactsDir, { recursive: true });
  const pdf = await page.pdf({ path: join(artifactsDir, 'safety-ledger.pdf'), preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.context().close();
});
