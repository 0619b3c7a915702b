import { clientPasswordHash } from '@pineguard/contract';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, type RunningServer, snap } from './harness.ts';
import { apiSignIn, demoPassword, openFromSidebar, sidebarLink, signIn, tab, useServer } from './journeys.ts';

/** Issue 12, items 10–15: the administration screens as a project administrator meets them. */

let server: RunningServer;
let browser: Browser;
const pageErrors: string[] = [];
useServer((s, b) => {
  server = s;
  browser = b;
});

async function signedIn(account: string, password: string, path: string, project = 'KH2026'): Promise<Page> {
  const page = await newPage(browser, { width: 1440, height: 900 });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${server.url}${path}`);
  await signIn(page, account, password, project, path);
  await page.locator(`[data-page="${path}"]`).waitFor({ state: 'visible' });
  return page;
}

it('invitation: an expiry picked without OK is kept; 作废 says 已作废; the audit log says it all in Chinese sentences', async () => {
  const page = await signedIn('demo_admin', demoPassword, '/users/userInvitation');
  await page.getByRole('button', { name: /生成邀请码/ }).click();
  const dialog = page.getByRole('dialog', { name: '生成邀请码' });
  await dialog.getByLabel('角色').click();
  await page.locator('.ant-select-item-option', { hasText: '监理' }).click();
  await dialog.getByLabel('有效期至').click();
  await page.locator('.ant-picker-header-next-btn').first().click();
  await page.locator('.ant-picker-cell-in-view', { hasText: /^15$/ }).first().click();
  // No OK in the picker: straight to the dialog's 确定.
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const code = await page.getByTestId('new-invite-code').innerText();
  await page
    .getByRole('button', { name: /知道了|确\s*定|OK/ })
    .last()
    .click();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect.poll(() => row.innerText()).not.toContain('长期有效');
  await snap(page, 'admin-01-invitation-expiry-kept');
  await row.getByRole('button', { name: /作\s*废/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await page.getByText('已作废').first().waitFor();
  expect(await page.getByText('删除成功').count()).toBe(0);

  // Reset a password, then read the audit log.
  await page.goto(`${server.url}/system/accountList`);
  await page.locator('[data-page="/system/accountList"]').waitFor({ state: 'visible' });
  const worker = page.getByRole('row', { name: /demo_worker/ });
  await worker.getByRole('button', { name: /重置密码/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  const told = page.getByTestId('temporary-password');
  await told.waitFor();
  const password = (await told.locator('code').innerText()).trim();
  expect((await told.innerText()).split(password)).toHaveLength(2);
  await page
    .getByRole('button', { name: /知道了|确\s*定|OK/ })
    .last()
    .click();
  await page.getByRole('tab', { name: '操作日志' }).click();
  const log = page.getByTestId('audit-log');
  await log.getByText('重置了用户 徐长根（demo_worker）的密码').waitFor();
  await log.getByText(`作废了邀请码 ${code}`).waitFor();
  await log.getByText(new RegExp(`生成邀请码 ${code}（角色：监理）`)).waitFor();
  const text = await log.innerText();
  expect(text).not.toMatch(/password reset|registered with|role \d/);
  await log
    .getByRole('row', { name: new RegExp(`生成邀请码 ${code}`) })
    .getByRole('button')
    .first()
    .click();
  await log.getByTestId('audit-changes').waitFor();
  expect(await log.getByTestId('audit-changes').innerText()).not.toContain('{');
  await snap(page, 'admin-02-audit-log-zh');
  // English: the same rows in English words.
  await page.locator('.pg-lang-name').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await log.getByText('reset the password of 徐长根 (demo_worker)').waitFor();
  await snap(page, 'admin-02b-audit-log-en');
  expect(pageErrors).toEqual([]);
});

it('menus: a parent is not promised to go with its children; no child under an external link; the dialog fits', async () => {
  const page = await signedIn('admin', 'admin123', '/system/menu');
  const add = async (title: string, path: string, parent?: string) => {
    if (parent)
      await page
        .getByRole('row', { name: new RegExp(parent) })
        .getByRole('button', { name: '新增子项' })
        .click();
    else await page.getByRole('button', { name: /新增顶级资源/ }).click();
    const dialog = page.getByRole('dialog').last();
    await dialog.getByLabel('标题（中文）').fill(title);
    await dialog.getByLabel('路径').fill(path);
    const box = await dialog.boundingBox();
    expect(box!.y + box!.height).toBeLessThan(900);
    await snap(page, `admin-03-menu-dialog-${title}`);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page
      .getByRole('cell', { name: new RegExp(title) })
      .first()
      .waitFor();
  };
  await add('巡查台账', '/ledger');
  await add('外部帮助', 'https://example.org/help');
  await page
    .getByRole('row', { name: /巡查台账/ })
    .getByRole('button', { name: '新增子项' })
    .click();
  const dialog = page.getByRole('dialog').last();
  await dialog.getByLabel('标题（中文）').fill('台账明细');
  await dialog.getByLabel('路径').fill('detail');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(
    await page
      .getByRole('row', { name: /外部帮助/ })
      .getByRole('button', { name: '新增子项' })
      .count(),
  ).toBe(0);
  await page
    .getByRole('row', { name: /巡查台账/ })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  const confirm = page.locator('.ant-popconfirm');
  await confirm.getByText('“巡查台账”下还有 1 个子项，请先删除子项。').waitFor();
  expect(await confirm.getByRole('button', { name: /确\s*定/ }).isDisabled()).toBe(true);
  await snap(page, 'admin-04-menu-parent-delete');
  expect(pageErrors).toEqual([]);
});

it('roles: deleting the role open in the editor says 删除成功 alone; the review list is fresh on return to its tab', async () => {
  const page = await signedIn('demo_admin', demoPassword, '/system/roles');
  await page.getByRole('button', { name: /新增角色/ }).click();
  const editor = page.getByTestId('role-editor');
  await editor.getByLabel('角色名称').fill('临时角色');
  await editor.getByTestId('save-role').click();
  await page.getByText('保存成功').first().waitFor();
  await editor.getByText('编辑角色：临时角色').waitFor();
  await page
    .getByRole('row', { name: /临时角色/ })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await page.getByText('删除成功').first().waitFor();
  await page.getByRole('row', { name: /临时角色/ }).waitFor({ state: 'detached' });
  await snap(page, 'admin-05-role-deleted');
  expect(await page.getByText('资源不存在').count()).toBe(0);
  expect(await editor.innerText()).not.toContain('左侧');

  // The review list, left in a kept-alive tab, shows a registration made meanwhile on return.
  // Expand 用户管理 only if it is closed (a click on an open group folds it away mid-animation).
  if (!(await sidebarLink(page, '用户审核').isVisible())) {
    await page.getByTestId('sidebar').getByText('用户管理', { exact: true }).click();
  }
  await sidebarLink(page, '用户审核').waitFor();
  await openFromSidebar(page, '用户审核', '/users/verifyPage');
  const pending = page.locator('[data-page="/users/verifyPage"]');
  expect(await pending.getByText('e2e_newcomer').count()).toBe(0);
  await openFromSidebar(page, '用户列表', '/users/userList');
  const token = await apiSignIn(server, 'demo_admin');
  const roles = await api<{ id: number; code: string }[]>(server, '/api/common/role', undefined, token);
  const invite = await api<{ code: string }>(
    server,
    '/api/user/insertInvite',
    { roleId: roles.find((r) => r.code === 'supervisor')!.id },
    token,
  );
  await api(server, '/api/user/register', {
    account: 'e2e_newcomer',
    password: clientPasswordHash('newcomer1'),
    name: '新来的',
    code: invite.code,
  });
  await tab(page, '/users/verifyPage').click();
  await pending.getByText('e2e_newcomer').waitFor();
  await snap(page, 'admin-06-review-fresh-on-return');
  expect(pageErrors).toEqual([]);
});
