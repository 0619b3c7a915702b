import type { Browser, Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, pathOf, type RunningServer, snap } from './harness.ts';
import { chooseProject, demoPassword, fillLogin, signIn, useServer } from './journeys.ts';

let server: RunningServer;
let browser: Browser;
useServer((s, b) => {
  server = s;
  browser = b;
});

const save = /^保\s*存$/;
const projectName = '淳安县2026年度松材线虫病防治项目';

function dialog(page: Page, title: string | RegExp) {
  return page.getByRole('dialog', { name: title });
}

/** Whether `locator` shows within 5 s (a missed click's retry asks this before clicking again). */
const shows = (locator: Locator) =>
  locator.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  );

/** Picks an option of the open antd Select dropdown. */
async function pickOption(page: Page, text: string | RegExp) {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: text,
    })
    .first()
    .click();
}

/**
 * Chooses `option` in the single select labelled `label` inside `scope`, and sees it chosen: under
 * CI load a click can land while the list still slides in and not be taken, so the choice is
 * made again (list closed first) until the select shows it.
 */
async function choose(page: Page, scope: Locator, label: string, option: string, search?: string) {
  const select = scope.locator('.ant-select', { has: page.getByLabel(label) });
  const openList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  for (let attempt = 1; ; attempt++) {
    // Open the list unless a missed click left it open (a click on the select would close it).
    // A searched select opens on typing; its options are replaced as each search answers.
    if (!(await openList.isVisible())) {
      if (search) await scope.getByLabel(label).fill(search);
      else await scope.getByLabel(label).click();
    }
    await pickOption(page, option);
    const taken = await shows(select.filter({ hasText: option }));
    if (taken) return;
    if (attempt === 3) throw new Error(`${label}: ${option} was not taken`);
  }
}

/**
 * Clicks through the open cascader's columns. A click that lands while the menu still slides in is
 * not taken (a loaded run lost 浙江省 and waited 30 s for 杭州市): it is made again until the next
 * column shows.
 */
async function cascade(page: Page, path: string[]) {
  const item = (text: string) => page.locator('.ant-cascader-menu-item', { hasText: text });
  for (const [i, text] of path.entries()) {
    const next = path[i + 1];
    for (let attempt = 1; ; attempt++) {
      await item(text).click();
      if (next === undefined) break;
      if (await shows(item(next))) break;
      if (attempt === 3) throw new Error(`${text} did not open ${next}`);
    }
  }
}

async function addSection(page: Page, code: string, name: string, townships: number[]) {
  await page.getByRole('button', { name: '新增标段' }).click();
  const d = dialog(page, '新增标段');
  await d.getByLabel('标段编码').fill(code);
  await d.getByLabel('标段名称').fill(name);
  await d.getByLabel('施工单位').fill('淳安县绿源林业工程有限公司');
  // Keyboard picks: the dialog stays mounted, so earlier dropdowns linger in the DOM.
  const manager = d.getByLabel('负责人');
  await manager.fill('余志强');
  await page.getByTitle('余志强（demo_bd）').last().waitFor();
  await manager.press('Enter');
  const areas = d.getByLabel('乡镇（街道）');
  await areas.click();
  await page.getByTitle('千岛湖镇').last().waitFor();
  let at = 0;
  for (const i of townships) {
    for (; at < i; at++) await areas.press('ArrowDown');
    await areas.press('Enter');
  }
  await d.getByLabel('计划株数').fill('1200');
  await d.getByLabel('计划材积（m³）').fill('350.5');
  await snap(page, `projects-section-dialog-${code}`);
  // The footer's primary button (保存): on a reopened modal its accessible name is not exposed.
  await d.locator('.ant-modal-footer .ant-btn-primary').click();
  await d.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name, exact: true }).waitFor();
}

