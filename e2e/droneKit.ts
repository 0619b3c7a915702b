import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { sceneSectionRing } from '../apps/server/src/features/drone/fixture.ts';
import type { RunningServer } from './harness.ts';

/** Steps of the drone journeys (drone.e2e.ts): the section's outline, the map's tiles, the slider. */

/** KH-BD01's outline around the scene, imported as GeoJSON matched by section code. */
export async function outlineSection(server: RunningServer, token: string) {
  const geojson = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { code: 'KH-BD01' },
        geometry: { type: 'Polygon', coordinates: [sceneSectionRing] },
      },
    ],
  };
  const form = new FormData();
  form.append('file', new Blob([JSON.stringify(geojson)], { type: 'application/geo+json' }), 'bd01.geojson');
  const res = await fetch(`${server.url}/api/project/importBdBoundary?mode=apply&matchField=code`, {
    method: 'POST',
    headers: { token },
    body: form,
  });
  const body = (await res.json()) as { code: number; message: string };
  expect(body.code, body.message).toBe(0);
}

/** The map's tiles have all arrived (none still loading) and at least one is drawn. */
export async function tilesSettled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const imgs = [...document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile')];
          return imgs.length > 0 && imgs.every((i) => i.classList.contains('leaflet-tile-loaded'));
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The sensitivity slider all the way down: every candidate loaded is shown. */
export async function handleSlider(page: Page) {
  // focus() waits for the handle to be there.
  await page.locator('.ant-slider-handle').first().focus();
  await page.keyboard.press('Home');
}
