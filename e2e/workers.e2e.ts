import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, chinaToday, makeIdNumber } from '@pineguard/contract';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { demoPassword, signIn, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

/** A real 1×1 PNG standing in for photos. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const name = '程福明';
const idNumber = makeIdNumber('330824', '1979-05-20', 317);

async function uploadPhoto(page: Page, index: number, file: string) {
  await page
    .locator('input[type=file]')
    .nth(index)
    .setInputFiles({ name: file, mimeType: 'image/png', buffer: png });
}

async function searchFor(page: Page) {
  await page.getByPlaceholder('姓名 / 手机号 / 身份证号').fill(name);
  await page.getByRole('button', { name: /^查\s*询$/ }).click();
  await page.getByRole('cell', { name, exact: true }).waitFor();
}

const row = (page: Page) => page.getByRole('row', { name: new RegExp(name) });

it('adds a worker with ID card and face photos, approves, refuses clock-in while uninsured, insures, allows, exports', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/lwrymanager/add`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/lwrymanager/add');

  // Typing the ID number fills birth date and sex.
  let form = page.locator('form#worker');
  await form.getByLabel('姓名').fill(name);
  await page.getByTestId('id-number').fill(idNumber);
  await page.getByText('出生日期 1979-05-20 · 男').waitFor();
  await expect.poll(() => page.getByTestId('birthday').inputValue()).toBe('1979-05-20');
  await expect.poll(() => page.getByTestId('sex').inputValue()).toBe('男');
  await form.getByLabel('手机号').fill('13957012345');
  await form.getByLabel('标段').click();
  await page.locator('.ant-select-item-option', { hasText: '第一标段' }).click();
  await uploadPhoto(page, 0, 'front.png');
  await uploadPhoto(page, 1, 'back.png');
  await uploadPhoto(page, 2, 'face.png');
  await expect.poll(() => page.locator('.ant-image img').count()).toBe(3);
  await snap(page, 'workers-01-add');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();

  // The form closes after save and the list shows the new, pending worker with a masked number.
  await expect.poll(() => pathOf(page)).toBe('/lwrymanager/list');
  await searchFor(page);
  await expect.poll(() => row(page).innerText()).toContain('待审核');
  await expect
    .poll(() => row(page).innerText())
    .toContain(`${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`);

  // Approve from the review queue.
  await page.goto(`${server.url}/lwrymanager/shenhe`);
  await page.getByPlaceholder('姓名 / 手机号 / 身份证号').fill(name);
  await page.getByPlaceholder('姓名 / 手机号 / 身份证号').press('Enter');
  await row(page)
    .getByRole('button', { name: /^通\s*过$/ })
    .click();
  // 通过 asks first (issue 29).
  await page
    .getByRole('dialog')
    .filter({ hasText: `确认审核通过 ${name}？` })
    .getByRole('button', { name: /^通\s*过$/ })
    .click();
  await page.getByText('已通过 1 人').waitFor();
  await snap(page, 'workers-02-review');

  // Clock-in while uninsured: refused with the reason.
  await page.goto(`${server.url}/lwrymanager/list`);
  await searchFor(page);
  await row(page).getByRole('switch').click();
  await page.getByText(/不能开启打卡权限：.*未投保/).waitFor();
  await snap(page, 'workers-03-refused');
  await expect.poll(() => row(page).getByRole('switch').getAttribute('aria-checked')).toBe('false');

  // Add insurance in the edit form.
  await row(page)
    .getByRole('button', { name: /^编\s*辑$/ })
    .click();
  await expect.poll(() => pathOf(page)).toMatch(/^\/lwrymanager\/edit\?id=/);
  form = page.locator('form#worker');
  await expect.poll(() => form.getByLabel('姓名').inputValue()).toBe(name);
  await page.getByTestId('insured').check();
  await form.getByLabel('保险公司').fill('中国人寿财险衢州中心支公司');
  await form.getByLabel('保单号').fill('PICC-E2E-0001');
  const today = chinaToday();
  const start = form.getByPlaceholder('开始日期');
  await start.click();
  await start.fill(addDays(today, -1));
  await start.press('Enter');
  const end = form.getByPlaceholder('结束日期');
  await end.fill(addDays(today, 180));
  await snap(page, 'workers-04-insure');
  // Enter confirms the range but no longer submits the form (issue 29: it saved workers before
  // their photos were attached); 保存 does.
  await end.press('Enter');
  await expect.poll(() => form.getByPlaceholder('结束日期').inputValue()).toBe(addDays(today, 180));
  expect(pathOf(page)).toMatch(/^\/lwrymanager\/edit\?id=/);
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect.poll(() => pathOf(page)).toBe('/lwrymanager/list');

  // Now clock-in is allowed.
  await searchFor(page);
  await row(page).getByRole('switch').click();
  await expect.poll(() => row(page).getByRole('switch').getAttribute('aria-checked')).toBe('true');
  await snap(page, 'workers-05-allowed');

  // Export the filtered list and open the file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出 Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^劳务人员_KH2026_\d{8}\.xlsx$/);
  const file = join(mkdtempSync(join(tmpdir(), 'pineguard-xlsx-')), download.suggestedFilename());
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBe(name);
  expect(sheet.getRow(2).getCell(2).value).toBe(idNumber);
  expect(sheet.getRow(2).getCell(16).value).toBe('是');

  // Statistics render their charts.
  await page.goto(`${server.url}/lwrymanager/laowucensus`);
  await expect.poll(() => page.locator('canvas').count()).toBeGreaterThanOrEqual(3);
  await snap(page, 'workers-06-census');
}, 180_000);

it('shows the demo workers with generated portraits and ID card images', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/lwrymanager/list`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/lwrymanager/list');
  // A demo worker (the journey above added 程福明 with a 1×1 test photo).
  const first = page.getByRole('row').filter({ hasText: '已通过' }).filter({ hasNotText: name }).first();
  await first.getByRole('button', { name: /^人\s*脸$/ }).click();
  const portrait = page.locator('.ant-modal .ant-image img').first();
  await portrait.waitFor();
  // A generated 240×300 portrait, not a 1×1 placeholder.
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([240, 300]);
  await snap(page, 'workers-07-demo-faces');
  await page.keyboard.press('Escape');
  await first.getByRole('button', { name: /^编\s*辑$/ }).click();
  await expect.poll(() => page.locator('form#worker .ant-image img').count()).toBe(2);
  const card = page.locator('form#worker .ant-image img').first();
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(580);
  await snap(page, 'workers-08-demo-id-cards');
}, 120_000);
