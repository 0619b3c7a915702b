import { chinaToday, clientPasswordHash } from '@pineguard/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { api, launchBrowser, pathOf, type RunningServer, startServer } from './harness.ts';

/** Journey steps shared by the shell's e2e files. */

export const demoPassword = 'pine2026';

/** First run through the API, with the demo data (projects and demo accounts). */
export async function initWithDemo(
  server: RunningServer,
  account = 'admin',
  password = 'admin123',
  demoScale = 0,
): Promise<void> {
  await api(server, '/api/system/init', {
    account,
    password: clientPasswordHash(password),
    name: '系统管理员',
    demo: true,
    demoScale,
  });
}

/**
 * The data directory a file's server starts from a copy of (e2e/templates.ts): with the demo, or
 * blank (migrated, not initialised). The demo one only on the China day it was made (its dates are
 * relative to that day): past midnight a file loads the demo itself on a blank copy.
 */
function template(demo: boolean): { dir?: string; demoLoaded: boolean } {
  const made = inject('serverTemplates');
  if (!made) return { demoLoaded: false };
  if (demo && made.day === chinaToday()) return { dir: made.demo, demoLoaded: true };
  return { dir: made.blank, demoLoaded: false };
}

/**
 * A file's server (with the demo data unless `demo` is false) and browser: started before its
 * journeys, handed to `ready` (which may prepare more), and stopped after them.
 */
export function useServer(
  ready: (server: RunningServer, browser: Browser) => void | Promise<void>,
  options: { demo?: boolean } = {},
): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const demo = options.demo !== false;
    const from = template(demo);
    server = await startServer({}, from.dir ? { from: from.dir } : {});
    if (demo && !from.demoLoaded) await initWithDemo(server);
    browser = await launchBrowser();
    await ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/**
 * Signs `account` in through the API (the demo password unless told) and selects `project`
 * (none when null): the session token, for setting data up behind a journey.
 */
export async function apiSignIn(
  server: RunningServer,
  account: string,
  options: { password?: string; client?: number; project?: string | null } = {},
): Promise<string> {
  const { token } = await api<{ token: string }>(server, '/api/user/login', {
    account,
    password: clientPasswordHash(options.password ?? demoPassword),
    ...(options.client === undefined ? {} : { client: options.client }),
  });
  const project = options.project === undefined ? 'KH2026' : options.project;
  if (project) await api(server, '/api/user/selectProject', { prjCode: project }, token);
  return token;
}

/** Uploads a photo through the file API as `token`: its file id. */
export async function apiUploadPhoto(
  server: RunningServer,
  token: string,
  bytes: Buffer,
  file: { name: string; type: string },
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: file.type }), file.name);
  const res = await fetch(`${server.url}/api/file/upload?kind=photo`, {
    method: 'POST',
    headers: { token },
    body: form,
  });
  return ((await res.json()) as { value: { id: string } }).value.id;
}

export async function fillLogin(page: Page, account: string, password: string): Promise<void> {
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
}

/**
 * On /selectProject: pick a project by its code in the tree and enter it. A user with exactly
 * one project is taken straight in by the picker, so there is nothing to click then.
 */
export async function chooseProject(page: Page, code: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
  const projects = page.locator('.pg-project-tree .ant-tree-title', { hasText: '）' });
  await expect
    .poll(async () => new URL(page.url()).pathname !== '/selectProject' || (await projects.count()) > 1)
    .toBe(true);
  if (new URL(page.url()).pathname !== '/selectProject') return;
  await page.getByText(`（${code}）`).click();
  await page.getByRole('button', { name: '进入项目' }).click();
}

/** Signs in from a deep link or the login page and chooses a project; ends on `expectPath`. */
export async function signIn(
  page: Page,
  account: string,
  password: string,
  code: string,
  expectPath: string,
) {
  await fillLogin(page, account, password);
  await chooseProject(page, code);
  await expect.poll(() => pathOf(page)).toBe(expectPath);
}

export function tab(page: Page, path: string) {
  return page.locator(`[data-testid="tabs"] .pg-tag[data-path="${path}"]`);
}

export function sidebarLink(page: Page, name: string) {
  return page.getByTestId('sidebar').getByRole('link', { name, exact: true });
}

/** Opens a page from the sidebar and waits until it is on screen (not just in the address bar). */
export async function openFromSidebar(page: Page, name: string, path: string): Promise<void> {
  // Clicked again if the address has not moved a second later, as a user would: a click
  // while a submenu was still unfolding was lost once in a loaded run (admin-screens, CI).
  let clickedAt = 0;
  await expect
    .poll(async () => {
      if ((await pathOf(page)) !== path && performance.now() - clickedAt > 1_000) {
        clickedAt = performance.now();
        await sidebarLink(page, name).click();
      }
      return pathOf(page);
    })
    .toBe(path);
  await page.locator(`[data-page="${path}"]`).waitFor({ state: 'visible' });
}

/**
 * Confirms the open Popconfirm and waits until it has closed: a popover still fading out would
 * otherwise be a second "确定" on screen when the next row's confirmation opens.
 */
export async function confirmPopover(page: Page): Promise<void> {
  const open = page.locator('.ant-popconfirm:visible');
  await open.getByRole('button', { name: /确\s?定/ }).click();
  await expect.poll(() => open.count()).toBe(0);
}
