import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer(
  (s, b) => {
    server = s;
    browser = b;
  },
  { demo: false },
);

it('serves the web app on a deep link: signed out, it opens the login page in Chinese', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/some/deep/link`);
  await expect.poll(() => pathOf(page)).toBe('/login?redirect=%2Fsome%2Fdeep%2Flink');
  await expect.poll(() => page.title()).toBe('登录 - 松材线虫病防治监管平台');
  await page.getByRole('heading', { name: '松材线虫病防治监管平台' }).waitFor();
  await snap(page, 'smoke-login');
});
