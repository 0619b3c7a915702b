import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { demoPassword, fillLogin, chooseProject, useServer } from './journeys.ts';

/**
 * Every screen of the web app, and /api/docs, under the production Content-Security-Policy (the
 * real server sends it): no CSP violation (a `securitypolicyviolation` event, caught by a script
 * that runs before the page's own, or a console "Refused to …" message) and no page error.
 * The screens come from the web app's route table, so a new screen is visited the day it lands.
 */
let server: RunningServer;
let browser: Browser;

type RouteDef = { path: string; page?: unknown; children?: RouteDef[] };
// Loaded at run time (a variable specifier): the table's lazy page imports are never followed,
// so the e2e type check does not compile the web app's .tsx files.
const routeTable = '../apps/web/src/app/routeTable.ts';
const { bareRoutes, layoutRoutes } = (await import(/* @vite-ignore */ routeTable)) as {
  bareRoutes: RouteDef[];
  layoutRoutes: RouteDef[];
};

type Problem = { path: string; kind: string; text: string };

/** Path parameters of the route table, filled with demo data that exists. */
const sample: Record<string, string> = {
  '/dataView/:id': '/dataView/gbksdc0101',
  '/projectCenter/:id': '/projectCenter/KH2026',
  '/safe/:id': '/safe/KH2026',
};

function screens(routes: RouteDef[], parent = ''): string[] {
  const out: string[] = [];
  for (const r of routes) {
    if (r.path.includes('*')) continue;
    const full = r.path.startsWith('/')
      ? r.path
      : `${parent.replace(/\/$/, '')}/${r.path}`.replace(/\/$/, '');
    if (r.page) out.push(sample[full] ?? full.replace(/:\w+/g, '1'));
    if (r.children) out.push(...screens(r.children, full));
  }
  return out.filter((p) => p !== '');
}

/** Watches one page: CSP events (init script), console refusals and uncaught errors. */
async function watch(page: Page, problems: Problem[]): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Refused to|Content Security Policy/i.test(m.text())) {
      problems.push({ path: pathOf(page), kind: 'console', text: m.text() });
    }
  });
  page.on('pageerror', (e) => problems.push({ path: pathOf(page), kind: 'pageerror', text: e.message }));
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** Opens a path with a full page load under the CSP and waits until the screen has settled. */
async function visit(page: Page, path: string, problems: Problem[]): Promise<void> {
  const response = await page.goto(`${server.url}${path}`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp, path).toContain("script-src 'self'");
  expect(csp, path).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  await page.locator('[data-page], .ant-form, .ant-result, .ant-card').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  for (const v of await violations(page)) problems.push({ path, kind: 'violation', text: v });
}

/** Requests in flight, to wait until a screen opened in the app has loaded its code and data. */
function inFlight(page: Page): () => number {
  // Requests themselves, not a counter: one that started before these listeners (the event
  // stream opens with the layout) ends without having been counted and drove a counter below zero.
  const open = new Set<unknown>();
  // The message centre's event stream stays open for the page's life: it never "settles".
  const counted = (r: { url(): string }) => !r.url().includes('/api/notice/stream');
  page.on('request', (r) => void (counted(r) && open.add(r)));
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
  return () => open.size;
}

/**
 * Opens a path inside the running app (the router follows history), as a user clicking through
 * would: the page's CSP stays the one of the document, and a full reload per screen would only
 * repeat the same script loads.
 */
async function navigate(page: Page, path: string, pending: () => number, problems: Problem[]): Promise<void> {
  const before = (await violations(page)).length;
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Bare pages (login, 404…) have no layout around them.
  const bare = bareRoutes.some((r) => r.path === path);
  const screen = bare
    ? page.locator('.ant-result, .ant-form, .ant-card, .ant-tree')
    : page.locator(`[data-page="${path}"]`);
  await expect
    .poll(async () => pathOf(page) !== path || (await screen.first().isVisible()), { message: path })
    .toBe(true);
  // Settled: nothing in flight for a few polls in a row (lazy chunks, then the screen's queries).
  let quiet = 0;
  await expect.poll(() => (pending() === 0 ? ++quiet : (quiet = 0)) >= 3).toBe(true);
  for (const v of (await violations(page)).slice(before)) problems.push({ path, kind: 'violation', text: v });
}

useServer((s, b) => {
  server = s;
  browser = b;
});

it('the route table yields the screens to visit', () => {
  const all = screens(layoutRoutes);
  expect(all).toContain('/dashboard');
  expect(all).toContain('/users/userList');
  expect(all).toContain('/lwrymanager/list');
  expect(all).toContain('/dataView/gbksdc0101');
  expect(all.some((p) => p.includes(':'))).toBe(false);
});

it('signed out: the bare pages load under the CSP without a violation or page error', async () => {
  const page = await newPage(browser);
  const problems: Problem[] = [];
  await watch(page, problems);
  for (const r of bareRoutes) await visit(page, r.path, problems);
  expect(problems).toEqual([]);
  await page.context().close();
});

/** Signs in through the login page and enters KH2026. */
async function signedIn(account: string, password: string, problems: Problem[]): Promise<Page> {
  const page = await newPage(browser);
  await watch(page, problems);
  await page.goto(`${server.url}/login`);
  await fillLogin(page, account, password);
  await chooseProject(page, 'KH2026');
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
  for (const v of await violations(page))
    problems.push({ path: '/login → /dashboard', kind: 'violation', text: v });
  return page;
}

it('the demo administrator opens every screen (the super administrator those kept from him) under the CSP', async () => {
  const problems: Problem[] = [];
  const page = await signedIn('demo_admin', demoPassword, problems);
  const pending = inFlight(page);
  const kept: string[] = [];
  const visited: string[] = [];
  for (const path of [...screens(layoutRoutes), ...bareRoutes.map((r) => r.path)]) {
    await navigate(page, path, pending, problems);
    visited.push(`${path} → ${pathOf(page)}`);
    if (pathOf(page) === '/401' && path !== '/401') kept.push(path);
  }
  await snap(page, 'csp-demo-admin-last');
  await page.context().close();
  // The system screens are the super administrator's.
  expect(kept).toContain('/projectSys');
  const admin = await signedIn('admin', 'admin123', problems);
  const adminPending = inFlight(admin);
  for (const path of kept) {
    await navigate(admin, path, adminPending, problems);
    visited.push(`admin ${path} → ${pathOf(admin)}`);
    expect(pathOf(admin), path).toBe(path);
  }
  await admin.context().close();
  expect(problems, visited.join('\n')).toEqual([]);
}, 240_000);

it('/api/docs renders the API document under the CSP without a violation or page error', async () => {
  const page = await newPage(browser);
  const problems: Problem[] = [];
  await watch(page, problems);
  const response = await page.goto(`${server.url}/api/docs`);
  expect(response?.headers()['content-security-policy'] ?? '').toContain("script-src 'self'");
  await page.locator('.swagger-ui .opblock').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  for (const v of await violations(page)) problems.push({ path: '/api/docs', kind: 'violation', text: v });
  await snap(page, 'csp-api-docs');
  expect(problems).toEqual([]);
  await page.context().close();
});
