import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, type RunningServer, snap, startServer } from './harness.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('serves the web app on a deep link and shows Chinese text from the server', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/some/deep/link`);
  await expect.poll(() => page.title()).toContain('松材线虫病防治监管平台');
  await page.getByText('服务运行正常').waitFor();
  await expect.poll(() => page.getByText('内嵌 PGlite').count()).toBe(1);
  await snap(page, 'smoke-home');
});
