import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
await page.goto(`${base}/login`);
await page.getByLabel('账号').fill('admin');
await page.getByLabel('密码').fill('admin123');
await page.getByRole('button', { name: /^登\s*录$/ }).click();
await page.waitForURL(/selectProject/);
await page.getByText(`（KH2026）`).click();
await page.getByRole('button', { name: '进入项目' }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/selectProject'));
await page.goto(`${base}/projectSys`);
await page
  .getByRole('row', { name: /JS2026/ })
  .getByRole('button', { name: '人员' })
  .click();
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shots/drawer.png' });
console.log(
  await page
    .locator('.ant-drawer')
    .first()
    .evaluate((e) => e.outerHTML.slice(0, 1500)),
);
await browser.close();
