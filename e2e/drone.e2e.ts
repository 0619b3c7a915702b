import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TAG_ALPHABET, tagCodeFor } from '@pineguard/contract';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { makeSceneOrtho } from '../apps/server/src/features/drone/fixture.ts';
import { api, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, openFromSidebar, signIn, useServer } from './journeys.ts';

/**
 * The drone loop (issue 32): upload a small generated orthophoto on 无人机巡查 (in parts, with
 * progress), run detection, see the scene and its candidates on the map, issue tasks; on the
 * phone (390×844) confirm the nearest task with a photo; record a felling 2 m from it; the task
 * shows 已采伐 and the section report counts it.
 */
let server: RunningServer;
let browser: Browser;
const at = { lng: 118.3, lat: 29.2 };
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** KH-BD01's outline around the scene, imported as GeoJSON matched by section code. */
async function outlineSection(token: string) {
  const ring = [
    [118.29, 29.19],
    [118.31, 29.19],
    [118.31, 29.21],
    [118.29, 29.21],
    [118.29, 29.19],
  ];
  const geojson = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { code: 'KH-BD01' },
        geometry: { type: 'Polygon', coordinates: [ring] },
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

useServer(async (s, b) => {
  server = s;
  browser = b;
  await outlineSection(await apiSignIn(server, 'demo_admin'));
});

it('uploads an orthophoto, detects, confirms a crown on the phone and closes it by a felling', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'drone-e2e-'));
  const file = join(dir, '开化-航拍.tif');
  // A generated 40 m scene (the detector's generator): crowns, grass, soil, roads, dead crowns.
  writeFileSync(file, (await makeSceneOrtho({ seed: 7, size: 800, ...at })).bytes);

  const page = await (
    await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' })
  ).newPage();
  await page.goto(`${server.url}/dashboard`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', '/dashboard');
  await openFromSidebar(page, '无人机巡查', '/drone');
  await page.locator('input[type=file]').setInputFiles(file);
  const row = page.locator('tr', { hasText: '开化-航拍.tif' });
  await row.waitFor({ timeout: 30_000 });
  await expect.poll(() => row.innerText()).toMatch(/EPSG:32650/);
  await expect.poll(() => row.innerText()).toMatch(/5\.0 cm/);
  await snap(page, 'drone-00-uploaded');
  await row.getByRole('button', { name: /^识\s?别$/ }).click();
  await expect.poll(() => row.innerText(), { timeout: 60_000 }).toMatch(/已完成/);
  await snap(page, 'drone-01-orthophotos');

  await row.getByRole('button', { name: '查看候选' }).click();
  const shown = page.getByTestId('drone-shown');
  const counts = async () =>
    /显示 (\d+) \/ (\d+)/
      .exec(await shown.innerText())
      ?.slice(1)
      .map(Number) ?? [0, 0];
  await expect.poll(async () => (await counts())[1], { timeout: 20_000 }).toBeGreaterThan(0);
  // The slider filters what is loaded: all the way down shows every candidate, up to 1 shows none.
  const handle = page.locator('.ant-slider-handle').first();
  await handle.focus();
  await page.keyboard.press('End');
  await expect.poll(async () => (await counts())[0]).toBe(0);
  await page.keyboard.press('Home');
  const [n, total] = await counts();
  expect(n).toBe(total);
  // The scene's tiles arrived as images.
  await expect
    .poll(() => page.locator('img.leaflet-tile-loaded').count(), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await page.getByTestId('drone-issue').click();
  await page.getByText(/已下发 \d+ 个核查任务/).waitFor();
  await snap(page, 'drone-02-candidates-map');

  // The phone: the worker's nearest task, confirmed with a photo at the crown.
  const tasks = await api<{ list: { id: string; lng: number; lat: number }[] }>(
    server,
    '/api/drone/tasks?state=open&pageSize=100',
    undefined,
    await apiSignIn(server, 'demo_admin'),
  );
  expect(tasks.list.length).toBeGreaterThan(0);
  const target = tasks.list[0]!;
  const phone = await (
    await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      geolocation: { longitude: target.lng, latitude: target.lat, accuracy: 5 },
      permissions: ['geolocation'],
    })
  ).newPage();
  await phone.goto(`${server.url}/m/`);
  await phone.getByLabel('账号').fill('demo_admin');
  await phone.getByLabel('密码').fill(demoPassword);
  await phone.getByRole('button', { name: '登录' }).click();
  await phone.getByRole('button', { name: /开化县/ }).click();
  await phone.getByTestId('drone-tasks-open').click();
  const first = phone.getByTestId('drone-task').first();
  await first.waitFor({ timeout: 20_000 });
  await expect.poll(() => first.innerText()).toMatch(/约 0 米/);
  await snap(phone, 'drone-03-phone-tasks');
  await first
    .locator('input[type=file]')
    .setInputFiles({ name: 'crown.png', mimeType: 'image/png', buffer: png });
  await expect
    .poll(
      async () =>
        (
          await api<{ total: number }>(
            server,
            '/api/drone/tasks?state=confirmed',
            undefined,
            await apiSignIn(server, 'demo_admin'),
          )
        ).total,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);
  await snap(phone, 'drone-04-phone-confirmed');

  // A felling 2 m east of the confirmed crown closes its task.
  const token = await apiSignIn(server, 'demo_admin', { client: 1 });
  const confirmed = (
    await api<{ list: { id: string; lng: number; lat: number }[] }>(
      server,
      '/api/drone/tasks?state=confirmed',
      undefined,
      token,
    )
  ).list[0]!;
  const photo = await apiUploadPhoto(server, token, png, { name: 'stump.png', type: 'image/png' });
  const east = 2 / (111_320 * Math.cos((confirmed.lat * Math.PI) / 180));
  const result = await api<{ results: { status: string }[] }>(
    server,
    '/api/collect/records',
    {
      records: [
        {
          uuid: randomUUID(),
          tableCode: 'gbcfcz0101',
          sectionCode: 'KH-BD01',
          timeSubmit: new Date().toISOString(),
          gps: { long: confirmed.lng + east, lat: confirmed.lat, alt: 300, range: 5 },
          fields: {
            qrcode: tagCodeFor('KH', [...randomBytes(10)].map((b) => TAG_ALPHABET[b & 31]).join('')),
            shuzhong: '马尾松',
            xiongjing: 20,
            dungao: 3,
            multi_fzcl: '剥皮',
            pic_before: photo,
            pic_stump: photo,
            pic_treated: photo,
          },
        },
      ],
    },
    token,
  );
  expect(result.results.map((r) => r.status)).toEqual(['created']);

  await page.getByRole('tab', { name: '核查任务' }).click();
  const tasksTable = page.getByTestId('drone-tasks');
  await expect.poll(() => tasksTable.innerText(), { timeout: 20_000 }).toMatch(/已采伐/);
  await snap(page, 'drone-05-tasks');
  await page.getByRole('tab', { name: '标段报告' }).click();
  const report = page.getByTestId('drone-report').locator('tr', { hasText: '第一标段' });
  await expect.poll(() => report.innerText(), { timeout: 20_000 }).toMatch(/\t1\t1\t/);
  await snap(page, 'drone-06-report');

  // The GIS map draws the orthophoto under the records, with its opacity control.
  await openFromSidebar(page, 'GIS地图', '/gistest');
  await page.getByTestId('drone-opacity').waitFor({ timeout: 20_000 });
  await snap(page, 'drone-07-gis-map');
}, 240_000);
