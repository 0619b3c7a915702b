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

const name = '马金镇焚烧炉';

/** A small JPEG drawn by the browser (a furnace-brown block): what a phone camera would upload. */
async function jpegFrom(page: Page): Promise<Buffer> {
  const url = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#8a3b12';
    g.fillRect(0, 0, 320, 240);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  return Buffer.from(url.split(',')[1] ?? '', 'base64');
}

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
  // A photo uploads as soon as it is picked (with its progress), then shows as a card.
  await dialog
    .getByTestId('fsd-photos')
    .locator('input[type=file]')
    .setInputFiles({ name: 'furnace.jpg', mimeType: 'image/jpeg', buffer: await jpegFrom(page) });
  await dialog.getByTestId('fsd-photos').locator('.ant-upload-list-item-done').waitFor({ timeout: 30_000 });
  await snap(page, 'burnpoints-01-pick');
  await dialog.getByRole('button', { name: /^确\s*定$|^OK$/ }).click();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('cell', { name, exact: true }).waitFor();
  await expect
    .poll(() => page.getByRole('row', { name: new RegExp(name) }).textContent())
    .toContain('余志强');
  // The list shows the photo's thumbnail by a signed media URL (no token in it), and it loads.
  const thumb = page
    .getByRole('row', { name: new RegExp(name) })
    .getByTestId('fsd-thumb')
    .locator('img');
  await thumb.waitFor();
  expect(await thumb.getAttribute('src')).toMatch(/^\/api\/media\/[0-9a-f-]+\?v=thumb&e=\d+&s=/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'burnpoints-02-list');
  // Clicking it zooms the full photo.
  await thumb.click();
  const preview = page.locator('.ant-image-preview img');
  await preview.first().waitFor();
  expect(await preview.first().getAttribute('src')).toMatch(/\?v=full&/);
  await snap(page, 'burnpoints-02b-zoom');
  await page.keyboard.press('Escape');
  await preview.first().waitFor({ state: 'hidden' });
  // Editing shows the stored photo again (by its signed thumbnail), ready to remove or add to.
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByText('编辑')
    .click();
  const edit = page.getByRole('dialog');
  await edit.getByTestId('fsd-photos').locator('.ant-upload-list-item-done').waitFor();
  expect(await edit.getByTestId('fsd-photos').locator('.ant-upload-list-item-done').count()).toBe(1);
  await snap(page, 'burnpoints-02c-edit');
  await edit.getByRole('button', { name: /^取\s*消$|^Cancel$/ }).click();
  await edit.waitFor({ state: 'hidden' });

  await page.goto(`${server.url}/fsdmanager/census`);
  await expect.poll(() => pathOf(page)).toBe('/fsdmanager/census');
  await page.getByTestId('fsd-census').getByRole('cell', { name, exact: true }).waitFor({ timeout: 30_000 });
  await page.locator('canvas').first().waitFor();
  await snap(page, 'burnpoints-03-census');
});
