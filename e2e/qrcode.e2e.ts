import { readFileSync } from 'node:fs';
import type { QrItem } from '@pineguard/contract';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, newPage, type RunningServer, snap } from './harness.ts';
import { apiSignIn, apiUploadPhoto, demoPassword, signIn, useServer } from './journeys.ts';

/**
 * The QR tags journey (issue 15): a project administrator generates a batch on /qrcode/list,
 * exports its A4 label sheet (a PDF with the right page count), a felling record names one of
 * the tags, and /q/<code> shows the chain to the member and only the state to a stranger.
 */
let server: RunningServer;
let browser: Browser;
const list = '/qrcode/list';
const batch = '开化e2e批次';
useServer((s, b) => {
  server = s;
  browser = b;
});

const button = (scope: Page | ReturnType<Page['locator']>, chars: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...chars].join('\\s*')}$`) });

/** A felling record naming `code`, entered through the API with a photo drawn by the browser. */
async function fell(page: Page, code: string): Promise<void> {
  const token = await apiSignIn(server, 'demo_admin');
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#7a5230';
    g.fillRect(0, 0, 320, 240);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  const photo = await apiUploadPhoto(server, token, Buffer.from(jpeg.split(',')[1] ?? '', 'base64'), {
    name: 'stump.jpg',
    type: 'image/jpeg',
  });
  await api(
    server,
    '/api/sync/uploadData4PC',
    {
      tbName: 'gbcfcz0101',
      data: {
        code_project4: 'KH-BD01',
        time_submit: new Date().toISOString(),
        gps_long: 118.38,
        gps_lat: 29.14,
        qrcode: code,
        shuzhong: '马尾松',
        xiongjing: 22,
        dungao: 4,
        multi_fzcl: '剥皮,覆膜',
        pic_before: [photo],
        pic_stump: [photo],
        pic_treated: [photo],
      },
    },
    token,
  );
}

it('generate a batch, export its label PDF, fell a tagged tree and scan the tag', async () => {
  const page = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${server.url}${list}`);
  await signIn(page, 'demo_admin', demoPassword, 'KH2026', list);

  // Generate 30 tags in a new batch for section KH-BD01.
  await button(page, '批量生成').click();
  const dialog = page.getByRole('dialog', { name: '批量生成二维码' });
  await dialog.getByLabel('批次名称').fill(batch);
  await dialog.getByLabel('生成数量').fill('30');
  await dialog.getByLabel('编号前缀').fill('KH');
  await button(dialog, '生成').click();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.ant-tree-title', { hasText: `${batch}（30）` }).waitFor();
  const rows = page.locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10);
  await expect.poll(() => rows.first().innerText()).toContain('未使用');
  await snap(page, 'qrcode-01-list');

  // Export the label sheet: 30 labels at 24 a page make two A4 pages.
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, '导出标签 PDF').click()]);
  expect(download.suggestedFilename()).toBe(`二维码_KH2026_${batch}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);

  // A felling record names the first tag; the list shows it felled.
  const token = await apiSignIn(server, 'demo_admin');
  const tags = await api<{ rows: QrItem[] }>(
    server,
    '/api/qrInfo/list',
    { keyWords: '', pageSize: 100 },
    token,
  );
  const code = tags.rows.find((r) => r.flagName === batch)!.code;
  await fell(page, code);
  await button(page, '查询').click();
  await expect
    .poll(() => page.locator('tbody tr.ant-table-row', { hasText: code }).innerText())
    .toContain('已采伐');

  // The member scanning it sees the felling record with its photos.
  await page.goto(`${server.url}/q/${code}`);
  await page.getByTestId('scan-valid').waitFor();
  const felling = page.getByTestId('chain-gbcfcz0101');
  await felling.waitFor();
  await expect.poll(() => felling.innerText()).toContain('马尾松');
  await expect.poll(() => felling.locator('img').count()).toBe(3);
  await snap(page, 'qrcode-02-scan-member');

  // A stranger's phone: valid and felled, nothing more.
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto(`${server.url}/q/${code.toLowerCase()}`);
  await phone.getByTestId('scan-valid').waitFor();
  await expect.poll(() => phone.getByTestId('scan-valid').innerText()).toContain('已采伐');
  expect(await phone.getByTestId('chain-gbcfcz0101').count()).toBe(0);
  await snap(phone, 'qrcode-03-scan-anonymous');
  await phone.goto(`${server.url}/q/KH-0000000000X`);
  await phone.getByText('无效的二维码').waitFor();
  await phone.context().close();
  await page.context().close();
});
