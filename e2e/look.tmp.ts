import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const [account, password, project] = (process.env.WHO ?? 'admin,admin123,KH2026').split(',');
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
await page.goto(`${base}/login`);
await page.getByLabel('账号').fill(account!);
await page.getByLabel('密码').fill(password!);
await page.getByRole('button', { name: /^登\s*录$/ }).click();
await page.waitForURL(/selectProject/);
await page.getByText(`（${project}）`).click();
await page.getByRole('button', { name: '进入项目' }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/selectProject'));
for (const p of paths) {
  const [path, tab] = p.split('#');
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  if (tab) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
  }
  await page.waitForTimeout(500);
  const name = p.replace(/[^a-zA-Z0-9\u4e00-\u9fa5]+/g, '_');
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  console.log('shot', name);
}
await browser.close();
