import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { chooseProject, demoPassword, fillLogin, signIn, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

async function signedIn(account: string, path: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${server.url}${path}`);
  await signIn(page, account, demoPassword, 'KH2026', path);
  await page.locator(`[data-page="${path}"]`).waitFor({ state: 'visible' });
  return page;
}

const sidebarLinks = (page: Page) => page.getByTestId('sidebar').getByRole('link').allInnerTexts();

it('a role with a subset of menus: the user sees exactly those and reaches nothing else', async () => {
  // The project administrator creates the role: the user list and the GIS map only.
  const admin = await signedIn('demo_admin', '/system/roles');
  await admin.getByRole('button', { name: /新增角色/ }).click();
  const editor = admin.getByTestId('role-editor');
  await editor.getByLabel('角色名称').fill('巡查员');
  await editor.getByLabel('描述').fill('只看用户列表和地图');
  await editor.getByRole('checkbox', { name: '查看文件' }).check();
  const grants = editor.getByTestId('menu-grants');
  await grants.locator('.ant-tree-treenode', { hasText: '用户列表' }).locator('.ant-tree-checkbox').click();
  await grants.locator('.ant-tree-treenode', { hasText: 'GIS地图' }).locator('.ant-tree-checkbox').click();
  await snap(admin, 'users-roles-01-role-editor');
  await editor.getByTestId('save-role').click();
  await admin.getByText('保存成功').first().waitFor();
  await admin.getByRole('cell', { name: /巡查员/ }).waitFor();

  // …and a user holding it.
  await admin.goto(`${server.url}/users/userList`);
  await admin.locator('[data-page="/users/userList"]').waitFor({ state: 'visible' });
  await admin.getByRole('button', { name: /新增用户/ }).click();
  const dialog = admin.getByRole('dialog', { name: '新增用户' });
  await dialog.getByLabel('账号').fill('xuncha01');
  await dialog.getByLabel('密码').fill(demoPassword);
  await dialog.getByLabel('姓名').fill('巡查一号');
  await dialog.getByLabel('手机号').fill('13912345678');
  await dialog.getByLabel('角色').click();
  await admin.locator('.ant-select-item-option', { hasText: '巡查员' }).click();
  // Close the role dropdown before saving.
  await dialog.locator('.ant-modal-title').click();
  await admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await admin.getByRole('cell', { name: 'xuncha01' }).waitFor();
  await snap(admin, 'users-roles-02-user-added');
  await admin.context().close();

  // The user signs in and sees exactly the granted menus.
  const page = await newPage(browser);
  await page.goto(`${server.url}/`);
  await fillLogin(page, 'xuncha01', demoPassword);
  // Their only project is chosen at once.
  await chooseProject(page, 'KH2026');
  await expect.poll(() => pathOf(page)).toBe('/dashboard');
  await expect.poll(() => sidebarLinks(page)).toEqual(['GIS地图', '用户列表']);
  await snap(page, 'users-roles-03-limited-sidebar');

  // Another screen by URL: the guard sends it to /401 (it exists, this role may not open it).
  await page.goto(`${server.url}/system/roles`);
  await expect.poll(() => pathOf(page)).toBe('/401');
  await page.goto(`${server.url}/users/verifyPage`);
  await expect.poll(() => pathOf(page)).toBe('/401');
  await snap(page, 'users-roles-04-unauthorised');
  // The granted one opens.
  await page.goto(`${server.url}/users/userList`);
  await expect.poll(() => pathOf(page)).toBe('/users/userList');

  // …and by API: the server refuses with 40300.
  const codes = await page.evaluate(async () => {
    const token = localStorage.getItem('Admin-Token') ?? '';
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ code: number }>);
    return [
      (await post('/api/user/listInvite', { pageNum: 1, pageSize: 10 })).code,
      (await post('/api/auth/updateRole', { name: 'x', permissions: [], menuIds: [] })).code,
      (await post('/api/user/userList', { pageNum: 1, pageSize: 10 })).code,
    ];
  });
  expect(codes).toEqual([40300, 40300, 40300]);
  await page.context().close();
});

it('invitation codes: generate one and copy it', async () => {
  const page = await signedIn('demo_admin', '/users/userInvitation');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.getByRole('button', { name: /生成邀请码/ }).click();
  const dialog = page.getByRole('dialog', { name: '生成邀请码' });
  await dialog.getByLabel('角色').click();
  await page.locator('.ant-select-item-option', { hasText: '监理' }).click();
  await dialog.getByLabel('最多使用次数（可选）').fill('5');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const shown = page.getByTestId('new-invite-code');
  await shown.waitFor();
  const code = (await shown.innerText()).trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await snap(page, 'users-roles-05-invite-created');
  await shown.locator('.ant-typography-copy').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await page.getByRole('button', { name: /知道了|确\s*定|OK/ }).click();
  await page.getByRole('cell', { name: new RegExp(code) }).waitFor();
  await expect.poll(() => page.getByRole('row', { name: new RegExp(code) }).innerText()).toMatch(/0 \/ 5/);
  await snap(page, 'users-roles-06-invite-list');
  await page.context().close();
});
