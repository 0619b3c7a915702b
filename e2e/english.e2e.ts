import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, type RunningServer, snap } from './harness.ts';
import { chooseProject, fillLogin, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
let page: Page | undefined;
useServer(async (s, b) => {
  server = s;
  browser = b;
});

/** Signs in once (the first test), as the super administrator in project KH2026. */
async function signedIn(): Promise<void> {
  if (page) return;
  page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}/login`);
  await fillLogin(page, 'admin', 'admin123');
  await chooseProject(page, 'KH2026');
  await page.waitForURL((u) => u.pathname === '/dashboard');
}

/** English UI with a theme preset (settings are read when the app loads). */
async function openIn(path: string, theme: string): Promise<Page> {
  await signedIn();
  const page = current();
  await page.evaluate((t: string) => {
    localStorage.setItem('lang', 'en');
    const settings = JSON.parse(localStorage.getItem('settings') ?? '{}') as object;
    localStorage.setItem('settings', JSON.stringify({ ...settings, theme: t }));
  }, theme);
  await page.goto(`${server.url}${path}`);
  await page.locator(`[data-page="${path}"]`).waitFor({ state: 'visible' });
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
  return page;
}

function current(): Page {
  if (!page) throw new Error('not signed in');
  return page;
}

/** Sidebar labels whose text is cut (wider than their box). */
const cutSidebarLabels = (page: Page) =>
  page.$$eval('.pg-sidebar .ant-menu-title-content', (els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );

/** Filter fields whose placeholder does not fit (measured with the field's own font). */
const clippedPlaceholders = (page: Page) =>
  page.$$eval('.pg-page input[placeholder]', (inputs) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    return (inputs as HTMLInputElement[])
      .filter((i) => i.offsetParent !== null && i.placeholder)
      .filter((i) => {
        const cs = getComputedStyle(i);
        ctx.font = `${cs.fontSize} ${cs.fontFamily}`;
        return (
          ctx.measureText(i.placeholder).width >
          i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) + 1
        );
      })
      .map((i) => i.placeholder);
  });

/** Elements painted in antd's default blue (#1677ff) instead of the theme colour. */
const antdBlue = (page: Page) =>
  page.$$eval('body *', (els) =>
    els
      .filter((el) => {
        const cs = getComputedStyle(el);
        return [cs.color, cs.backgroundColor, cs.borderTopColor].some((v) => v.includes('22, 119, 255'));
      })
      .map((el) => `${el.tagName}.${String((el as HTMLElement).className)}`),
  );

it('English: sidebar labels whole, placeholders whole, built-in names in English, no antd blue', async () => {
  for (const path of [
    '/fsdmanager/census',
    '/lwrymanager/laowucensus',
    '/lwrymanager/list',
    '/lwrymanager/shenhe',
  ]) {
    const page = await openIn(path, '#409EFF');
    expect(await cutSidebarLabels(page), path).toEqual([]);
    expect(await clippedPlaceholders(page), path).toEqual([]);
    expect(await antdBlue(page), path).toEqual([]);
  }
  const page = current();
  await expect.poll(() => page.getByTestId('sidebar').textContent()).toContain('QR code management');
  await snap(page, 'english-01-workers-list');
  for (const path of [
    '/users/userList',
    '/users/userInvitation',
    '/users/verifyPage',
    '/system/roles',
    '/system/menu',
  ]) {
    const page = await openIn(path, '#409EFF');
    expect(await clippedPlaceholders(page), path).toEqual([]);
    expect(await antdBlue(page), path).toEqual([]);
  }
  await openIn('/system/roles', '#409EFF');
  await expect.poll(() => page.locator('.ant-table').first().textContent()).toContain('Supervisor');
  expect(await page.locator('.ant-table').first().textContent()).not.toContain('监理');
  await openIn('/system/menu', '#409EFF');
  await expect.poll(() => page.locator('.ant-table').first().textContent()).toContain('QR code management');
  await snap(page, 'english-02-resources');
});

it('dark preset: the selected sidebar item stands out from the sidebar', async () => {
  const page = await openIn('/lwrymanager/list', '#304156');
  // The sidebar marks the open page once the menus have loaded, which can follow the page itself.
  await page.locator('.pg-sidebar .ant-menu-item-selected').waitFor();
  const [selected, sidebar] = await page.evaluate(() => [
    getComputedStyle(document.querySelector('.pg-sidebar .ant-menu-item-selected')!).backgroundColor,
    getComputedStyle(document.querySelector('.pg-sidebar')!).backgroundColor,
  ]);
  const lum = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(selected), lum(sidebar)].sort((a, b) => b - a) as [number, number];
  expect((hi + 0.05) / (lo + 0.05)).toBeGreaterThanOrEqual(2);
  await snap(page, 'english-03-dark-preset');
});
