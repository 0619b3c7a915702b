import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, signIn, useServer } from './journeys.ts';

/**
 * The message centre journey (issue 17): a section manager's record is sent back by the
 * supervisor in one browser; the section manager's page, open in a second browser, shows the
 * notice at once (the unread badge over the server-sent event stream, no reload); the message
 * centre lists it with the reason, and marking all read clears the badge.
 */
let server: RunningServer;
let browser: Browser;
const table = '/dataView/gbksdc0101';
const note = '消息中心e2e枯死木';
const reason = '树干照片模糊，请补拍e2e';

/** A 1×1 PNG: the census table requires a photo. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The section manager (demo_bd) enters a record in his section: he is its collector. */
async function seedRecordOfSectionManager(): Promise<void> {
  const token = await apiSignIn(server, 'demo_bd');
  const fileId = await apiUploadPhoto(server, token, png, { name: 'tree.png', type: 'image/png' });
  await api(
    server,
    '/api/sync/uploadData4PC',
    {
      tbName: 'gbksdc0101',
      data: {
        code_project4: 'KH-BD01',
        time_submit: new Date().toISOString(),
        gps_long: 118.38,
        gps_lat: 29.14,
        kssl: 2,
        shuzhong: '黑松',
        dcfs: '无人机',
        pic_tree: [fileId],
        beizhu: note,
      },
    },
    token,
  );
}

useServer(async (s, b) => {
  server = s;
  browser = b;
  await seedRecordOfSectionManager();
});

const button = (scope: Page | ReturnType<Page['locator']>, chars: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...chars].join('\\s*')}$`) });

/** The number on the bell's badge (0 when it shows none). */
async function badge(page: Page): Promise<number> {
  const count = page.getByTestId('notice-bell').locator('.ant-scroll-number');
  if (!(await count.count())) return 0;
  const title = await count.first().getAttribute('title');
  return Number(title ?? 0);
}

it('a record sent back shows a notice to its collector in real time in a second browser page', async () => {
  // Browser page 1: the collector (section manager) is signed in, looking at his dashboard.
  const collector = await newPage(browser, { width: 1440, height: 900 });
  await collector.goto(`${server.url}/messageCenter`);
  await signIn(collector, 'demo_bd', demoPassword, 'KH2026', '/messageCenter');
  const bell = collector.getByTestId('notice-bell');
  await bell.waitFor();
  // The stream is up (the bell says so once its first event arrived).
  await expect.poll(() => bell.getAttribute('data-live'), { timeout: 30_000 }).toBe('yes');
  const before = await badge(collector);

  // Browser page 2 (another browser context): the supervisor sends the record back.
  const reviewer = await newPage(browser, { width: 1440, height: 900 });
  await reviewer.goto(`${server.url}${table}`);
  await signIn(reviewer, 'demo_jianli', demoPassword, 'KH2026', table);
  const filters = reviewer.getByTestId('record-filters');
  await filters.getByLabel(/关键字/).fill(note);
  await filters.getByLabel(/关键字/).press('Enter');
  const rows = reviewer.getByTestId('record-table').locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
  await button(rows.first(), '详情').click();
  const drawer = reviewer.getByTestId('record-drawer').last();
  await drawer.getByTestId('record-timeline').waitFor();
  await button(drawer, '退回').click();
  await reviewer.getByRole('dialog', { name: '退回修改' }).getByRole('textbox').fill(reason);
  await reviewer.getByTestId('review-ok').click();
  await drawer.getByTestId('history-returned').waitFor();

  // Page 1, without a reload: the badge counts one more, a pop-up says what happened, and the
  // open message centre lists it.
  await expect.poll(() => badge(collector), { timeout: 30_000 }).toBe(before + 1);
  await collector.locator('.ant-notification-notice', { hasText: reason }).waitFor({ timeout: 30_000 });
  const row = collector.locator('tbody tr.ant-table-row', { hasText: reason });
  await row.waitFor({ timeout: 30_000 });
  await expect.poll(() => row.innerText()).toContain('记录退回');
  await expect.poll(() => row.getAttribute('data-read')).toBe('no');
  await snap(collector, 'messages-01-notice-arrived');

  // Filter by kind, then mark all read: the badge goes.
  await collector.getByTestId('notice-kind').click();
  await collector
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: '记录退回',
    })
    .first()
    .click();
  await expect.poll(() => collector.locator('tbody tr.ant-table-row').count()).toBe(1);
  await collector.getByTestId('notice-read-all').click();
  await expect.poll(() => badge(collector), { timeout: 30_000 }).toBe(0);
  await expect.poll(() => row.getAttribute('data-read')).toBe('yes');
  await snap(collector, 'messages-02-read');

  // The notice's link opens the record's table.
  await button(row, '查看').click();
  await expect.poll(() => pathOf(collector)).toMatch(/^\/dataView\/gbksdc0101/);
});
