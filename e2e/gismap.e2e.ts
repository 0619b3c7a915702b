import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, openFromSidebar, signIn, useServer } from './journeys.ts';

/**
 * The GIS map journey (issue 17): 600 survey records spread over the demo county are drawn as
 * server-side clusters; a click on a cluster zooms in until the records themselves are drawn,
 * and a click on a record opens its detail drawer.
 */
let server: RunningServer;
let browser: Browser;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function seedRecords(): Promise<void> {
  const token = await apiSignIn(server, 'demo_admin', { client: 1 });
  const photo = await apiUploadPhoto(server, token, png, { name: 'tree.png', type: 'image/png' });
  const at = new Date(Date.now() - 86_400_000).toISOString();
  for (const batch of [0, 1]) {
    const records = Array.from({ length: 300 }, (_, k) => {
      const i = batch * 300 + k;
      return {
        uuid: randomUUID(),
        tableCode: 'gbksdc0101',
        sectionCode: i % 2 ? 'KH-BD02' : 'KH-BD01',
        timeSubmit: at,
        gps: { long: 118.25 + (i % 30) * 0.012, lat: 29 + Math.floor(i / 30) * 0.015, alt: 300, range: 5 },
        place: { xiang: '华埠镇' },
        fields: { kssl: 1, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: [photo] },
      };
    });
    const result = await api<{ results: { status: string }[] }>(
      server,
      '/api/collect/records',
      { records },
      token,
    );
    expect(result.results.filter((r) => r.status !== 'created')).toEqual([]);
  }
}

useServer(async (s, b) => {
  server = s;
  browser = b;
  await seedRecords();
});

it('draws server clusters, zooms into one, and opens a record from the map', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}/dashboard`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/dashboard');
  await openFromSidebar(page, 'GIS地图', '/gistest');
  const summary = page.getByTestId('gis-summary');
  await expect.poll(() => summary.innerText(), { timeout: 30_000 }).toMatch(/视野内 600 条记录，按网格聚合/);
  const clusters = page.locator('.gis-cluster');
  await expect.poll(() => clusters.count()).toBeGreaterThan(1);
  // The burn point layer is drawn from the demo's burn points.
  await expect.poll(() => page.locator('.gis-burn-point').count()).toBeGreaterThan(0);
  await snap(page, 'gismap-01-clusters');

  // Click the first cluster until the records themselves are drawn; the map zooms in (its scale shrinks).
  const scale = page.locator('.leaflet-control-scale-line');
  const wholeScale = await scale.innerText();
  for (let i = 0; i < 5 && (await clusters.count()) > 0; i++) {
    const before = await summary.innerText();
    await clusters.first().click();
    await expect.poll(() => summary.innerText()).not.toBe(before);
    if (/点击记录查看详情/.test(await summary.innerText())) break;
  }
  await expect.poll(() => summary.innerText()).toMatch(/点击记录查看详情/);
  await expect.poll(() => scale.innerText()).not.toBe(wholeScale);
  const points = page.locator('path.leaflet-interactive');
  await expect.poll(() => points.count()).toBeGreaterThan(0);
  await snap(page, 'gismap-02-points');

  await points.first().click({ force: true });
  const drawer = page.getByTestId('record-drawer');
  await drawer.waitFor({ state: 'visible' });
  await expect.poll(() => drawer.innerText()).toMatch(/马尾松/);
  await snap(page, 'gismap-03-record');
});
