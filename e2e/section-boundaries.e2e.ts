import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, type RunningServer, snap } from './harness.ts';
import { demoPassword, signIn, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

const shapefile = fileURLToPath(
  new URL('../apps/server/src/features/projects/fixtures/kh-sections-cgcs2000-gk.zip', import.meta.url),
);

it('imports section boundaries from a shapefile ZIP in the section tab and sees them on the map', async () => {
  const page = await newPage(browser, { height: 1000 });
  await page.goto(`${server.url}/projectCenter/KH2026`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/projectCenter/KH2026');
  await page.getByRole('tab', { name: /标段/ }).click();
  await page.getByTestId('boundary-import').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(shapefile);
  // The preview: read in CGCS2000 Gauss-Kruger, matched by the attribute BDBM.
  await dialog.getByText('CGCS2000_3_Degree_GK_CM_117E').waitFor();
  await expect.poll(() => dialog.locator('.ant-tag-green').allTextContents()).toEqual(['KH-BD01', 'KH-BD02']);
  await snap(page, 'section-boundaries-01-preview');
  await dialog.getByTestId('boundary-apply').click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('已导入（5 点）').waitFor();
  await page.getByText('已导入（9 点）').waitFor();
  // Both boundaries on the map under the table (the county outline is not interactive).
  await expect
    .poll(() => page.locator('.leaflet-container path.leaflet-interactive').count(), { timeout: 30_000 })
    .toBe(2);
  await page.locator('.leaflet-container').scrollIntoViewIfNeeded();
  await snap(page, 'section-boundaries-02-map');
});
