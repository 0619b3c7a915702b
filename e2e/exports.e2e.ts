import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, signIn, useServer } from './journeys.ts';

/**
 * The exports journey (issue 16): the supervisor filters the census list, exports it to Excel and
 * to a shapefile, watches the export-records drawer turn to finished (its own 10 s refresh) and
 * downloads both files.
 */
let server: RunningServer;
let browser: Browser;
const table = '/dataView/gbksdc0101';
const note = '导出e2e山脊枯死木';

/** A real JPEG drawn by the browser (the census table requires a photo). */
async function drawJpeg(page: Page): Promise<Buffer> {
  const url = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#6b4a2b';
    g.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

async function seedRecords(photo: Buffer): Promise<void> {
  const token = await apiSignIn(server, 'demo_admin');
  const fileId = await apiUploadPhoto(server, token, photo, { name: 'tree.jpg', type: 'image/jpeg' });
  for (const [i, long] of [118.38, 118.39].entries()) {
    await api(
      server,
      '/api/sync/uploadData4PC',
      {
        tbName: 'gbksdc0101',
        data: {
          code_project4: 'KH-BD01',
          time_submit: new Date().toISOString(),
          gps_long: long,
          gps_lat: 29.14,
          kssl: i + 2,
          shuzhong: '黑松',
          dcfs: '无人机',
          pic_tree: [fileId],
          beizhu: `${note}${i}`,
        },
      },
      token,
    );
  }
}

useServer(async (started, launched) => {
  server = started;
  browser = launched;
  const page = await newPage(browser);
  const photo = await drawJpeg(page);
  await page.context().close();
  await seedRecords(photo);
});

/** Clicks an export button; waits for the drawer's newest row to finish and downloads it. */
async function exportAndDownload(page: Page, testId: string, extension: RegExp, shot: string) {
  await page.getByTestId(testId).click();
  const drawer = page.getByTestId('export-records');
  await drawer.waitFor();
  const firstRow = drawer.locator('tbody tr.ant-table-row').first();
  // Finished within the drawer's own refresh (every 10 s), no click on "refresh": the newest row
  // is this export (its extension) and reads finished.
  const rowText = new RegExp(`${extension.source.replace('$', '')}\\s[\\s\\S]*已完成`);
  await expect.poll(() => firstRow.innerText(), { timeout: 60_000, interval: 500 }).toMatch(rowText);
  await snap(page, shot);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    firstRow.getByRole('button', { name: /下\s*载/ }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(extension);
  const path = await file.path();
  expect(path).toBeTruthy();
  await page.locator('.ant-drawer-close').last().click();
  await drawer.waitFor({ state: 'hidden' });
}

it('exports the filtered list to Excel and a shapefile, the drawer turns to finished, both download', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}${table}`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', table);
  await page.getByTestId('record-table').waitFor();
  const filters = page.getByTestId('record-filters');
  await filters.getByLabel(/关键字/).fill(note);
  await filters.getByLabel(/关键字/).press('Enter');
  const rows = page.getByTestId('record-table').locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBe(2);

  await exportAndDownload(page, 'export-excel', /\.xlsx$/, 'exports-01-excel-finished');
  await exportAndDownload(page, 'export-shapefile', /\.zip$/, 'exports-02-shapefile-finished');

  // The avatar menu opens the same records: two finished exports of the week.
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: '导出记录' }).click();
  const drawer = page.getByTestId('export-records');
  await expect.poll(() => drawer.locator('tbody tr.ant-table-row').count()).toBe(2);
  await expect.poll(() => drawer.innerText()).toContain('仅显示最近一周');
  await snap(page, 'exports-03-avatar-drawer');
});
