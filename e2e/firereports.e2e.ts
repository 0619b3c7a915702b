import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, signIn, useServer } from './journeys.ts';

/** A real 1×1 PNG (the burn records' photos). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let server: RunningServer;
let browser: Browser;
useServer(async (s, b) => {
  server = s;
  browser = b;
  // Four burn records of the demo project on two quiet days (the demo seed holds burn points, no
  // records on these days), at the demo burn points: figures a reader can count by hand.
  const token = await apiSignIn(server, 'demo_admin');
  const photo = await apiUploadPhoto(server, token, png, { name: 'burn.png', type: 'image/png' });
  const burn = (fsd: string, qty: number, section: string, at: string) => ({
    uuid: randomUUID(),
    tableCode: 'gbymfs0101',
    sectionCode: section,
    timeSubmit: `${at}+08:00`,
    gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
    fields: {
      fsd,
      yimushuliang: qty,
      jldw: '株',
      fssj: at.slice(0, 10),
      pic_before: [photo],
      pic_burning: [photo],
    },
  });
  await api(
    server,
    '/api/collect/records',
    {
      records: [
        burn('华埠镇疫木焚烧炉', 12, 'KH-BD01', '2026-03-02T09:00:00'),
        burn('华埠镇疫木焚烧炉', 3, 'KH-BD01', '2026-03-02T10:00:00'),
        burn('齐溪镇露天焚烧点', 5, 'KH-BD03', '2026-03-02T11:00:00'),
        burn('马金镇露天焚烧点', 7, 'KH-BD02', '2026-03-01T15:00:00'),
      ],
    },
    token,
  );
});

it('opens the fire reports for a day, sees the hand-countable figures, and the suspended point flagged in the records list', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}/fsdmanager/report`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/fsdmanager/report');

  // The report day: 2026-03-02 (typed into the date picker).
  const day = page.getByTestId('report-day');
  await day.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2026-03-02');
  await page.keyboard.press('Enter');
  await expect.poll(() => pathOf(page)).toBe('/fsdmanager/report');

  // The day: 3 burns, 12 + 3 + 5 = 20 株; 华埠镇 2 burns, 15 株; 齐溪镇 is suspended.
  const yesterday = page.getByTestId('report-yesterday');
  await page.getByText('焚烧日报（2026-03-02）').waitFor();
  const totalRow = yesterday.locator('.ant-table-summary tr');
  await expect.poll(() => totalRow.textContent(), { timeout: 15_000 }).toBe('合计302000');
  await expect
    .poll(() => yesterday.getByRole('row', { name: /华埠镇疫木焚烧炉/ }).textContent())
    .toBe('华埠镇疫木焚烧炉 201500');
  const qixi = yesterday.getByRole('row', { name: /齐溪镇露天焚烧点/ });
  await expect.poll(() => qixi.getByTestId('point-flag').textContent()).toBe('已暂停');

  // Seven days to 03-02: 03-01 one burn of 7 株; 03-02 three burns, 20 株.
  const seven = page.getByTestId('report-seven');
  await expect
    .poll(() => seven.getByRole('row', { name: /2026-03-01/ }).textContent())
    .toBe('2026-03-0110700');
  await expect
    .poll(() => seven.getByRole('row', { name: /2026-03-02/ }).textContent())
    .toBe('2026-03-02302000');

  // The newest burn records up to that day: four in all, two a page (spec §9).
  const created = page.locator('.ant-card', { has: page.getByText('最新上报的焚烧记录') });
  await expect.poll(() => created.locator('tbody tr.ant-table-row').count()).toBe(2);
  await expect.poll(() => created.locator('.ant-pagination').textContent()).toContain('共 4 条');
  // Nothing approved yet.
  await expect.poll(() => page.getByTestId('report-passed').textContent()).toContain('暂无焚烧记录');
  await page.locator('canvas').first().waitFor();
  await snap(page, 'firereports-01-day');

  // The records list flags the burn record naming the suspended point.
  await page.goto(`${server.url}/dataView/gbymfs0101`);
  const flag = page.getByRole('row', { name: /齐溪镇露天焚烧点/ }).getByTestId('fsd-flag');
  await expect.poll(() => flag.textContent(), { timeout: 15_000 }).toBe('焚烧点已暂停');
  await snap(page, 'firereports-02-flag');
});
