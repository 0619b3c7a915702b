import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { demoPassword, signIn, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

const name = '马金镇焚烧炉';

it('adds a burn point picked on the offline map, then sees it in the list and the census', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/fsdmanager/list`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/fsdmanager/list');

  await page.getByTestId('fsd-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('焚烧点名称').fill(name);
  // The county outline (packaged data) is drawn and the map fitted to it before picking.
  const map = dialog.getByTestId('fsd-map');
  await map
    .locator('path.leaflet-interactive, svg path')
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 });
  const box = await map.locator('.leaflet-container').boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect.poll(() => dialog.getByLabel('经度').inputValue()).not.toBe('');
  await dialog.locator('.leaflet-marker-icon').waitFor();
  await dialog.getByLabel('负责人').fill('余志强');
  await snap(page, 'burnpoints-01-pick');
  await dialog.getByRole('button', { name: /^确\s*定$|^OK$/ }).click();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('cell', { name, exact: true }).waitFor();
  await expect
    .poll(() => page.getByRole('row', { name: new RegExp(name) }).textContent())
    .toContain('余志强');
  await snap(page, 'burnpoints-02-list');

  await page.goto(`${server.url}/fsdmanager/census`);
  await expect.poll(() => pathOf(page)).toBe('/fsdmanager/census');
  await page.getByTestId('fsd-census').getByRole('cell', { name, exact: true }).waitFor({ timeout: 30_000 });
  await page.locator('canvas').first().waitFor();
  await snap(page, 'burnpoints-03-census');
});
