import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, artifactsDir, newPage, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, signIn, useServer } from './journeys.ts';

/**
 * The supervisor's review table (issue 29) at 1366×768: the reviewer's columns fit beside the
 * folded area tree with a photo thumbnail and sections by name; a record is approved from its row,
 * two more from a selection, and the detail drawer is walked with the keyboard (J/K, A + Enter)
 * across the page boundary; the column choice and the folded tree survive a reload; /q/ and the
 * QR list name the section too.
 */
let server: RunningServer;
let browser: Browser;
let tag = '';
const center = '/dataCenter';
const COUNT = 12;

async function drawJpeg(page: Page, color: string): Promise<Buffer> {
  const url = await page.evaluate((c) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 360;
    const g = canvas.getContext('2d')!;
    g.fillStyle = c;
    g.fillRect(0, 0, 480, 360);
    g.fillStyle = '#e8d9b0';
    g.beginPath();
    g.arc(240, 180, 110, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/jpeg', 0.85);
  }, color);
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

useServer(async (s, b) => {
  server = s;
  browser = b;
  const page = await newPage(browser);
  const photo = await drawJpeg(page, '#6b4a2b');
  await page.context().close();
  const token = await apiSignIn(server, 'demo_admin');
  // Tags of two batches (a record names a real tag of its section): 8 in 第一标段, 4 in 第二标段.
  const codes: Record<string, string[]> = {};
  for (const [section, count] of [
    ['KH-BD01', 8],
    ['KH-BD02', 4],
  ] as const) {
    const { flagId } = await api<{ flagId: number }>(
      server,
      '/api/qrInfo/add',
      { flagName: `审核e2e批次${count}`, sectionCode: section, count },
      token,
    );
    const list = await api<{ rows: { code: string }[] }>(
      server,
      '/api/qrInfo/list',
      { flagId, pageNum: 1, pageSize: 20 },
      token,
    );
    codes[section] = list.rows.map((r) => r.code).sort();
  }
  tag = codes['KH-BD01']![0]!;
  const fileId = await apiUploadPhoto(server, token, photo, { name: 'stump.jpg', type: 'image/jpeg' });
  // Twelve felled trees, oldest first (the list shows the newest first): page 1 holds 10.
  for (let i = 0; i < COUNT; i++) {
    const section = i % 3 === 2 ? 'KH-BD02' : 'KH-BD01';
    await api(
      server,
      '/api/sync/uploadData4PC',
      {
        tbName: 'gbcfcz0101',
        data: {
          code_project4: section,
          time_submit: new Date(Date.now() - (COUNT - i) * 60_000).toISOString(),
          gps_long: 118.4123456789 + i / 1000,
          gps_lat: 29.1312345678,
          gps_alt: 312.46,
          qrcode: codes[section]!.shift(),
          shuzhong: '马尾松',
          xiongjing: 20 + i,
          shugao: 9.5,
          dungao: 3,
          multi_fzcl: '剥皮,覆膜',
          pic_before: [fileId],
          pic_stump: [fileId],
          pic_treated: [fileId],
          beizhu: `审核e2e第${i + 1}株`,
        },
      },
      token,
    );
  }
});

/** What the screen shows (the viewport, not the whole page): what a 1366×768 user sees. */
const screen = (page: Page, name: string) => page.screenshot({ path: join(artifactsDir, `${name}.png`) });

const headers = (table: Locator) => table.locator('thead th').allInnerTexts();
const box = async (l: Locator) => (await l.boundingBox())!;
const overlaps = (a: { x: number; width: number }, b: { x: number; width: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width;

async function openFellingTable(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: /采伐除治/ }).click();
  const table = page.locator('[data-testid="record-table"]:visible');
  await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(10);
  return table;
}

it('the supervisor reviews from the row, a selection and the drawer by keyboard at 1366×768', async () => {
  const page = await newPage(browser, { width: 1366, height: 768 });
  await page.goto(`${server.url}${center}`);
  await signIn(page, 'demo_jianli', demoPassword, 'KH2026', center);
  await page.getByTestId('data-center').waitFor();
  // Room for the list: the area tree and the overview folded (both remembered).
  await page.getByTestId('tree-collapse').click();
  await page.getByTestId('summary-fold').click();
  const table = await openFellingTable(page);
  const rows = table.locator('tbody tr.ant-table-row');
  // The menu stays open at 1366 px (a full-page snap would resize the window: viewport shots here).
  await expect
    .poll(() => page.getByTestId('sidebar').evaluate((el) => el.getBoundingClientRect().width))
    .toBeGreaterThan(150);
  await screen(page, 'review-01-table-1366');

  // The reviewer's columns, sections by name, everything on screen without scrolling sideways.
  const titles = (await headers(table)).map((h) => h.trim()).filter(Boolean);
  for (const title of [
    '标段',
    '采集人',
    '二维码编号',
    '树种',
    '胸径',
    '伐桩高度',
    '照片',
    '采集时间',
    '状态',
    '操作',
  ])
    expect(titles).toContain(title);
  expect(titles).not.toContain('项目地区');
  const firstRow = await rows.first().innerText();
  expect(firstRow).toMatch(/第[一二]标段/);
  expect(await table.innerText()).not.toMatch(/KH-BD0\d/);
  const body = table.locator('.ant-table-content, .ant-table-body').first();
  expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  // The sticky 状态 / 操作 cells never cover the QR code.
  const qrIndex = titles.indexOf('二维码编号');
  const cells = rows.first().locator('td');
  const offset = (await cells.count()) - titles.length;
  const qr = await box(cells.nth(qrIndex + offset));
  for (const sticky of await rows.first().locator('td.ant-table-cell-fix-right').all())
    expect(overlaps(qr, await box(sticky))).toBe(false);
  // The photo thumbnail has loaded.
  const thumb = rows.first().getByTestId('row-thumb').locator('img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screen(page, 'review-01b-screen-1366');

  // Approve from the row: the dialog confirms, the row turns 已通过.
  await rows
    .first()
    .getByRole('button', { name: /^通\s*过$/ })
    .click();
  await page.getByTestId('review-ok').click();
  await expect.poll(() => rows.first().innerText()).toContain('已通过');

  // A selection of two: approved together from the batch bar.
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await rows.nth(2).locator('.ant-checkbox-input').check();
  const bar = page.getByTestId('batch-bar');
  await expect.poll(() => bar.innerText()).toContain('已选 2 条');
  await snap(page, 'review-02-selection');
  await bar.getByRole('button', { name: /^通\s*过$/ }).click();
  await page.getByTestId('review-ok').click();
  await expect.poll(() => rows.nth(1).innerText()).toContain('已通过');
  await expect.poll(() => rows.nth(2).innerText()).toContain('已通过');

  // The drawer: J / K walk the list, A + Enter approves, J crosses onto page 2.
  await rows
    .nth(3)
    .getByRole('button', { name: /^详\s*情$/ })
    .click();
  const drawer = page.getByTestId('record-drawer').last();
  const position = drawer.getByTestId('drawer-position');
  await expect.poll(() => position.innerText()).toBe(`第 4 / ${COUNT} 条`);
  await drawer.getByTestId('drawer-keys').waitFor();
  await page.keyboard.press('j');
  await expect.poll(() => position.innerText()).toBe(`第 5 / ${COUNT} 条`);
  await page.keyboard.press('k');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => position.innerText()).toBe(`第 3 / ${COUNT} 条`);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => position.innerText()).toBe(`第 4 / ${COUNT} 条`);
  await drawer.locator('.ant-drawer-header').getByText('已上传').waitFor();
  await page.keyboard.press('a');
  await page.getByRole('dialog', { name: '审核通过' }).waitFor();
  // The dialog's 确定 takes the focus: Enter confirms.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('review-ok');
  await page.keyboard.press('Enter');
  await drawer.getByTestId('history-approved').waitFor();
  await drawer.locator('.ant-drawer-header').getByText('已通过').waitFor();
  await expect.poll(() => rows.nth(3).innerText()).toContain('已通过');
  // Place: six decimals, altitude one, each number on one line; the section by name.
  const place = drawer.getByTestId('record-location');
  await expect.poll(() => place.innerText()).toContain('29.131235');
  expect(await place.innerText()).toContain('312.5');
  for (const n of await place.locator('td span').all())
    expect(await n.evaluate((el) => el.getClientRects().length)).toBe(1);
  expect(await drawer.getByTestId('detail-section').innerText()).toMatch(/^第[一二]标段/);
  await place.scrollIntoViewIfNeeded();
  await screen(page, 'review-03-drawer');
  for (let i = 4; i < 10; i++) await page.keyboard.press('j');
  await expect.poll(() => position.innerText()).toBe(`第 10 / ${COUNT} 条`);
  await page.keyboard.press('j');
  await expect.poll(() => position.innerText()).toBe(`第 11 / ${COUNT} 条`);
  await expect.poll(() => page.locator('.ant-pagination-item-active:visible').innerText()).toBe('2');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  // The column choice and the folded tree are remembered: 伐桩高度 off, 经度 on, after a reload.
  await page.locator('[data-testid="column-chooser-button"]:visible').click();
  const chooser = page.getByTestId('column-chooser');
  await chooser.getByRole('checkbox', { name: '伐桩高度' }).uncheck();
  await chooser.getByRole('checkbox', { name: '经度' }).check();
  await expect.poll(() => headers(table)).toContain('经度');
  await page.reload();
  await page.getByTestId('tree-expand').waitFor();
  expect(await page.getByTestId('summary-fold').getAttribute('aria-expanded')).toBe('false');
  const again = await openFellingTable(page);
  await expect.poll(() => headers(again)).toContain('经度');
  expect(await headers(again)).not.toContain('伐桩高度');
  expect(await again.locator('tbody tr.ant-table-row').first().innerText()).toMatch(/118\.4\d{5}\b/);
  await snap(page, 'review-04-chosen-columns');
  await page.context().close();
});

it('at 1440×900 the tree open beside the table; /q/ and the QR list name the section', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}${center}`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', center);
  await page.getByTestId('tree-collapse').waitFor();
  const table = await openFellingTable(page);
  expect(await table.innerText()).not.toMatch(/KH-BD0\d/);
  await snap(page, 'review-05-table-1440');

  await page.goto(`${server.url}/q/${tag}`);
  await page.getByTestId('scan-valid').waitFor();
  const chain = page.getByTestId('chain-gbcfcz0101');
  await chain.waitFor();
  await expect.poll(() => page.locator('main, body').first().innerText()).toMatch(/标段\s*第一标段/);
  expect(await chain.innerText()).toContain('第一标段');
  expect(await page.locator('body').innerText()).not.toContain('KH-BD01');
  await snap(page, 'review-06-scan');

  await page.goto(`${server.url}/qrcode/list`);
  const tags = page.locator('tbody tr.ant-table-row');
  await expect.poll(() => tags.count()).toBeGreaterThan(0);
  await expect.poll(() => tags.first().innerText()).toContain('第一标段');
  await snap(page, 'review-07-qr-list');
  await page.context().close();
});