it('super admin creates a project in 淳安县, adds two sections and a measure, assigns a manager who sees it', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/projectSys`);
  await signIn(page, 'admin', 'admin123', 'KH2026', '/projectSys');

  // The project list: demo projects with their areas and measures.
  const kh = page.getByRole('row', { name: /KH2026/ });
  await kh.waitFor();
  await expect.poll(() => kh.innerText()).toMatch(/浙江省.*衢州市.*开化县/);
  await snap(page, 'projects-01-list');

  // Create: code, name, county from the cascader (province → city → county).
  await page.getByRole('button', { name: '新建项目' }).click();
  const add = dialog(page, '新建项目');
  await add.getByLabel('项目编码').fill('CA2026');
  await add.getByLabel('项目名称').fill(projectName);
  await add.getByLabel('所在县（区）').click();
  await cascade(page, ['浙江省', '杭州市', '淳安县']);
  await add.getByLabel('业主单位').fill('淳安县林业局');
  await snap(page, 'projects-02-add-dialog');
  await add.getByRole('button', { name: save }).click();
  await add.waitFor({ state: 'hidden' });
  const row = page.getByRole('row', { name: /CA2026/ });
  await row.waitFor();
  await expect.poll(() => row.innerText()).toMatch(/浙江省.*杭州市.*淳安县/);

  // Control measures: each shows the standard table it brings.
  await row.getByRole('button', { name: '防治措施' }).click();
  const measures = dialog(page, /设置防治措施/);
  await measures.getByText('标准表：疫木焚烧').waitFor();
  await measures.getByRole('checkbox', { name: /疫木焚烧/ }).check();
  await snap(page, 'projects-04-measures');
  await measures.getByRole('button', { name: save }).click();
  await measures.waitFor({ state: 'hidden' });
  await row.getByText('疫木焚烧').waitFor();

  // People: an existing account (a section manager in 开化县) becomes the new project's administrator.
  await row.getByRole('button', { name: '人员' }).click();
  const people = dialog(page, `项目人员：${projectName}`);
  await people.getByText('（尚无管理员）').waitFor();
  await people.getByRole('button', { name: '添加人员' }).click();
  const addPeople = dialog(page, /添加人员/);
  // The project administrator role is offered first: a new project needs its administrator.
  await expect.poll(() => addPeople.getByLabel('授予角色').locator('..').innerText()).toContain('项目管理员');
  // A loaded run once clicked the option while a later search's answer replaced the list: the
  // pick was lost and 保存 was refused (both tries of a full run).
  await choose(page, addPeople, '账号', '余志强（demo_bd）', 'demo_bd');
  await snap(page, 'projects-03-add-people');
  await addPeople.locator('.ant-modal-footer .ant-btn-primary').click();
  await addPeople.waitFor({ state: 'hidden' });
  await people.getByTestId('project-managers').getByText('余志强（demo_bd）').waitFor();
  await people.getByRole('cell', { name: 'demo_bd', exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => row.innerText()).toMatch(/\b1\b/);

  // Enter the new project.
  await page.goto(`${server.url}/selectProject`);
  await chooseProject(page, 'CA2026');
  await expect.poll(() => pathOf(page)).not.toMatch(/^\/selectProject/);

  // Project settings: two sections with the manager and townships of 淳安县.
  await page.goto(`${server.url}/projectCenter/CA2026`);
  await page.getByTestId('project-center').getByText(`${projectName}（CA2026）`).waitFor();
  await page.getByRole('tab', { name: '标段' }).click();
  await page.getByText('暂无标段').waitFor();
  await addSection(page, 'BD01', '千岛湖一标段', [0, 1]);
  await addSection(page, 'BD02', '千岛湖二标段', [2]);
  await expect.poll(() => page.getByRole('row', { name: /余志强/ }).count()).toBe(2);
  await snap(page, 'projects-05-sections');

  await page.getByRole('tab', { name: '人员' }).click();
  await page.getByTestId('project-managers').getByText('余志强（demo_bd）').waitFor();
  await page.getByRole('tab', { name: '防治措施' }).click();
  await page.getByText('gbymfs0101', { exact: true }).waitFor();
  await snap(page, 'projects-06-measures-tab');
  await page.getByRole('tab', { name: '存储用量' }).click();
  await page.getByText('暂无文件').waitFor();
  await page.context().close();

  // The manager signs in, selects the project and sees it.
  const manager = await newPage(browser);
  await manager.goto(`${server.url}/projectCenter/CA2026`);
  await fillLogin(manager, 'demo_bd', demoPassword);
  await chooseProject(manager, 'CA2026');
  await expect.poll(() => pathOf(manager)).toBe('/projectCenter/CA2026');
  await manager.getByTestId('project-center').getByText(`${projectName}（CA2026）`).waitFor();
  await manager.getByRole('tab', { name: '标段' }).click();
  await manager.getByRole('cell', { name: '千岛湖二标段', exact: true }).waitFor();
  await snap(manager, 'projects-07-manager-sees-project');
  await manager.context().close();
});

it('standards: add a column, see it in the live preview, retire it; reporting factor added to a table', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}/dataSys`);
  await signIn(page, 'admin', 'admin123', 'KH2026', '/dataSys');
  await page.getByTestId('table-gbymfs0101').click();
  await page.getByText('疫木焚烧').first().waitFor();
  const preview = page.getByTestId('form-preview');
  await preview.waitFor();

  // The column dialog checks the server's rules as you type.
  await page.getByRole('button', { name: '新增字段' }).click();
  const d = dialog(page, '新增字段');
  await choose(page, d, '输入类型', '照片');
  await d.getByLabel('字段编码').fill('site_photo');
  await d.getByLabel('名称').fill('焚烧现场照片');
  await d.getByRole('button', { name: save }).click();
  await d.getByText('照片字段的编码须以 pic_ 开头').waitFor();
  await snap(page, 'standards-01-prefix-rule');
  await choose(page, d, '输入类型', '数字');
  await d.getByLabel('字段编码').fill('burn_hours');
  await d.getByLabel('名称').fill('焚烧时长');
  await d.getByLabel('最小值').fill('10');
  await d.getByLabel('最大值').fill('1');
  await d.getByText('最小值不能大于最大值').waitFor();
  await d.getByLabel('最大值').fill('48');
  await d.getByLabel('单位').fill('小时');
  await d.getByRole('checkbox', { name: '必填' }).check();
  await d.getByRole('button', { name: save }).click();
  await d.waitFor({ state: 'hidden' });
  await page.getByRole('cell', { name: 'burn_hours' }).waitFor();
  await preview.getByText('焚烧时长').waitFor();
  await preview.getByText('小时').waitFor();
  await preview.getByRole('button', { name: /校\s*验/ }).click();
  await preview.getByText('请填写焚烧时长').waitFor();
  await snap(page, 'standards-02-column-and-preview');

  // Retiring keeps it listed (tagged) and drops it from the form.
  const newRow = page.getByRole('row', { name: /burn_hours/ });
  await newRow.getByRole('button', { name: '停用' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await newRow.getByText('已停用').waitFor();
  await expect.poll(() => preview.getByText('焚烧时长').count()).toBe(0);

  // Reporting factors: add one, copy it into the trap-monitoring table.
  await page.goto(`${server.url}/dataSys/yinzi`);
  // The demo ships common factors.
  await page
    .getByRole('row', { name: /weather/ })
    .getByText('天气', { exact: true })
    .waitFor();
  await page.getByRole('button', { name: '新增因子' }).click();
  const f = dialog(page, '新增因子');
  await choose(page, f, '输入类型', '单选');
  await f.getByLabel('字段编码').fill('youxin');
  await f.getByLabel('名称').fill('诱芯类型');
  await f.getByRole('button', { name: '添加选项' }).click();
  await f.getByLabel('值').fill('apf1');
  await f.getByLabel('显示名称').fill('APF-Ⅰ型');
  await f.getByRole('button', { name: save }).click();
  await f.waitFor({ state: 'hidden' });
  const factor = page.getByRole('row', { name: /youxin/ });
  await factor.getByRole('button', { name: '加入标准表' }).click();
  const toTable = dialog(page, /加入标准表/);
  await toTable.getByLabel('标准表').click();
  await pickOption(page, 'gbycjc0101');
  await toTable.getByRole('button', { name: save }).click();
  await toTable.waitFor({ state: 'hidden' });
  await snap(page, 'standards-03-factors');
  const tables = await api<{ code: string; columns: { code: string }[] }[]>(
    server,
    '/api/standard/list',
    undefined,
    await page.evaluate(() => localStorage.getItem('Admin-Token') ?? ''),
  );
  expect(tables.find((t) => t.code === 'gbycjc0101')?.columns.map((c) => c.code)).toContain('youxin');
  await page.context().close();
});
