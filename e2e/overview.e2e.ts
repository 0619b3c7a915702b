import { randomUUID } from 'node:crypto';
import { tagCodeFor } from '@pineguard/contract';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, signIn, useServer } from './journeys.ts';

/**
 * The overview journey (issue 17): the demo's dashboard shows its figures and the 60-day chart;
 * the progress tables drill down from the county to a section's townships; the data centre sums
 * up every standard table.
 */
let server: RunningServer;
let browser: Browser;

/** A real 1×1 PNG (uploaded once as the photo of every seeded record). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Field records of the demo project through the field app's batch upload: survey, felling, burning. */
async function seedRecords(): Promise<void> {
  const token = await apiSignIn(server, 'demo_admin', { client: 1 });
  const photo = await apiUploadPhoto(server, token, png, { name: 'tree.png', type: 'image/png' });
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000 - 60_000).toISOString();
  const base = (tableCode: string, sectionCode: string, daysAgo: number, xiang: string) => ({
    uuid: randomUUID(),
    tableCode,
    sectionCode,
    timeSubmit: at(daysAgo),
    gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
    place: { xiang },
  });
  const records = [
    ...[0, 1, 2, 5].map((d) => ({
      ...base('gbksdc0101', 'KH-BD01', d, '华埠镇'),
      fields: { kssl: 6, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: [photo] },
    })),
    ...[0, 0, 1, 3, 4, 8].map((d, i) => ({
      ...base('gbcfcz0101', i % 2 ? 'KH-BD02' : 'KH-BD01', d, i % 2 ? '马金镇' : '池淮镇'),
      fields: {
        qrcode: tagCodeFor('KH', String(i).padStart(10, '0')),
        shuzhong: '马尾松',
        xiongjing: 18,
        dungao: 3,
        multi_fzcl: '剥皮',
        pic_before: [photo],
        pic_stump: [photo],
        pic_treated: [photo],
      },
    })),
    ...[0, 2].map((d) => ({
      ...base('gbymfs0101', 'KH-BD01', d, '华埠镇'),
      fields: {
        fsd: '华埠镇焚烧点',
        yimushuliang: 4,
        jldw: '株',
        fssj: at(d).slice(0, 10),
        pic_before: [photo],
        pic_burning: [photo],
      },
    })),
  ];
  const result = await api<{ results: { status: string }[] }>(
    server,
    '/api/collect/records',
    { records },
    token,
  );
  expect(result.results.map((r) => r.status)).toEqual(records.map(() => 'created'));
}

useServer(async (s, b) => {
  server = s;
  browser = b;
  await seedRecords();
});

it('shows the dashboard with figures and a chart, and drills down from county to township', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}/dashboard`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/dashboard');
  const dashboard = page.getByTestId('dashboard');
  await dashboard.waitFor();
  const number = (key: string) =>
    page.getByTestId(`card-${key}`).locator('.ant-statistic-content-value').innerText();
  await expect.poll(() => number('felled'), { timeout: 30_000 }).toBe('6');
  expect(await number('found')).toBe('24');
  expect(await number('burned')).toBe('8');
  expect(await number('pending')).toBe('12');
  // The trend chart drew on its canvas.
  await page.getByTestId('trend').locator('canvas').waitFor();
  await expect.poll(() => page.getByTestId('backlog').getByRole('link', { name: '去审核' }).count()).toBe(3);
  await snap(page, 'overview-01-dashboard');

  // Progress: county → section → township.
  await page.goto(`${server.url}/process/processX/KH2026/cfcz`);
  const county = page.getByTestId('progress-county');
  await county.waitFor();
  await county.getByRole('link', { name: /开化县/ }).click();
  await expect.poll(() => pathOf(page)).toBe('/process/processB/KH2026/cfcz');
  const section = page.getByTestId('progress-section');
  await section.waitFor();
  const bd01 = section.locator('tbody tr[data-row-key="KH-BD01"]');
  await expect.poll(() => bd01.innerText()).toMatch(/12000\s+24\s+3\s+8/);
  await snap(page, 'overview-02-section');
  await bd01.getByRole('link').click();
  await expect.poll(() => pathOf(page)).toBe('/process/processZ/KH-BD01/cfcz?prj=KH2026');
  const township = page.getByTestId('progress-township');
  await township.waitFor();
  await expect
    .poll(() => township.locator('tbody tr[data-row-key="池淮镇"]').innerText())
    .toMatch(/池淮镇\s+—\s+0\s+3\s+0/);
  await expect
    .poll(() => township.locator('tbody tr[data-row-key="华埠镇"]').innerText())
    .toMatch(/华埠镇\s+—\s+24\s+0\s+8/);
  await snap(page, 'overview-03-township');

  // The data centre's summary: every table with its records by state.
  await page.goto(`${server.url}/dataCenter`);
  const survey = page.getByTestId('table-summary').locator('tbody tr[data-row-key="gbksdc0101"]');
  await expect.poll(() => survey.innerText()).toMatch(/枯死松树普查记录\s+4\s+0\s+0\s+0\s+4/);
  await snap(page, 'overview-04-data-centre');
});
