import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, signIn, useServer } from './journeys.ts';

/**
 * The records journey (issue 13): a supervisor enters a census record with a photo on the PC,
 * finds it by filter, opens its detail (photo, map point, timeline), corrects a field, sends it
 * back with a reason, approves, deletes and restores it; the section manager's list holds his
 * section only.
 */
let server: RunningServer;
let browser: Browser;
let photo: Buffer;
const table = '/dataView/gbksdc0101';
const note = '沟边孤立枯死木e2e';

/** A real JPEG drawn by the browser (no image fixture in the repository). */
async function drawJpeg(page: Page, color: string): Promise<Buffer> {
  const url = await page.evaluate((c) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 360;
    const g = canvas.getContext('2d')!;
    g.fillStyle = c;
    g.fillRect(0, 0, 480, 360);
    g.fillStyle = '#fff';
    g.fillRect(200, 60, 80, 240);
    return canvas.toDataURL('image/jpeg', 0.85);
  }, color);
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

/** A record in section KH-BD01 (the section manager's), entered through the API. */
async function seedSectionOneRecord(): Promise<void> {
  const token = await apiSignIn(server, 'demo_admin');
  const fileId = await apiUploadPhoto(server, token, photo, { name: 'bd01.jpg', type: 'image/jpeg' });
  await api(
    server,
    '/api/sync/uploadData4PC',
    {
      tbName: 'gbksdc0101',
      data: {
        code_project4: 'KH-BD01',
        time_submit: new Date().toISOString(),
        gps_long: 118.38,
        gps_lat: 29.14,
        kssl: 2,
        shuzhong: '黑松',
        dcfs: '无人机',
        pic_tree: [fileId],
        beizhu: '第一标段山脊枯死木',
      },
    },
    token,
  );
}

useServer(async (s, b) => {
  server = s;
  browser = b;
  const page = await newPage(browser);
  photo = await drawJpeg(page, '#6b4a2b');
  await page.context().close();
  await seedSectionOneRecord();
});

async function pick(page: Page, text: string) {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: text,
    })
    .first()
    .click();
}

const button = (scope: Page | ReturnType<Page['locator']>, chars: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...chars].join('\\s*')}$`) });

it('enter with a photo, find, detail, correct, send back, approve, delete and restore', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}${table}`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', table);
  await page.getByTestId('record-table').waitFor();
  await snap(page, 'records-01-list');

  // PC entry: the dialog is generated from the census table's descriptors.
  await button(page, '录入数据').click();
  const entry = page.getByRole('dialog', { name: /录入数据/ });
  await entry.getByLabel('标段').click();
  await pick(page, 'KH-BD02');
  await entry.getByLabel('经度').fill('118.412345');
  await entry.getByLabel('纬度').fill('29.131234');
  await entry.getByLabel('枯死株数').fill('3');
  await entry.getByLabel('树种').click();
  await pick(page, '马尾松');
  await entry.getByLabel('调查方式').click();
  await pick(page, '地面调查');
  await entry.getByLabel('备注').fill(note);
  await entry
    .locator('input[type=file]')
    .setInputFiles({ name: 'tree.jpg', mimeType: 'image/jpeg', buffer: photo });
  await entry.locator('.ant-upload-list-item-done').waitFor();
  await snap(page, 'records-02-upload-dialog');
  await page.getByTestId('upload-ok').click();
  await entry.waitFor({ state: 'hidden' });

  // Find it: section KH-BD02 and the keyword from its note.
  const filters = page.getByTestId('record-filters');
  await filters.getByLabel('标段').click();
  await pick(page, 'KH-BD02');
  await filters.getByLabel(/关键字/).fill(note);
  await filters.getByLabel(/关键字/).press('Enter');
  const rows = page.getByTestId('record-table').locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBe(1);
  // The section by its name (issue 29), not its code.
  await expect.poll(() => rows.first().innerText()).toContain('第二标段');
  expect(await rows.first().innerText()).not.toContain('KH-BD02');
  await snap(page, 'records-03-filtered');

  // Detail: photo, map point, the timeline's first entry.
  await button(rows.first(), '详情').click();
  const drawer = page.getByTestId('record-drawer').last();
  await drawer.getByTestId('record-timeline').waitFor();
  await expect.poll(() => drawer.getByTestId('record-photos').locator('img').count()).toBe(1);
  await expect
    .poll(() =>
      drawer
        .getByTestId('record-photos')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await drawer.getByTestId('record-map').locator('.leaflet-marker-icon').waitFor();
  await drawer.getByTestId('history-created').waitFor();
  await snap(page, 'records-04-detail');

  // Correct a field: the history shows the value before and after.
  await button(drawer, '修改').click();
  const correction = page.getByTestId('correction-form');
  await correction.getByLabel('枯死株数').fill('5');
  await page.getByTestId('correct-ok').click();
  const corrected = drawer.getByTestId('history-corrected');
  await corrected.waitFor();
  await expect.poll(() => corrected.innerText()).toMatch(/枯死株数[\s\S]*3[\s\S]*5/);
  await snap(page, 'records-05-corrected');

  // Send back: a reason is required, then shown in the timeline and above the detail.
  await button(drawer, '退回').click();
  await page.getByTestId('review-ok').click();
  await page.getByText('请填写退回或驳回的原因').waitFor();
  await page.getByRole('dialog', { name: '退回修改' }).getByRole('textbox').fill('照片看不清树干，请补拍');
  await page.getByTestId('review-ok').click();
  await drawer.getByTestId('history-returned').waitFor();
  await expect.poll(() => drawer.getByTestId('history-returned').innerText()).toContain('照片看不清树干');
  await drawer.locator('.ant-drawer-header').getByText('已退回').waitFor();
  await snap(page, 'records-06-returned');

  // Approve.
  await button(drawer, '通过').click();
  await page.getByTestId('review-ok').click();
  await drawer.getByTestId('history-approved').waitFor();
  await drawer.locator('.ant-drawer-header').getByText('已通过').waitFor();

  // Delete, then restore.
  await button(drawer, '删除').click();
  await page.getByTestId('delete-ok').click();
  await drawer.getByTestId('history-deleted').waitFor();
  await drawer.locator('.ant-drawer-header').getByText('已删除').waitFor();
  await button(drawer, '恢复').click();
  await page.getByTestId('restore-ok').click();
  await drawer.getByTestId('history-restored').waitFor();
  await drawer.locator('.ant-drawer-header').getByText('已通过').waitFor();
  await drawer.getByTestId('record-timeline').scrollIntoViewIfNeeded();
  await snap(page, 'records-07-timeline');
  await page.context().close();
});

it('the section manager sees his section only', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}${table}`);
  await signIn(page, 'demo_bd', demoPassword, 'KH2026', table);
  const rows = page.getByTestId('record-table').locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBeGreaterThan(0);
  // Sections by name (issue 29): his 第一标段 on every row, no other section, no code. Polled: the
  // rows can draw before the section names arrive (the code shows until then).
  await expect
    .poll(async () =>
      (await rows.allInnerTexts()).every((t) => t.includes('第一标段') && !/第[二三]标段|KH-BD0\d/.test(t)),
    )
    .toBe(true);
  // The record entered in KH-BD02 is not his: the keyword finds nothing.
  const filters = page.getByTestId('record-filters');
  await filters.getByLabel(/关键字/).fill(note);
  await filters.getByLabel(/关键字/).press('Enter');
  await page.getByText('暂无采集记录').waitFor();
  await snap(page, 'records-08-section-manager');
  await page.context().close();
});
