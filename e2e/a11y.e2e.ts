import { createRequire } from 'node:module';
import { clientPasswordHash } from '@pineguard/contract';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, journeyContext, pathOf, type RunningServer, snap } from './harness.ts';
import { demoPassword, useServer } from './journeys.ts';

/**
 * Issue 29: axe-core (WCAG 2 A and AA) over every menu screen of the demo administrator and the
 * limited roles, at 1366×768 in Chromium; any violation fails, named with its screen and nodes.
 */

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

type MenuNode = { path: string; hidden: boolean; children: MenuNode[] };

/** The menu pages a session may open: leaves, not hidden, with `:prjCode` filled in. */
function screensOf(menus: MenuNode[], project: string, base = ''): string[] {
  return menus.flatMap((m) => {
    if (/^https?:/.test(m.path)) return [];
    const path = (m.path.startsWith('/') ? m.path : `${base}/${m.path}`).replace(':prjCode', project);
    if (m.children.length) return screensOf(m.children, project, path);
    return m.hidden ? [] : [path];
  });
}

/** A page signed in as `account` in KH2026 (token put where the web keeps it); its menu screens. */
async function signedIn(
  account: string,
  password = demoPassword,
): Promise<{ page: Page; screens: string[] }> {
  const { token } = await api<{ token: string }>(server, '/api/user/loginPrj', {
    account,
    password: clientPasswordHash(password),
    client: 2,
    prjCode: 'KH2026',
  });
  const self = await api<{ menus: MenuNode[] }>(server, '/api/user/self', undefined, token);
  // bypassCSP: axe is injected into pages whose policy allows only the app's own scripts.
  const context = await browser.newContext({
    ...journeyContext,
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/404`);
  await page.evaluate((t) => {
    localStorage.setItem('Admin-Token', t);
    localStorage.setItem('project', JSON.stringify({ code: 'KH2026' }));
  }, token);
  return { page, screens: screensOf(self.menus, 'KH2026') };
}

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/** Runs axe on what the page shows now: the WCAG 2 A/AA violations, summarised. */
async function axe(page: Page): Promise<string[]> {
  // Injected once per page load: the screens after the first are opened inside the app.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const run = (
      window as unknown as { axe: { run: (...a: unknown[]) => Promise<{ violations: unknown[] }> } }
    ).axe.run;
    const result = await run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations as Violation[];
  });
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

/**
 * Opens a screen and waits until it is drawn and nothing is loading any more. Once the app is
 * loaded, the next screen is opened by the app's router (as a menu click does) instead of a full
 * page load: ~95 screens a run, each reload re-ran the bundle and the session's first calls.
 */
async function open(page: Page, path: string): Promise<void> {
  const inApp = await page.evaluate(() => document.querySelector('[data-page]') !== null);
  if (inApp) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(`${server.url}${path}`);
  }
  await expect.poll(() => pathOf(page).split('?')[0]).toBe(path);
  await page.locator(`[data-page="${path}"]`).waitFor({ state: 'visible' });
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count()).toBe(0);
  // The page fades in (0.3 s): axe reads colours mid-fade as too faint, so let animations finish.
  // Endless ones (a status dot's pulse) never finish and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)), // a cancelled one rejects
    ),
  );
}

it('the signed-out screens pass axe: login and initialisation', async () => {
  const context = await browser.newContext({
    ...journeyContext,
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    bypassCSP: true,
  });
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of ['/login', '/init']) {
    await page.goto(`${server.url}${path}`);
    await page.locator('form, .ant-result').first().waitFor();
    found.push(...(await axe(page)).map((v) => `${path}: ${v}`));
  }
  expect(found).toEqual([]);
  await context.close();
});

for (const [account, password] of [
  ['demo_admin', demoPassword],
  ['demo_jianli', demoPassword],
  ['demo_bd', demoPassword],
  ['demo_gov', demoPassword],
  ['admin', 'admin123'],
] as const) {
  it(`every menu screen of ${account} passes axe`, async () => {
    const { page, screens } = await signedIn(account, password);
    expect(screens.length).toBeGreaterThan(3);
    const found: string[] = [];
    for (const path of screens) {
      await open(page, path);
      found.push(...(await axe(page)).map((v) => `${path}: ${v}`));
    }
    await snap(page, `a11y-${account}-last`);
    expect(found).toEqual([]);
    await page.context().close();
  }, 300_000);
}
